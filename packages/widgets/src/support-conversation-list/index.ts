export { SupportConversationList, type SupportConversationListProps } from './SupportConversationList';
