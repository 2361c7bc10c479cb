import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { UnreadHub } from './unread-hub.js';

/** What an unread-counter stream needs from the module. */
export interface UnreadStreamContext {
  hub: UnreadHub;
  log: FastifyBaseLogger;
  /** Milliseconds between heartbeat comments. */
  heartbeatMs: number;
  /** Ends of the streams open now; the module ends them before the server closes. */
  openStreams: Set<() => void>;
  /** The user's unread count now. */
  count(userId: string): Promise<number>;
}

/** Milliseconds a reconnecting EventSource waits (sent as `retry:`). */
const RETRY_MS = 3000;

/**
 * Takes the reply over and writes the user's unread counter as server-sent events (`data: {"unread":n}`): the count
 * now, then each time it changes, with heartbeat comments. Ends when the client goes (a hidden tab closes it) or the
 * server closes; a client that comes back opens a new stream and gets the count again.
 */
export async function streamUnread(
  context: UnreadStreamContext,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  let closed = false;
  let pending = true;
  let interrupt: () => void = () => undefined;
  const end = () => {
    closed = true;
    interrupt();
  };
  const unsubscribe = context.hub.subscribe(userId, () => {
    pending = true;
    interrupt();
  });
  context.openStreams.add(end);
  reply.hijack();
  const raw = reply.raw;
  raw.on('close', end);
  try {
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = value;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'close',
    });
    raw.write(`retry: ${RETRY_MS}\n\n`);
    let sent: number | undefined;
    let lastBeat = Date.now();
    while (!closed) {
      if (pending) {
        pending = false;
        const unread = await context.count(userId);
        if (unread !== sent && !closed) {
          raw.write(`data: ${JSON.stringify({ unread })}\n\n`);
          sent = unread;
        }
        continue;
      }
      const untilBeat = context.heartbeatMs - (Date.now() - lastBeat);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, untilBeat));
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
    context.log.warn({ err: error }, 'notification counter stream ended by an error');
  } finally {
    unsubscribe();
    context.openStreams.delete(end);
    raw.end();
  }
}
