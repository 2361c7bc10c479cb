import {
  AppError,
  type Lang,
  type SupportConversation,
  type SupportMessage,
  type SupportVisitorKind,
  supportSystemText,
} from '@qoltanba/core';
import { type Kysely, type Selectable, sql } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { Database, SupportConversationsTable } from '../../db/schema.js';
import {
  conversationEvent,
  messageEvent,
  type PendingEvent,
  type Written,
  withEvents,
} from './event-store.js';
import { assertUnderRate, insertMessage, type NewAttachment } from './message-store.js';
import { unreadCounts } from './read-markers.js';
import { lockSubject } from './subject-lock.js';
import { holdVisitor, visitorIdOf } from './visitor-store.js';

// Conversations of a subject: finding them, and the writes that change them (a visitor's message, an operator's
// reply, closing), each under the subject's advisory lock with its events appended last.

type Db = Kysely<Database>;
/** A stored conversation. */
export type ConversationRow = Selectable<SupportConversationsTable>;

/** Who writes as the visitor, and what is known of them. */
export interface VisitorParty {
  subject: string;
  kind: SupportVisitorKind;
  name: string | null;
  email: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

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

/** Whether the subject has a conversation before `conversationId` (the latest is the current one). */
export async function hasConversationBefore(
  db: Db,
  subject: string,
  conversationId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('support_conversations')
    .select('id')
    .where('subject', '=', subject)
    .where('id', '<', conversationId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A conversation by id (operators), or undefined. */
export async function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  if (!isRowId(id)) return undefined;
  return db.selectFrom('support_conversations').selectAll().where('id', '=', id).executeTakeFirst();
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
