import { AppError } from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { Database } from '../../db/schema.js';
import { conversationEvent, type Written, withEvents } from './event-store.js';

type Db = Kysely<Database>;

// Read markers are two columns of a conversation, `visitor_read_id` and `operator_read_id` (shared by operators):
// the last message id each side has read. They only move up.

/** Whose marker moves, and where the message must be: one of the visitor's conversations, or the one given. */
export type ReadScope = { side: 'visitor'; subject: string } | { side: 'operator'; conversationId: number };

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

/**
 * Moves the `scope`'s side's read marker up to `lastMessageId`, a message of one of the visitor's conversations
 * (visitor) or of the conversation given (operators), else 404 ENTITY_NOT_FOUND, as for a missing one. A marker
 * never moves back. Announces a `conversation` event (the other side refetches its counts).
 */
export async function markRead(
  db: Db,
  scope: ReadScope,
  lastMessageId: number,
  now: Date,
): Promise<Written<void>> {
  if (!isRowId(lastMessageId)) throw new AppError('ENTITY_NOT_FOUND');
  let query = db
    .selectFrom('support_messages as m')
    .innerJoin('support_conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.id', 'c.subject'])
    .where('m.id', '=', lastMessageId);
  query =
    scope.side === 'visitor'
      ? query.where('c.subject', '=', scope.subject)
      : query.where('c.id', '=', isRowId(scope.conversationId) ? scope.conversationId : 0);
  const target = await query.executeTakeFirst();
  if (!target) throw new AppError('ENTITY_NOT_FOUND');
  return db.transaction().execute(async (trx) => {
    const marker = scope.side === 'visitor' ? 'visitor_read_id' : 'operator_read_id';
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
