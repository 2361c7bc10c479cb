import type { SupportConversationStatus, SupportInboxConversation, SupportInboxPage } from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { ConversationRow } from './conversation-store.js';
import { decodeCursor, encodeCursor } from './keyset-cursor.js';
import { lastMessages } from './message-store.js';
import { unreadCounts } from './read-markers.js';

type Db = Kysely<Database>;

const cursorSchema = z.tuple([z.iso.datetime(), z.number().int().positive()]);

/** The opaque keyset cursor after a conversation: its `updatedAt` and id. */
function cursorAfter(row: ConversationRow): string {
  return encodeCursor([new Date(row.updated_at).toISOString(), row.id]);
}

function readCursor(cursor: string): { updatedAt: Date; id: number } {
  const [updatedAt, id] = decodeCursor(cursor, cursorSchema);
  return { updatedAt: new Date(updatedAt), id };
}

/** Conversations as the inbox lists them: with the visitor, the last message and the operators' unread count. */
export async function toInboxConversations(
  db: Db,
  rows: readonly ConversationRow[],
): Promise<SupportInboxConversation[]> {
  const ids = rows.map((row) => row.id);
  const [last, unread] = await Promise.all([lastMessages(db, ids), unreadCounts(db, ids, 'operator')]);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    closedAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    visitor: {
      kind: row.visitor_kind,
      name: row.visitor_name,
      email: row.visitor_email,
      language: row.language,
      pageUrl: row.page_url,
    },
    lastMessage: last.get(row.id) ?? null,
    unreadCount: unread.get(row.id) ?? 0,
  }));
}

/**
 * One page of the inbox: conversations of a status, newest activity first (`updated_at`, then id, both descending),
 * keyset-paged so a page is one range of `support_conversations_inbox_idx`.
 */
export async function listInbox(
  db: Db,
  query: { status: SupportConversationStatus; limit: number; cursor?: string | undefined },
): Promise<SupportInboxPage> {
  let select = db
    .selectFrom('support_conversations')
    .selectAll()
    .where('status', '=', query.status)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1);
  if (query.cursor) {
    const after = readCursor(query.cursor);
    select = select.where(sql<boolean>`(updated_at, id) < (${after.updatedAt}, ${after.id})`);
  }
  const rows = await select.execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toInboxConversations(db, page),
    nextCursor: rows.length > query.limit && last ? cursorAfter(last) : null,
  };
}
