import { decimalInteger, type SupportEvent } from '@qoltanba/core';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { SupportEventHub } from './event-hub.js';
import { headSeq, loadEvents } from './event-store.js';

/** What an event stream needs from the module. */
export interface EventStreamContext {
  db: Kysely<Database>;
  hub: SupportEventHub;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Milliseconds between heartbeat comments. */
  heartbeatMs: number;
  /** Ends of the streams open now; the module ends them before the server closes. */
  openStreams: Set<() => void>;
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
/** Milliseconds a reconnecting EventSource waits (sent as `retry:`). */
const RETRY_MS = 3000;

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
  let closed = false;
  let pending = true;
  let interrupt: () => void = () => undefined;
  const end = () => {
    closed = true;
    interrupt();
  };
  const unsubscribe = hub.subscribe(stream.subject, () => {
    pending = true;
    interrupt();
  });
  context.openStreams.add(end);
  reply.hijack();
  const raw = reply.raw;
  raw.on('close', end);
  try {
    let cursor = stream.after ?? (await headSeq(db));
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = value;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // A stream's connection is never reused; ending it (server shutdown, token expiry) closes the socket.
      connection: 'close',
    });
    raw.write(`retry: ${RETRY_MS}\nid: ${cursor}\n\n`);
    let lastBeat = Date.now();
    while (!closed) {
      if (pending) {
        pending = false;
        let events = await loadEvents(db, stream.subject, cursor, BATCH);
        while (events.length > 0 && !closed) {
          for (const event of events) {
            raw.write(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`);
            cursor = event.seq;
          }
          events = events.length === BATCH ? await loadEvents(db, stream.subject, cursor, BATCH) : [];
        }
        continue;
      }
      const untilEnd = stream.endsAt
        ? stream.endsAt.getTime() - context.clock().getTime()
        : Number.POSITIVE_INFINITY;
      if (untilEnd <= 0) break;
      const untilBeat = context.heartbeatMs - (Date.now() - lastBeat);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(untilBeat, untilEnd)));
        interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interrupt = () => undefined;
      if (!closed && !pending && Date.now() - lastBeat >= context.heartbeatMs) {
        raw.write(': heartbeat\n\n');
        lastBeat = Date.now();
      }
    }
  } catch (error) {
    context.log.warn({ err: error }, 'support events stream ended by an error');
  } finally {
    unsubscribe();
    context.openStreams.delete(end);
    raw.end();
  }
}
