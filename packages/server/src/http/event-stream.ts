import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/** The kinds of server-sent event streams the server keeps open (a label of the stream-count metric). */
export type EventStreamKind = 'support' | 'unread' | 'qr';

/** Milliseconds a reconnecting EventSource waits (sent as `retry:`). */
export const EVENT_STREAM_RETRY_MS = 3000;

/**
 * The open event streams of one app: each module's streams register here, so the server ends them all before it
 * closes (with the retry hint already sent, clients reconnect elsewhere) and the metrics count them by kind.
 */
export interface EventStreams {
  /** Milliseconds between heartbeat comments. */
  readonly heartbeatMs: number;
  readonly log: FastifyBaseLogger;
  /** Open streams now, by kind. */
  counts(): Record<EventStreamKind, number>;
  /** Ends every open stream (the server is closing): each says so with a last retry hint, then its connection closes. */
  endAll(): void;
  /** Registers a stream's end (told 'shutdown' by {@link endAll}); answers the unregister. */
  add(kind: EventStreamKind, end: (reason?: 'shutdown') => void): () => void;
}

/** A registry of open event streams. */
export function createEventStreams(options: { heartbeatMs: number; log: FastifyBaseLogger }): EventStreams {
  const open = new Map<(reason?: 'shutdown') => void, EventStreamKind>();
  return {
    heartbeatMs: options.heartbeatMs,
    log: options.log,
    counts() {
      const counts: Record<EventStreamKind, number> = { support: 0, unread: 0, qr: 0 };
      for (const kind of open.values()) counts[kind] += 1;
      return counts;
    },
    endAll() {
      for (const end of [...open.keys()]) end('shutdown');
    },
    add(kind, end) {
      open.set(end, kind);
      return () => {
        open.delete(end);
      };
    },
  };
}

/** One server-sent event: `id:` (when given) and `data:` (one line: JSON never holds a raw line feed). */
export interface ServerSentEvent {
  id?: string | number;
  data: string;
}

/** What {@link writeEventStream} is told about one stream. */
export interface EventStreamSpec {
  kind: EventStreamKind;
  /** `id:` of the first block, beside the retry hint: where a reconnect resumes when nothing was sent yet. */
  startId?: string | number;
  /** Subscribes `wake` to the changes the stream shows (here or on another instance); answers the unsubscribe. */
  subscribe?(wake: () => void): () => void;
  /**
   * Writes what is new through `send`; runs first at the start and again after each wake (and at
   * {@link nextLookAt}). Answers false when the stream is over (a final state, an expired token).
   */
  deliver(send: (event: ServerSentEvent) => void): Promise<boolean>;
  /** Epoch milliseconds of the next look without a wake (a session's expiry), undefined for none. */
  nextLookAt?(): number | undefined;
}

/**
 * Takes the reply over and writes a `text/event-stream`: the headers (never cached, unbuffered by proxies, the
 * connection closed with the stream), a retry hint, then what `deliver` sends each time the stream is woken, with a
 * heartbeat comment after `heartbeatMs` of silence. Ends when the client goes, the server closes, or `deliver`
 * answers false; an error ends it with a log line (the client reconnects and catches up).
 */
export async function writeEventStream(
  streams: EventStreams,
  reply: FastifyReply,
  spec: EventStreamSpec,
): Promise<void> {
  let closed = false;
  let shutdown = false;
  let pending = true;
  let interrupt: () => void = () => undefined;
  const end = (reason?: 'shutdown') => {
    closed = true;
    if (reason === 'shutdown') shutdown = true;
    interrupt();
  };
  const unsubscribe = spec.subscribe?.(() => {
    pending = true;
    interrupt();
  });
  const unregister = streams.add(spec.kind, end);
  reply.hijack();
  const raw = reply.raw;
  raw.on('close', () => end());
  const send = (event: ServerSentEvent) => {
    if (!closed) raw.write(`${event.id === undefined ? '' : `id: ${event.id}\n`}data: ${event.data}\n\n`);
  };
  try {
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders()))
      if (value !== undefined) headers[name] = value;
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // A stream's connection is never reused; ending it (server shutdown, a final state) closes the socket.
      connection: 'close',
    });
    raw.write(
      `retry: ${EVENT_STREAM_RETRY_MS}\n${spec.startId === undefined ? '' : `id: ${spec.startId}\n`}\n`,
    );
    let lastBeat = Date.now();
    while (!closed) {
      const lookAt = spec.nextLookAt?.();
      if (pending || (lookAt !== undefined && lookAt <= Date.now())) {
        pending = false;
        if (!(await spec.deliver(send))) break;
        continue;
      }
      const untilBeat = streams.heartbeatMs - (Date.now() - lastBeat);
      const untilLook = lookAt === undefined ? Number.POSITIVE_INFINITY : lookAt - Date.now();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, Math.min(untilBeat, untilLook)));
        interrupt = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      interrupt = () => undefined;
      if (!closed && !pending && Date.now() - lastBeat >= streams.heartbeatMs) {
        raw.write(': heartbeat\n\n');
        lastBeat = Date.now();
      }
    }
  } catch (error) {
    streams.log.warn({ err: error, stream: spec.kind }, 'event stream ended by an error');
  } finally {
    unsubscribe?.();
    unregister();
    // The server is going away: the client reconnects (to another instance) after the hint and catches up by id.
    if (shutdown && raw.headersSent && !raw.destroyed) {
      raw.write(`: server closing\nretry: ${EVENT_STREAM_RETRY_MS}\n\n`);
    }
    raw.end();
  }
}
