export {
  closeSupportConversation,
  createSupportIdentityToken,
  downloadSupportAttachment,
  getSupportConversation,
  getSupportOperatorStatus,
  listSupportConversationMessages,
  listSupportConversations,
  markSupportConversationRead,
  replySupportConversation,
  type SupportCallOptions,
  type SupportInboxListParams,
  type SupportMessagesParams,
  supportAttachmentUrl,
} from './supportApi';
export {
  type FollowSupportInboxOptions,
  followSupportInbox,
  openSupportEventStream,
  type SupportEventStream,
  type SupportEventStreamOptions,
  type SupportStreamConnection,
} from './supportEventStream';
export { $supportIdentity, type SupportIdentityState } from './supportIdentityStore';
export {
  $supportInbox,
  createSupportInboxStore,
  type SupportInboxState,
  type SupportInboxStore,
  type SupportInboxStoreOptions,
  type SupportLoadStatus,
  type SupportThreadState,
} from './supportInboxStore';
export {
  $supportOperator,
  type SupportOperatorState,
  type SupportOperatorStore,
} from './supportOperatorStore';
