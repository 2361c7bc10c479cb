import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** Seconds a client is told to wait before retrying after the database was unreachable (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL SQLSTATEs that mean the connection or the server is gone, not that the query was wrong: class 08
 * (connection exception), 57P01-57P05 (admin shutdown, crash shutdown, cannot connect now, idle session
 * timeout, database dropped), 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || /^57P0[1-5]$/.test(code) || code === '53300';
}

/** Node socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages `pg` and `pg-pool` give a dead, timed-out or closed connection (they carry no code). */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^Cannot use a pool after calling end on the pool/,
];

function property(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * True when an error from `pg` (or one it wraps as `cause`, or, for a connect to several addresses, in `errors`)
 * says the database could not be reached or the connection died, so that a retry may succeed. Only for errors
 * of the database driver: other clients (SMTP, fetch) share the socket codes.
 */
export function isConnectionFailure(error: unknown, depth = 0): boolean {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const code = property(error, 'code');
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code)) return true;
    // pg's DatabaseError: a five-character SQLSTATE with a severity.
    if (property(error, 'severity') !== undefined && isUnavailableSqlState(code)) return true;
  }
  const message = property(error, 'message');
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  const errors = property(error, 'errors');
  if (Array.isArray(errors) && errors.some((inner) => isConnectionFailure(inner, depth + 1))) return true;
  return isConnectionFailure(property(error, 'cause'), depth + 1);
}

/**
 * The database could not be reached or the connection died; `cause` is the driver's error. HTTP answers it as
 * 503 DATABASE_UNAVAILABLE with Retry-After (`http/error-reply.ts`). Plain, not an AppError: this layer knows no HTTP.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** `error` as a {@link DatabaseUnavailableError} when it is a {@link isConnectionFailure}, else unchanged. */
export function asDatabaseUnavailable(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isConnectionFailure(error)) return error;
  return new DatabaseUnavailableError(error);
}

function rethrow(error: unknown): never {
  throw asDatabaseUnavailable(error);
}

/**
 * A pool for kysely's PostgresDialect whose connects and queries reject with a DatabaseUnavailableError when the
 * database is unreachable or the connection died (a failover, a restart, `pg_terminate_backend`), so requests
 * answer a retryable code instead of a 500. Other errors (constraint violations, stale statements) pass as they are.
 */
export function failingClearlyPool(pool: PostgresPool): PostgresPool {
  // kysely keys its connection objects on the client, so each client keeps one wrapper.
  const clients = new WeakMap<PostgresPoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect().catch(rethrow);
      let wrapped = clients.get(client);
      if (!wrapped) {
        wrapped = failingClearlyClient(client);
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    end: () => pool.end(),
  };
}

function failingClearlyClient(client: PostgresPoolClient): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor);
    return client.query<R>(sqlOrCursor, parameters ?? []).catch(rethrow);
  }
  return { query, release: (destroy?: boolean) => client.release(destroy) };
}
