import type {
  SupportConversationPage,
  SupportConversationSummary,
  SupportHistoryQuery,
  SupportMessagePage,
  SupportMessagesQuery,
} from '@qoltanba/core';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { isRowId } from '../../db/row-id.js';
import type { Database } from '../../db/schema.js';
import { type ConversationRow, visitorConversationOf } from './conversation-store.js';
import { decodeCursor, encodeCursor } from './keyset-cursor.js';
import { lastMessages, messagesQuery, toMessage } from './message-store.js';
import { unreadCounts } from './read-markers.js';

type Db = Kysely<Database>;

const idCursor = z.tuple([z.number().int().positive()]);

/**
 * One page of a conversation's messages: the newest `limit` before the cursor (the newest of all without one),
 * oldest first, and the cursor of the page before them (null when none are left). Keyset by message id, so a page is
 * one range of `support_messages_conversation_idx`, and messages arriving meanwhile never shift a page.
 */
export async function messagePage(
  db: Db,
  conversationId: number,
  query: Pick<SupportMessagesQuery, 'limit'> & { cursor?: string | undefined },
): Promise<SupportMessagePage> {
  let select = messagesQuery(db)
    .where('m.conversation_id', '=', conversationId)
    .orderBy('m.id', 'desc')
    .limit(query.limit + 1);
  if (query.cursor) select = select.where('m.id', '<', decodeCursor(query.cursor, idCursor)[0]);
  const rows = await select.execute();
  const page = rows.slice(0, query.limit).reverse();
  const oldest = page[0];
  return {
    items: page.map(toMessage),
    nextCursor: rows.length > query.limit && oldest ? encodeCursor([oldest.id]) : null,
  };
}

/** One of the subject's conversations by id, or undefined (another visitor's answers as a missing one). */
export async function findVisitorConversation(
  db: Db,
  subject: string,
  id: number,
): Promise<ConversationRow | undefined> {
  if (!isRowId(id)) return undefined;
  return db
    .selectFrom('support_conversations')
    .selectAll()
    .where('id', '=', id)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/**
 * The subject's conversations, newest first (by id: the order they were opened), keyset-paged, each as its visitor
 * sees it with its last message: the visitor's history.
 */
export async function visitorHistory(
  db: Db,
  subject: string,
  query: Pick<SupportHistoryQuery, 'limit'> & { cursor?: string | undefined },
): Promise<SupportConversationPage> {
  let select = db
    .selectFrom('support_conversations')
    .selectAll()
    .where('subject', '=', subject)
    .orderBy('id', 'desc')
    .limit(query.limit + 1);
  if (query.cursor) select = select.where('id', '<', decodeCursor(query.cursor, idCursor)[0]);
  const rows = await select.execute();
  const page = rows.slice(0, query.limit);
  const ids = page.map((row) => row.id);
  const [last, unread] = await Promise.all([lastMessages(db, ids), unreadCounts(db, ids, 'visitor')]);
  const items = page.map(
    (row): SupportConversationSummary => ({
      ...visitorConversationOf(row, unread.get(row.id) ?? 0),
      lastMessage: last.get(row.id) ?? null,
    }),
  );
  const oldest = page.at(-1);
  return { items, nextCursor: rows.length > query.limit && oldest ? encodeCursor([oldest.id]) : null };
}
