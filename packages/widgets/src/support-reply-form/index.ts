export { SupportReplyForm } from '../support-common/lazy-widgets';
export type { SupportReplyFormProps } from './SupportReplyForm';
