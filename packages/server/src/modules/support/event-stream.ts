import { decimalInteger, type SupportEvent } from '@qoltanba/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { type EventStreams, writeEventStream } from '../../http/event-stream.js';
import type { SupportEventHub } from './event-hub.js';
import { headSeq, loadEvents } from './event-store.js';

/** What an event stream needs from the module. */
export interface EventStreamContext {
  db: Kysely<Database>;
  hub: SupportEventHub;
  clock: () => Date;
  /** The app's open event streams (heartbeats, the end at shutdown, the count in the metrics). */
  streams: EventStreams;
}

const BATCH = 500;

/** Query of both stream routes: where a new stream resumes (EventSource cannot send a header on its first try). */
export const eventsQuerySchema = z.object({
  lastEventId: decimalInteger(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).optional().meta({
    description:
      'Resume after this event (for a new stream; a reconnecting EventSource sends Last-Event-ID).',
  }),
});

/** What a stream route's handler returns once its stream ended: never sent, the reply was taken over. */
export const STREAM_ENDED = undefined as unknown as SupportEvent;

/**
 * The `Last-Event-ID` a reconnecting EventSource sends, else the `lastEventId` query parameter (a new EventSource,
 * or a fetch-based reader, after the server ended a stream); undefined when neither is a number.
 */
export function lastEventIdOf(request: FastifyRequest): number | undefined {
  const query = request.query as { lastEventId?: unknown } | undefined;
  const raw = request.headers['last-event-id'] ?? query?.lastEventId;
  if (raw === undefined) return undefined;
  const parsed = eventsQuerySchema.shape.lastEventId.safeParse(String(raw).trim());
  return parsed.success ? parsed.data : undefined;
}

/**
 * Takes the reply over and writes server-sent events (`id:` the event's `seq`, `data:` its JSON) of one subject's
 * conversations, or of all (operators): first every event after `after` (a reconnecting client's last id), then live
 * ones as the hub wakes the stream, with heartbeat comments. Without `after` it starts at the newest event and
 * says so in a first block with only `id:` (no data: per the SSE spec it dispatches nothing, but a reconnect resumes
 * from there). Ends when the client goes, the server closes, or at `endsAt` (an identity token's expiry).
 */
export async function streamSupportEvents(
  context: EventStreamContext,
  reply: FastifyReply,
  stream: { subject: string | undefined; after: number | undefined; endsAt?: Date | null },
): Promise<void> {
  const { db, hub } = context;
  let cursor = stream.after ?? (await headSeq(db));
  // The token's expiry in this process's time (the injectable clock may run elsewhere).
  const endsAt = stream.endsAt
    ? Date.now() + (stream.endsAt.getTime() - context.clock().getTime())
    : undefined;
  await writeEventStream(context.streams, reply, {
    kind: 'support',
    startId: cursor,
    subscribe: (wake) => hub.subscribe(stream.subject, wake),
    nextLookAt: () => endsAt,
    async deliver(send) {
      if (endsAt !== undefined && endsAt <= Date.now()) return false;
      let events = await loadEvents(db, stream.subject, cursor, BATCH);
      while (events.length > 0) {
        for (const event of events) {
          send({ id: event.seq, data: JSON.stringify(event) });
          cursor = event.seq;
        }
        events = events.length === BATCH ? await loadEvents(db, stream.subject, cursor, BATCH) : [];
      }
      return true;
    },
  });
}
