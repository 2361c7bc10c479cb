// The support inbox widgets in one chunk, loaded on first render through `lazy-widgets.tsx`.

export { SupportCloseButton } from '../support-close-button/SupportCloseButton';
export { SupportConversationList } from '../support-conversation-list/SupportConversationList';
export { SupportReplyForm } from '../support-reply-form/SupportReplyForm';
export { SupportThread } from '../support-thread/SupportThread';
