import {
  AppError,
  SUPPORT_MESSAGES_PER_MINUTE,
  type SupportAttachment,
  type SupportMessage,
} from '@qoltanba/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keepBlobs } from '../../files/pending-blobs.js';

type Db = Kysely<Database>;

const RATE_WINDOW_MS = 60_000;
const iso = (value: Date | string) => new Date(value).toISOString();

/** A file already in the blob store, to attach to a message. */
export interface NewAttachment {
  blobKey: string;
  name: string;
  contentType: SupportAttachment['contentType'];
  size: number;
  sha256: string;
}

/** Messages with their attachments' details, for {@link toMessage}. */
export function messagesQuery(db: Db | Transaction<Database>) {
  return db
    .selectFrom('support_messages as m')
    .leftJoin('support_attachments as a', 'a.id', 'm.attachment_id')
    .select([
      'm.id',
      'm.conversation_id',
      'm.author',
      'm.author_name',
      'm.text',
      'm.created_at',
      'a.id as attachment_id',
      'a.name as attachment_name',
      'a.content_type as attachment_type',
      'a.size as attachment_size',
    ]);
}
/** A row of {@link messagesQuery}. */
export type MessageRow = Awaited<ReturnType<ReturnType<typeof messagesQuery>['executeTakeFirstOrThrow']>>;

/** A message as the API answers it. */
export function toMessage(row: MessageRow): SupportMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    author: row.author,
    authorName: row.author_name,
    text: row.text,
    attachment:
      row.attachment_id === null
        ? null
        : {
            id: row.attachment_id,
            name: row.attachment_name ?? '',
            contentType: row.attachment_type as SupportAttachment['contentType'],
            size: row.attachment_size ?? 0,
          },
    createdAt: iso(row.created_at),
  };
}

/** The last message of each conversation given (conversations without one left out). */
export async function lastMessages(
  db: Db,
  conversationIds: readonly number[],
): Promise<Map<number, SupportMessage>> {
  if (conversationIds.length === 0) return new Map();
  const rows = await messagesQuery(db)
    .where('m.id', 'in', (eb) =>
      eb
        .selectFrom('support_messages')
        .select((inner) => inner.fn.max('id').as('id'))
        .where('conversation_id', 'in', conversationIds)
        .groupBy('conversation_id'),
    )
    .execute();
  return new Map(rows.map((row) => [row.conversation_id, toMessage(row)]));
}

/**
 * 429 RATE_LIMITED when the subject posted {@link SUPPORT_MESSAGES_PER_MINUTE} messages in the last minute, with
 * the seconds until the oldest of them leaves the window.
 */
export async function assertUnderRate(
  db: Db | Transaction<Database>,
  subject: string,
  now: Date,
): Promise<void> {
  const recent = await db
    .selectFrom('support_messages as m')
    .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<Date | string | null>`min(m.created_at)`.as('oldest'),
    ])
    .where('c.subject', '=', subject)
    .where('m.author', '=', 'visitor')
    .where('m.created_at', '>', new Date(now.getTime() - RATE_WINDOW_MS))
    .executeTakeFirstOrThrow();
  if (Number(recent.count) < SUPPORT_MESSAGES_PER_MINUTE) return;
  const oldest = recent.oldest ? new Date(recent.oldest).getTime() : now.getTime();
  const retryAfter = Math.max(1, Math.ceil((oldest + RATE_WINDOW_MS - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', { retryAfter });
}

/** A message to store (with its attachment's row when it has one). */
export interface NewMessage {
  author: SupportMessage['author'];
  authorUserId?: string;
  authorName?: string | null;
  text: string;
  attachment?: NewAttachment;
}

/** Stores a message, and its attachment first (its pending blob kept); answers it as the API does. */
export async function insertMessage(
  trx: Transaction<Database>,
  conversationId: number,
  message: NewMessage,
  now: Date,
): Promise<SupportMessage> {
  let attachmentId: number | null = null;
  if (message.attachment) {
    const { id } = await trx
      .insertInto('support_attachments')
      .values({
        conversation_id: conversationId,
        blob_key: message.attachment.blobKey,
        name: message.attachment.name,
        content_type: message.attachment.contentType,
        size: message.attachment.size,
        sha256: message.attachment.sha256,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await keepBlobs(trx, [message.attachment.blobKey]);
    attachmentId = id;
  }
  const { id } = await trx
    .insertInto('support_messages')
    .values({
      conversation_id: conversationId,
      author: message.author,
      author_user_id: message.authorUserId ?? null,
      author_name: message.authorName ?? null,
      text: message.text,
      attachment_id: attachmentId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return toMessage(await messagesQuery(trx).where('m.id', '=', id).executeTakeFirstOrThrow());
}
