import type { SupportConversationStatus, SupportEvent, SupportMessage } from '@qoltanba/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import { notifyLive } from '../../db/live-channel.js';
import type { Database } from '../../db/schema.js';

/** An event as written, before it has its number. */
export type SupportEventBody = SupportEvent extends infer E
  ? E extends SupportEvent
    ? Omit<E, 'seq'>
    : never
  : never;

/** An event to append: of which conversation, and what. */
export interface PendingEvent {
  conversationId: number;
  body: SupportEventBody;
}

/** A stored event's number and whose conversation it concerns (for waking the right streams). */
export interface EventNotice {
  seq: number;
  subject: string;
}

/** What a change wrote: the message (if any) and the events to announce after commit. */
export interface Written<T> {
  value: T;
  notices: EventNotice[];
}

/** The event of a conversation opened, closed, reopened, or whose read marker moved. */
export const conversationEvent = (row: { id: number; status: SupportConversationStatus }): PendingEvent => ({
  conversationId: row.id,
  body: { type: 'conversation', conversationId: row.id, status: row.status },
});
/** The event of a new message. */
export const messageEvent = (message: SupportMessage): PendingEvent => ({
  conversationId: message.conversationId,
  body: { type: 'message', message },
});

/** Appends `events` (as the transaction's last statement) and answers `value` with their notices for `subject`. */
export async function withEvents<T>(
  trx: Transaction<Database>,
  subject: string,
  value: T,
  events: readonly PendingEvent[],
  now: Date,
): Promise<Written<T>> {
  const seqs = await appendEvents(trx, events, now);
  // Delivered at commit, to the streams of every instance.
  if (seqs.length > 0) await notifyLive(trx, 'support', subject);
  return { value, notices: seqs.map((seq) => ({ seq, subject })) };
}

/**
 * Appends events with the next numbers. Call it as the transaction's last statement: the counter row stays locked
 * until commit, so numbers are handed out in commit order and a stream that read up to N never later sees an
 * event below N appear (a plain sequence could commit 11 before 10).
 */
export async function appendEvents(
  trx: Transaction<Database>,
  events: readonly PendingEvent[],
  now: Date,
): Promise<number[]> {
  if (events.length === 0) return [];
  const { seq: last } = await trx
    .insertInto('support_event_counter')
    .values({ id: 1, seq: events.length })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ seq: sql<number>`support_event_counter.seq + ${events.length}` }),
    )
    .returning('seq')
    .executeTakeFirstOrThrow();
  const first = last - events.length + 1;
  await trx
    .insertInto('support_events')
    .values(
      events.map((event, index) => ({
        seq: first + index,
        conversation_id: event.conversationId,
        payload: JSON.stringify(event.body),
        created_at: now,
      })),
    )
    .execute();
  return events.map((_event, index) => first + index);
}

/**
 * The newest event number handed out (0 before the first event), from the counter: the retention purge may have
 * deleted the newest events, and a stream must never start below a number already used.
 */
export async function headSeq(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('support_event_counter')
    .select('seq')
    .where('id', '=', 1)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** Events after `after`, oldest first: all of them (operators), or those of one subject's conversations. */
export async function loadEvents(
  db: Kysely<Database>,
  subject: string | undefined,
  after: number,
  limit: number,
): Promise<SupportEvent[]> {
  let query = db
    .selectFrom('support_events as e')
    .select(['e.seq', 'e.payload'])
    .where('e.seq', '>', after)
    .orderBy('e.seq')
    .limit(limit);
  if (subject !== undefined) {
    query = query
      .innerJoin('support_conversations as c', 'c.id', 'e.conversation_id')
      .where('c.subject', '=', subject);
  }
  const rows = await query.execute();
  return rows.map(
    (row) => ({ ...(JSON.parse(row.payload) as SupportEventBody), seq: row.seq }) as SupportEvent,
  );
}

/** Numbers and subjects of the events after `after` (at most `limit`), oldest first. */
export async function eventNoticesAfter(
  db: Kysely<Database>,
  after: number,
  limit: number,
): Promise<EventNotice[]> {
  return db
    .selectFrom('support_events as e')
    .innerJoin('support_conversations as c', 'c.id', 'e.conversation_id')
    .select(['e.seq', 'c.subject'])
    .where('e.seq', '>', after)
    .orderBy('e.seq')
    .limit(limit)
    .execute();
}
