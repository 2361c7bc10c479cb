export { CompanySwitcher, type CompanySwitcherActions, type CompanySwitcherProps } from './CompanySwitcher';
