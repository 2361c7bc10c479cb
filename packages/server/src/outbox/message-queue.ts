import type { Kysely, Transaction } from 'kysely';
import type { Database, QueuedMessageStatus } from '../db/schema.js';
import type { EmailMessage, SmsMessage } from './messages.js';

type Db = Kysely<Database> | Transaction<Database>;

/** What a queued message is about, so the caller can show whether it went out (e.g. `signing-link:12:990101300123`). */
export interface EnqueueOptions {
  reference?: string;
  /** When the message was queued (the injected clock's time); now by default. */
  at?: Date;
}

/**
 * Queues an e-mail in the caller's transaction: it is delivered only if that transaction commits, and then surely
 * (the outbox job retries with back-off). Rendering stays with the caller. Answers the message id.
 *
 * @example await enqueueEmail(trx, { to, subject, text }, { reference: `signing-link:${documentId}:${iin}` });
 */
export async function enqueueEmail(
  db: Db,
  message: EmailMessage,
  options: EnqueueOptions = {},
): Promise<number> {
  return enqueue(db, 'email', message.to, message.subject, message.text, message.html ?? null, options);
}

/** Queues an SMS in the caller's transaction, as {@link enqueueEmail}. */
export async function enqueueSms(db: Db, message: SmsMessage, options: EnqueueOptions = {}): Promise<number> {
  return enqueue(db, 'sms', message.to, null, message.text, null, options);
}

async function enqueue(
  db: Db,
  channel: 'email' | 'sms',
  recipient: string,
  subject: string | null,
  body: string,
  html: string | null,
  options: EnqueueOptions,
): Promise<number> {
  const at = options.at ?? new Date();
  const row = await db
    .insertInto('message_queue')
    .values({
      channel,
      recipient,
      subject,
      body,
      html,
      reference: options.reference ?? null,
      status: 'queued',
      next_attempt_at: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Where the newest message of a reference is. */
export interface MessageDelivery {
  status: QueuedMessageStatus;
  attempts: number;
  queuedAt: Date;
  sentAt: Date | null;
  /** When the next attempt is due (queued only). */
  nextAttemptAt: Date | null;
}

/** The newest message of each reference that has one. */
export async function latestDeliveries(
  db: Db,
  references: readonly string[],
): Promise<Map<string, MessageDelivery>> {
  const found = new Map<string, MessageDelivery>();
  if (references.length === 0) return found;
  const rows = await db
    .selectFrom('message_queue')
    .select(['reference', 'status', 'attempts', 'created_at', 'sent_at', 'next_attempt_at'])
    .where('reference', 'in', [...references])
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    if (row.reference === null || found.has(row.reference)) continue;
    found.set(row.reference, {
      status: row.status,
      attempts: row.attempts,
      queuedAt: new Date(row.created_at),
      sentAt: row.sent_at ? new Date(row.sent_at) : null,
      nextAttemptAt: row.status === 'queued' ? new Date(row.next_attempt_at) : null,
    });
  }
  return found;
}

/** Sent and failed messages are kept this long (their delivery shows on the sender's document), then deleted. */
export const SETTLED_MESSAGE_RETENTION_DAYS = 90;

/**
 * Deletes messages sent or given up more than {@link SETTLED_MESSAGE_RETENTION_DAYS} ago (the housekeeping job), so
 * the queue holds what is due plus a window of history. Answers how many went.
 */
export async function purgeSettledMessages(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - SETTLED_MESSAGE_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const result = await db
    .deleteFrom('message_queue')
    .where('status', 'in', ['sent', 'failed'])
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
