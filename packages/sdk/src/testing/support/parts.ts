import type { createSupportAttachments } from './attachments';
import type { SupportConversations } from './conversations';
import type { SupportEvents } from './eventStreams';
import type { FakeSupportOptions } from './fakeSupport';
import type { SupportVisitors } from './visitors';

/** What the route modules of the support chat share. */
export interface SupportParts {
  options: FakeSupportOptions;
  events: SupportEvents;
  visitors: SupportVisitors;
  conversations: SupportConversations;
  attachments: ReturnType<typeof createSupportAttachments>;
}
