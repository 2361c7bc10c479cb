export { SupportReplyForm, type SupportReplyFormProps } from './SupportReplyForm';
