import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** The notifications module's tables (`modules/notifications/`). */
export interface NotificationsTables {
  notifications: NotificationsTable;
  notification_mailboxes: NotificationMailboxesTable;
  notification_email_opt_outs: NotificationEmailOptOutsTable;
}

/** Where a notification's e-mail is: not wanted (or no address), waiting for its group, or queued in the outbox. */
export type NotificationEmailColumn = 'none' | 'pending' | 'sent';

/** Row of `notifications`: one user told of one event, in the context of one of the user's companies. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  company_bin: string;
  /** A core `NotificationEvent`. */
  event: string;
  document_id: number | null;
  document_name: string | null;
  party: string | null;
  reason: string | null;
  created_at: Timestamp;
  read_at: NullableTimestamp;
  email: NotificationEmailColumn;
}

/** A stored notification. */
export type NotificationRow = Selectable<NotificationsTable>;

/** Row of `notification_mailboxes`: when a user was last e-mailed notifications (locked while e-mailing). */
export interface NotificationMailboxesTable {
  user_id: string;
  last_emailed_at: NullableTimestamp;
}

/** Row of `notification_email_opt_outs`: an event the user wants no e-mail of. */
export interface NotificationEmailOptOutsTable {
  user_id: string;
  event: string;
}
