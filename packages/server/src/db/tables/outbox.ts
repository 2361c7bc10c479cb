import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** The dev outbox's captured messages (`outbox/outbox-store.ts`). */
export interface OutboxTables {
  outbox_messages: OutboxMessagesTable;
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
