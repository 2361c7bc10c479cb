import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { failingClearlyPool } from './connection-failure.js';
import { lockDataDir } from './data-dir-lock.js';
import { createPGliteClusterApart } from './pglite-create.js';
import { PGliteDialect } from './pglite-dialect.js';
import { preparingPool } from './prepared-statements.js';
import type { Database } from './schema.js';
import { poolTypes } from './timestamp-parser.js';

/** Which engine backs a {@link DatabaseHandle}. */
export type DatabaseKind = 'pglite' | 'postgres';

/** An open database: the typed kysely instance plus the means to close what was opened. */
export interface DatabaseHandle {
  readonly kind: DatabaseKind;
  readonly db: Kysely<Database>;
  /** Closes the pool or the PGlite instance; safe to call twice. */
  close(): Promise<void>;
  /** Opens a session that receives this database's notifications (LISTEN); see `live-channel.ts`. */
  openListenSession(): Promise<ListenSession>;
}

/** A database session that LISTENs: PostgreSQL's own connection, or PGlite's one session. */
export interface ListenSession {
  /** Runs a statement without parameters (LISTEN, `select current_schema()`); answers its rows. */
  query(statement: string): Promise<Array<Record<string, unknown>>>;
  /** Calls `listener` with each notification of the channels listened to. */
  onNotification(listener: (channel: string, payload: string) => void): void;
  /** Calls `listener` once when the session is lost (never for PGlite, which lives in this process). */
  onLost(listener: (error: unknown) => void): void;
  close(): Promise<void>;
}

/**
 * PostgreSQL memory settings of the embedded database. Its defaults (128 MB shared buffers, 64 MB for index
 * builds) are sized for a server of its own; inside our one process, for one company's worth of data, a small
 * buffer pool is enough and the operating system's page cache holds the rest. Measured: about 130 MB less resident
 * memory at idle.
 */
export const PGLITE_MEMORY_SETTINGS = [
  'shared_buffers=16MB',
  'wal_buffers=1MB',
  'temp_buffers=1MB',
  'maintenance_work_mem=16MB',
] as const;

/** Options for {@link openPGlite}. */
export interface PGliteOpenOptions {
  /** On-disk data folder; in memory when absent. */
  dataDir?: string;
  /** A dump from `dumpDataDir()` to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob | File;
  /**
   * An empty `dataDir`'s cluster is created in a child process first (pglite-create.ts: initdb's memory stays out
   * of this process); the server's own database does so, tests open in place.
   */
  createApart?: boolean;
}

/** Opens (creating when needed) a PGlite database. */
export async function openPGlite(
  options: PGliteOpenOptions = {},
): Promise<DatabaseHandle & { pglite: PGlite }> {
  let unlock: (() => Promise<void>) | undefined;
  if (options.dataDir) {
    await mkdir(options.dataDir, { recursive: true });
    unlock = await lockDataDir(options.dataDir);
  }
  let pglite: PGlite;
  try {
    if (options.dataDir && options.createApart && !options.loadDataDir)
      await createPGliteClusterApart(options.dataDir);
    pglite = new PGlite({
      // Trigram indexes serve the document search (migration 0024); PostgreSQL ships the same extension.
      extensions: { pg_trgm },
      // On the command line, above postgresql.conf (which PGlite's `postgresqlconf` would replace whole).
      startParams: [
        ...PGlite.defaultStartParams,
        ...PGLITE_MEMORY_SETTINGS.flatMap((setting) => ['-c', setting]),
      ],
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await pglite.waitReady;
  } catch (error) {
    await unlock?.();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    db,
    pglite,
    async openListenSession() {
      const stops: Array<() => void> = [];
      return {
        // Through kysely, so a LISTEN never lands inside another holder's transaction of the one session.
        query: async (statement) => (await sql.raw<Record<string, unknown>>(statement).execute(db)).rows,
        onNotification(listener) {
          stops.push(pglite.onNotification(listener));
        },
        onLost() {},
        async close() {
          for (const stop of stops.splice(0)) stop();
        },
      };
    },
    close() {
      closing ??= (async () => {
        try {
          await db.destroy();
          if (!pglite.closed) await pglite.close();
        } finally {
          await unlock?.();
        }
      })();
      return closing;
    },
  };
}

/** Options for {@link openPostgres}. */
export interface PostgresOpenOptions {
  /** Schema to put first on the search path (tests isolate themselves in one schema each). */
  searchPath?: string;
  /** Pool size. */
  max?: number;
  /** Called when an idle pooled client fails (e.g. the server restarted); the pool replaces it. */
  onPoolError?: (error: Error) => void;
  /**
   * Milliseconds to wait for a connection (a new one, or a free one from a full pool) before the query fails
   * with 503 DATABASE_UNAVAILABLE; 0 waits forever. Defaults to {@link DEFAULT_CONNECT_TIMEOUT_MS}.
   */
  connectTimeoutMs?: number;
  /** `application_name` of the connections, as `pg_stat_activity` shows it. */
  applicationName?: string;
  /**
   * Runs parameterised queries as named prepared statements (see `preparingPool`); on by default. Off for a
   * connection pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements?: boolean;
}

/** Default of {@link PostgresOpenOptions.connectTimeoutMs}: requests fail fast rather than pile up. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Opens a PostgreSQL pool through `pg`. Connections are made lazily. A connection that dies (failover, restart,
 * `pg_terminate_backend`) fails its query with 503 DATABASE_UNAVAILABLE and is replaced; it never ends the process.
 */
export function openPostgres(connectionString: string, options: PostgresOpenOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: poolTypes(),
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    // A peer that vanished without a reset (a failover behind a proxy) is noticed instead of waited on forever.
    keepAlive: true,
    ...(options.applicationName ? { application_name: options.applicationName } : {}),
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  pool.on('error', (error) => {
    // pg-pool attaches the whole client (its config and buffers) to the error: not for the log.
    delete (error as Error & { client?: unknown }).client;
    options.onPoolError?.(error);
  });
  // A checked-out client has no listener of the pool's: its 'error' (the backend was terminated) would be an
  // unhandled event that ends the process. The query in flight gets the error itself and the pool discards the
  // client when it is released (it is no longer queryable), so the listener has nothing more to do.
  pool.on('connect', (client) => {
    client.on('error', ignoreCheckedOutClientError);
  });
  const queries = options.preparedStatements === false ? pool : preparingPool(pool);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: failingClearlyPool(queries) }),
  });
  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    db,
    openListenSession: () => openPostgresListenSession(connectionString, options),
    close() {
      closing ??= db.destroy();
      return closing;
    },
  };
}

function ignoreCheckedOutClientError(): void {}

/** A connection of its own outside the pool: a LISTEN holds its session for as long as it listens. */
async function openPostgresListenSession(
  connectionString: string,
  options: PostgresOpenOptions,
): Promise<ListenSession> {
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: `${options.applicationName ?? 'qoltanba'} listen`,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  let lost: ((error: unknown) => void) | undefined;
  let ended = false;
  const loseOnce = (error: unknown) => {
    if (ended) return;
    ended = true;
    lost?.(error);
  };
  client.on('error', loseOnce);
  client.on('end', () => loseOnce(new Error('listen connection ended')));
  try {
    await client.connect();
  } catch (error) {
    ended = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    query: async (statement) => (await client.query(statement)).rows,
    onNotification(listener) {
      client.on('notification', (message) => listener(message.channel, message.payload ?? ''));
    },
    onLost(listener) {
      lost = listener;
    },
    async close() {
      ended = true;
      await client.end().catch(() => undefined);
    },
  };
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in `<dataDir>/pglite`. */
export async function openConfiguredDatabase(
  config: {
    databaseUrl: string | undefined;
    dataDir: string;
    databasePreparedStatements?: boolean;
    databaseConnectTimeoutSeconds?: number;
  },
  options: Pick<PostgresOpenOptions, 'onPoolError'> = {},
): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      ...options,
      preparedStatements: config.databasePreparedStatements ?? true,
      // An application_name in DATABASE_URL wins over this one.
      applicationName: 'qoltanba',
      ...(config.databaseConnectTimeoutSeconds === undefined
        ? {}
        : { connectTimeoutMs: Math.round(config.databaseConnectTimeoutSeconds * 1000) }),
    });
  }
  return openPGlite({ dataDir: join(config.dataDir, 'pglite'), createApart: true });
}

/** Answers whether the database responds to `select 1` within the timeout. */
export async function pingDatabase(db: Kysely<Database>, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    const ping = sql<{ ok: number }>`select 1 as ok`
      .execute(db)
      .then((result) => result.rows[0]?.ok === 1)
      .catch(() => false);
    return await Promise.race([ping, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
