export { SupportConversationList } from '../support-common/lazy-widgets';
export type { SupportConversationListProps } from './SupportConversationList';
