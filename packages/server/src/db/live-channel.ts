import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle, ListenSession } from './database.js';
import type { Database } from './schema.js';

/** What live updates are about: support chat events, notification counters, QR signing sessions. */
export type LiveTopic = 'support' | 'unread' | 'qr';

const TOPICS: readonly LiveTopic[] = ['support', 'unread', 'qr'];

/** A topic's listener: a payload, or undefined after the listening session came back (anything may have changed). */
export type LiveListener = (payload: string | undefined) => void;

/**
 * Live updates across instances through PostgreSQL LISTEN/NOTIFY (PGlite's too: one process, the same SQL). A
 * notification sent in a transaction is delivered when it commits and never when it rolls back, to every instance
 * on the database, this one included. Channels are named after the schema, so suites in their own schemas on one
 * database do not hear each other.
 */
export interface LiveChannel {
  /** {@link notifyLive}. */
  notify(db: Kysely<Database>, topic: LiveTopic, payload: string): Promise<void>;
  /** Calls `listener` with each payload on `topic`; answers the unsubscribe. */
  subscribe(topic: LiveTopic, listener: LiveListener): () => void;
  /** Opens the listening session; rejects when the database cannot be reached. */
  start(): Promise<void>;
  /** Closes the listening session; no reconnect after it. */
  close(): Promise<void>;
  /** Whether the listening session is up (a lost one is being reopened). */
  readonly listening: boolean;
}

/** Options of {@link createLiveChannel}. */
export interface LiveChannelOptions {
  /** Called when the session was lost or could not be reopened (it is retried with back-off). */
  onError?(error: unknown): void;
  /** First delay before reopening a lost session; doubles up to 30 s. */
  retryMs?: number;
}

/**
 * Sends `payload` (under 8000 bytes) on `topic` to the live channels of every instance on the database: when `db`
 * is a transaction, at its commit (never when it rolls back).
 */
export async function notifyLive(db: Kysely<Database>, topic: LiveTopic, payload: string): Promise<void> {
  await sql`select pg_notify(current_schema() || ${`:qoltanba_${topic}`}, ${payload})`.execute(db);
}

const channelOf = (schema: string, topic: LiveTopic) => `${schema}:qoltanba_${topic}`;
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A live channel over `database`'s notifications. */
export function createLiveChannel(database: DatabaseHandle, options: LiveChannelOptions = {}): LiveChannel {
  const listeners = new Map<LiveTopic, Set<LiveListener>>(TOPICS.map((topic) => [topic, new Set()]));
  const baseRetryMs = options.retryMs ?? 500;
  let session: ListenSession | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  function dispatch(topic: LiveTopic, payload: string | undefined): void {
    for (const listener of [...(listeners.get(topic) ?? [])]) listener(payload);
  }

  async function open(): Promise<ListenSession> {
    const opened = await database.openListenSession();
    try {
      const rows = await opened.query('select current_schema() as schema');
      const schema = String(rows[0]?.schema ?? 'public');
      const byChannel = new Map(TOPICS.map((topic) => [channelOf(schema, topic), topic]));
      opened.onNotification((channel, payload) => {
        const topic = byChannel.get(channel);
        if (topic) dispatch(topic, payload);
      });
      for (const channel of byChannel.keys()) await opened.query(`LISTEN ${quoted(channel)}`);
    } catch (error) {
      await opened.close();
      throw error;
    }
    opened.onLost((error) => {
      if (session !== opened) return;
      session = undefined;
      options.onError?.(error);
      reopen(baseRetryMs);
    });
    return opened;
  }

  function reopen(delayMs: number): void {
    if (closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      open().then(
        (opened) => {
          if (closed) {
            void opened.close();
            return;
          }
          session = opened;
          // Whatever was sent while nobody listened: every stream looks again from its own last event.
          for (const topic of TOPICS) dispatch(topic, undefined);
        },
        (error: unknown) => {
          options.onError?.(error);
          reopen(Math.min(delayMs * 2, 30_000));
        },
      );
    }, delayMs);
    retryTimer.unref();
  }

  return {
    notify: notifyLive,
    subscribe(topic, listener) {
      const set = listeners.get(topic);
      set?.add(listener);
      return () => {
        set?.delete(listener);
      };
    },
    async start() {
      if (session || closed) return;
      session = await open();
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = session;
      session = undefined;
      await current?.close();
    },
    get listening() {
      return session !== undefined;
    },
  };
}
