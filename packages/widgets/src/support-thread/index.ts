export { SupportThread } from '../support-common/lazy-widgets';
export type { SupportThreadProps } from './SupportThread';
