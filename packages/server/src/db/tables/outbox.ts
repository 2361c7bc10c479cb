import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** The dev outbox's captured messages (`outbox/outbox-store.ts`). */
export interface OutboxTables {
  outbox_messages: OutboxMessagesTable;
  message_queue: MessageQueueTable;
}

/** Channel of a captured outgoing message. */
export type OutboxChannel = 'email' | 'sms';

/** Row of `outbox_messages`: e-mails and SMS captured by the dev outbox. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** A stored outbox message as read from the database. */
export type OutboxMessageRow = Selectable<OutboxMessagesTable>;
/** An outbox message as written to the database. */
export type NewOutboxMessage = Insertable<OutboxMessagesTable>;

/** Where a queued message is: waiting for (another) attempt, handed to the transport, or given up. */
export type QueuedMessageStatus = 'queued' | 'sent' | 'failed';

/** Row of `message_queue`: an e-mail or SMS queued with the change that caused it (`outbox/message-queue.ts`). */
export interface MessageQueueTable {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** What the message is about (e.g. a signer's personal link), so its state can be shown; null for none. */
  reference: string | null;
  status: QueuedMessageStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  /** A delivery round holds the row until then; null when nobody does. */
  leased_until: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}
