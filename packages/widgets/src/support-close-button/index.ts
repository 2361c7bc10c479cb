export { SupportCloseButton, type SupportCloseButtonProps } from './SupportCloseButton';
