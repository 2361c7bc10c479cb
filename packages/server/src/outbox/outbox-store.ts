import type { Kysely } from 'kysely';
import type { Database, OutboxChannel } from '../db/schema.js';
import type { Mailer, SmsSender } from './messages.js';

/** One captured message, as the dev outbox shows it. */
export interface OutboxEntry {
  id: number;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
}

/** A {@link Mailer} that stores e-mails in `outbox_messages` instead of sending them. */
export function createOutboxMailer(db: Kysely<Database>): Mailer {
  return {
    async send(message) {
      await db
        .insertInto('outbox_messages')
        .values({ channel: 'email', recipient: message.to, subject: message.subject, body: message.text })
        .execute();
    },
  };
}

/** An {@link SmsSender} that stores SMS in `outbox_messages` instead of sending them. */
export function createOutboxSmsSender(db: Kysely<Database>): SmsSender {
  return {
    async send(message) {
      await db
        .insertInto('outbox_messages')
        .values({ channel: 'sms', recipient: message.to, subject: null, body: message.text })
        .execute();
    },
  };
}

/** Captured messages, newest first. */
export async function listOutbox(
  db: Kysely<Database>,
  options: { limit?: number; recipient?: string } = {},
): Promise<OutboxEntry[]> {
  let query = db
    .selectFrom('outbox_messages')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 100);
  if (options.recipient !== undefined) query = query.where('recipient', '=', options.recipient);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
