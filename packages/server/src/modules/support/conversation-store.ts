import {
  AppError,
  type Lang,
  SUPPORT_MESSAGES_PER_MINUTE,
  type SupportAttachment,
  type SupportConversation,
  type SupportMessage,
  type SupportVisitorKind,
  supportSystemText,
} from '@qoltanba/core';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { Database, SupportConversationsTable } from '../../db/schema.js';
import { appendEvents, type EventNotice, type PendingEvent } from './event-store.js';
import { holdVisitor, visitorIdOf } from './visitor-store.js';

type Db = Kysely<Database>;
/** A stored conversation. */
export type ConversationRow = Selectable<SupportConversationsTable>;

/** Namespace (first key) of the per-subject advisory lock, apart from the job, migration and folder locks. */
const SUBJECT_LOCK_NAMESPACE = 0x53_75_70; // "Sup"
const RATE_WINDOW_MS = 60_000;

/** Who writes as the visitor, and what is known of them. */
export interface VisitorParty {
  subject: string;
  kind: SupportVisitorKind;
  name: string | null;
  email: string | null;
}

/** A file already in the blob store, to attach to a message. */
export interface NewAttachment {
  blobKey: string;
  name: string;
  contentType: SupportAttachment['contentType'];
  size: number;
  sha256: string;
}

/** What a change wrote: the message (if any) and the events to announce after commit. */
export interface Written<T> {
  value: T;
  notices: EventNotice[];
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** Serialises the writes of one subject (sending, claiming): one open conversation, an exact rate count. */
async function lockSubject(trx: Transaction<Database>, subject: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SUBJECT_LOCK_NAMESPACE}, hashtext(${subject}))`.execute(trx);
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

/** Messages of `author` after each conversation's read marker of the other side, by conversation. */
export async function unreadCounts(
  db: Db,
  conversationIds: readonly number[],
  side: 'visitor' | 'operator',
): Promise<Map<number, number>> {
  if (conversationIds.length === 0) return new Map();
  // The visitor's unread are operator messages past the visitor's marker; the operators' are visitor messages.
  const author = side === 'visitor' ? 'operator' : 'visitor';
  const marker = side === 'visitor' ? 'c.visitor_read_id' : 'c.operator_read_id';
  const rows = await db
    .selectFrom('support_conversations as c')
    .innerJoin('support_messages as m', 'm.conversation_id', 'c.id')
    .select(['c.id', sql<number>`count(*)::int`.as('unread')])
    .where('c.id', 'in', conversationIds)
    .where('m.author', '=', author)
    .whereRef('m.id', '>', marker)
    .groupBy('c.id')
    .execute();
  return new Map(rows.map((row) => [row.id, Number(row.unread)]));
}

/** A conversation as its visitor sees it, given its unread count. */
export function visitorConversationOf(row: ConversationRow, unreadCount: number): SupportConversation {
  return {
    id: row.id,
    status: row.status,
    createdAt: iso(row.created_at),
    closedAt: row.closed_at ? iso(row.closed_at) : null,
    unreadCount,
  };
}

/** A conversation as its visitor sees it. */
export async function toVisitorConversation(db: Db, row: ConversationRow): Promise<SupportConversation> {
  const unread = await unreadCounts(db, [row.id], 'visitor');
  return visitorConversationOf(row, unread.get(row.id) ?? 0);
}

/** The subject's latest conversation (open or closed), or undefined before its first message. */
export async function latestConversation(db: Db, subject: string): Promise<ConversationRow | undefined> {
  return db
    .selectFrom('support_conversations')
    .selectAll()
    .where('subject', '=', subject)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A conversation by id (operators), or undefined. */
export async function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  if (!isRowId(id)) return undefined;
  return db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
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

/** A visitor's message: its text, optional attachment, and where it was written from. */
export interface VisitorMessageInput {
  text: string;
  attachment?: NewAttachment;
  language?: Lang;
  pageUrl?: string;
}

/** The page a message was written from, kept only as an http(s) URL (operators may open it). */
function safePageUrl(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

async function insertMessage(
  trx: Transaction<Database>,
  conversationId: number,
  message: {
    author: SupportMessage['author'];
    authorUserId?: string;
    authorName?: string | null;
    text: string;
    attachment?: NewAttachment;
  },
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

const conversationEvent = (row: Pick<ConversationRow, 'id' | 'status'>): PendingEvent => ({
  conversationId: row.id,
  body: { type: 'conversation', conversationId: row.id, status: row.status },
});
const messageEvent = (message: SupportMessage): PendingEvent => ({
  conversationId: message.conversationId,
  body: { type: 'message', message },
});

async function withEvents<T>(
  trx: Transaction<Database>,
  subject: string,
  value: T,
  events: readonly PendingEvent[],
  now: Date,
): Promise<Written<T>> {
  const seqs = await appendEvents(trx, events, now);
  return { value, notices: seqs.map((seq) => ({ seq, subject })) };
}

/**
 * Posts a visitor's message: into the subject's open conversation, or a new one when there is none (the first
 * message, or the last conversation was closed). Counted against the per-minute limit under the subject's lock, so
 * parallel posts cannot pass it. Posting marks everything before it read for the visitor.
 */
export async function postVisitorMessage(
  db: Db,
  visitor: VisitorParty,
  input: VisitorMessageInput,
  now: Date,
): Promise<Written<SupportMessage>> {
  return db.transaction().execute(async (trx) => {
    await lockSubject(trx, visitor.subject);
    // An anonymous visitor the retention purge deleted meanwhile starts over with a new token.
    const visitorId = visitorIdOf(visitor.subject);
    if (visitorId !== undefined && !(await holdVisitor(trx, visitorId)))
      throw new AppError('SUPPORT_VISITOR_REQUIRED');
    await assertUnderRate(trx, visitor.subject, now);
    const events: PendingEvent[] = [];
    let conversation = await trx
      .selectFrom('support_conversations')
      .selectAll()
      .where('subject', '=', visitor.subject)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (!conversation) {
      conversation = await trx
        .insertInto('support_conversations')
        .values({
          subject: visitor.subject,
          status: 'open',
          visitor_kind: visitor.kind,
          visitor_name: visitor.name,
          visitor_email: visitor.email,
          language: input.language ?? null,
          page_url: safePageUrl(input.pageUrl),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      events.push(conversationEvent(conversation));
    }
    const message = await insertMessage(
      trx,
      conversation.id,
      { author: 'visitor', text: input.text, ...(input.attachment ? { attachment: input.attachment } : {}) },
      now,
    );
    await trx
      .updateTable('support_conversations')
      .set({
        updated_at: now,
        visitor_read_id: sql<number>`greatest(visitor_read_id, ${message.id})`,
        ...(visitor.kind === 'anonymous' ? {} : { visitor_name: visitor.name, visitor_email: visitor.email }),
        ...(input.language ? { language: input.language } : {}),
      })
      .where('id', '=', conversation.id)
      .execute();
    events.push(messageEvent(message));
    return withEvents(trx, visitor.subject, message, events, now);
  });
}

/** An operator's reply: a closed conversation is reopened (a system message says so) unless the visitor has a newer one. */
export async function postOperatorReply(
  db: Db,
  conversationId: number,
  operator: { userId: string; firstName: string },
  text: string,
  now: Date,
): Promise<Written<SupportMessage>> {
  const found = await findConversation(db, conversationId);
  if (!found) throw new AppError('ENTITY_NOT_FOUND');
  return db.transaction().execute(async (trx) => {
    await lockSubject(trx, found.subject);
    // The row lock orders this reply with the retention purge: it reopens the conversation first, or finds it gone.
    const conversation = await trx
      .selectFrom('support_conversations')
      .selectAll()
      .where('id', '=', conversationId)
      .forUpdate()
      .executeTakeFirst();
    if (!conversation) throw new AppError('ENTITY_NOT_FOUND');
    const events: PendingEvent[] = [];
    if (conversation.status === 'closed') {
      const newer = await trx
        .selectFrom('support_conversations')
        .select('id')
        .where('subject', '=', conversation.subject)
        .where('id', '>', conversation.id)
        .executeTakeFirst();
      if (newer) throw new AppError('SUPPORT_CONVERSATION_CLOSED');
      await trx
        .updateTable('support_conversations')
        .set({ status: 'open', closed_at: null })
        .where('id', '=', conversation.id)
        .execute();
      events.push(conversationEvent({ id: conversation.id, status: 'open' }));
      const reopened = await insertMessage(
        trx,
        conversation.id,
        { author: 'system', text: supportSystemText('reopened', conversation.language) },
        now,
      );
      events.push(messageEvent(reopened));
    }
    const message = await insertMessage(
      trx,
      conversation.id,
      { author: 'operator', authorUserId: operator.userId, authorName: operator.firstName, text },
      now,
    );
    await trx
      .updateTable('support_conversations')
      .set({ updated_at: now, operator_read_id: sql<number>`greatest(operator_read_id, ${message.id})` })
      .where('id', '=', conversation.id)
      .execute();
    events.push(messageEvent(message));
    return withEvents(trx, conversation.subject, message, events, now);
  });
}

/** Closes a conversation (a system message and a status event); closing a closed one changes nothing. */
export async function closeConversation(
  db: Db,
  conversationId: number,
  now: Date,
): Promise<Written<ConversationRow>> {
  const found = await findConversation(db, conversationId);
  if (!found) throw new AppError('ENTITY_NOT_FOUND');
  return db.transaction().execute(async (trx) => {
    await lockSubject(trx, found.subject);
    const closed = await trx
      .updateTable('support_conversations')
      .set({ status: 'closed', closed_at: now, updated_at: now })
      .where('id', '=', conversationId)
      .where('status', '=', 'open')
      .returningAll()
      .executeTakeFirst();
    if (!closed) {
      const current = await trx
        .selectFrom('support_conversations')
        .selectAll()
        .where('id', '=', conversationId)
        .executeTakeFirst();
      // Purged since it was found.
      if (!current) throw new AppError('ENTITY_NOT_FOUND');
      return { value: current, notices: [] };
    }
    const note = await insertMessage(
      trx,
      conversationId,
      { author: 'system', text: supportSystemText('closed', closed.language) },
      now,
    );
    return withEvents(trx, closed.subject, closed, [messageEvent(note), conversationEvent(closed)], now);
  });
}

/**
 * Moves a read marker up to `lastMessageId`, a message of the conversation (else 404 ENTITY_NOT_FOUND); `subject`
 * restricts it to that visitor's conversations. A marker never moves back. Announces a `conversation` event.
 */
export async function markRead(
  db: Db,
  side: 'visitor' | 'operator',
  lastMessageId: number,
  scope: { subject: string } | { conversationId: number },
  now: Date,
): Promise<Written<void>> {
  if (!isRowId(lastMessageId)) throw new AppError('ENTITY_NOT_FOUND');
  let query = db
    .selectFrom('support_messages as m')
    .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.id', 'c.subject'])
    .where('m.id', '=', lastMessageId);
  query =
    'subject' in scope
      ? query.where('c.subject', '=', scope.subject)
      : query.where('c.id', '=', isRowId(scope.conversationId) ? scope.conversationId : 0);
  const target = await query.executeTakeFirst();
  if (!target) throw new AppError('ENTITY_NOT_FOUND');
  return db.transaction().execute(async (trx) => {
    const marker = side === 'visitor' ? 'visitor_read_id' : 'operator_read_id';
    const updated = await trx
      .updateTable('support_conversations')
      .set({ [marker]: sql<number>`greatest(${sql.ref(marker)}, ${lastMessageId})` })
      .where('id', '=', target.id)
      .returning(['id', 'status'])
      .executeTakeFirst();
    // Purged since it was found.
    if (!updated) throw new AppError('ENTITY_NOT_FOUND');
    return withEvents(trx, target.subject, undefined, [conversationEvent(updated)], now);
  });
}

/**
 * Claims an anonymous visitor's conversations for an identified subject that has none of its own yet, so the
 * history of a visitor who then signs in (or whom a partner identifies) is not lost. Once the subject has a
 * conversation, later visitors' conversations stay theirs. Answers whether anything moved.
 */
export async function claimVisitorConversations(db: Db, from: string, to: VisitorParty): Promise<boolean> {
  const pending = await db
    .selectFrom('support_conversations')
    .select('id')
    .where('subject', '=', from)
    .limit(1)
    .executeTakeFirst();
  if (!pending) return false;
  return db.transaction().execute(async (trx) => {
    for (const subject of [from, to.subject].sort()) await lockSubject(trx, subject);
    const owned = await trx
      .selectFrom('support_conversations')
      .select('id')
      .where('subject', '=', to.subject)
      .limit(1)
      .executeTakeFirst();
    if (owned) return false;
    const moved = await trx
      .updateTable('support_conversations')
      .set({ subject: to.subject, visitor_kind: to.kind, visitor_name: to.name, visitor_email: to.email })
      .where('subject', '=', from)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) > 0;
  });
}

/** A stored attachment, for its download. */
export interface StoredAttachment {
  blobKey: string;
  name: string;
  contentType: SupportAttachment['contentType'];
}

/** An attachment of one of the subject's conversations (visitors), or of the conversation given (operators). */
export async function findAttachment(
  db: Db,
  attachmentId: number,
  scope: { subject: string } | { conversationId: number },
): Promise<StoredAttachment | undefined> {
  if (!isRowId(attachmentId)) return undefined;
  if ('conversationId' in scope && !isRowId(scope.conversationId)) return undefined;
  let query = db
    .selectFrom('support_attachments as a')
    .innerJoin('support_conversations as c', 'c.id', 'a.conversation_id')
    .select(['a.blob_key', 'a.name', 'a.content_type'])
    .where('a.id', '=', attachmentId);
  query =
    'subject' in scope
      ? query.where('c.subject', '=', scope.subject)
      : query.where('c.id', '=', scope.conversationId);
  const row = await query.executeTakeFirst();
  return row
    ? {
        blobKey: row.blob_key,
        name: row.name,
        contentType: row.content_type as StoredAttachment['contentType'],
      }
    : undefined;
}
