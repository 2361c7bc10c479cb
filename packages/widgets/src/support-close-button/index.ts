export { SupportCloseButton } from '../support-common/lazy-widgets';
export type { SupportCloseButtonProps } from './SupportCloseButton';
