import { setTimeout as pause } from 'node:timers/promises';
import pg from 'pg';

/** A lock some session may be waiting for, as {@link waitForLockWaiter} looks for it in `pg_locks`. */
export type AwaitedLock =
  /** A table of the session's schema (e.g. a writer held up by {@link holdTableLock}). */
  | { table: string }
  /** `pg_advisory_xact_lock(hashtext(name))` and its siblings taken on a text name. */
  | { advisoryName: string };

/** Opens a PostgreSQL session of its own on `schema`, beside the server's pool, to hold and watch locks. */
export async function openLockSession(url: string, schema: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`select set_config('search_path', $1, false)`, [schema]);
  return client;
}

/**
 * Locks `table` in SHARE mode inside a transaction of `session`: readers go on, every insert, update or
 * delete waits. Resolves to the function that lets them through (rolls the transaction back).
 */
export async function holdTableLock(session: pg.Client, table: string): Promise<() => Promise<void>> {
  await session.query('begin');
  await session.query(`lock table ${pg.escapeIdentifier(table)} in share mode`);
  return async () => {
    await session.query('rollback');
  };
}

// An advisory lock on a bigint key shows as classid = high 32 bits, objid = low 32 bits, objsubid = 1.
const WAITERS_SQL = `
  select count(*)::int as waiting from pg_locks
  where not granted
    and database = (select oid from pg_database where datname = current_database())
    and (
      ($1::text is not null and locktype = 'relation' and relation = to_regclass($1))
      or ($2::text is not null and locktype = 'advisory' and objsubid = 1
        and classid::bigint = (hashtext($2)::bigint >> 32) & 4294967295
        and objid::bigint = hashtext($2)::bigint & 4294967295)
    )`;

/**
 * Polls `pg_locks` from `observer` until some session waits for `lock`. Resolves false after `timeoutMs`
 * without one, so the caller can fail with a message saying which wait never came.
 */
export async function waitForLockWaiter(
  observer: pg.Client,
  lock: AwaitedLock,
  timeoutMs = 5000,
): Promise<boolean> {
  const params = 'table' in lock ? [lock.table, null] : [null, lock.advisoryName];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await observer.query<{ waiting: number }>(WAITERS_SQL, params);
    if ((rows[0]?.waiting ?? 0) > 0) return true;
    if (Date.now() >= deadline) return false;
    // Polling, not ordering: nothing happens until the awaited waiter shows up.
    await pause(10);
  }
}
