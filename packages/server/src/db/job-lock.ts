import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Namespace (first key) of job advisory locks, apart from the migration lock. */
export const JOB_LOCK_NAMESPACE = 0x4a_6f_62; // "Job"

/** Result of {@link withJobLock}: whether this caller ran the job, and its value when it did. */
export type JobLockResult<T> = { ran: true; value: T } | { ran: false };

/**
 * Runs `fn` inside a transaction holding the advisory lock `name`, or skips it when another
 * session holds that lock right now. Periodic jobs use it so that, with several server instances on one
 * database, each run happens once. The lock is released with the transaction. Advisory locks are database-wide, so
 * the key includes the schema: deployments (and test suites) in other schemas of one database do not skip each other's runs.
 */
export async function withJobLock<T>(
  db: Kysely<Database>,
  name: string,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<JobLockResult<T>> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(${JOB_LOCK_NAMESPACE}, hashtext(current_schema() || ':' || ${name})) as locked`.execute(
      trx,
    );
    if (rows[0]?.locked !== true) return { ran: false };
    return { ran: true, value: await fn(trx) };
  });
}
