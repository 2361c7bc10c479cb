import { LOGIN_LOCK_SECONDS, LOGIN_MAX_FAILURES } from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CountedAttempt } from './counted-attempt.js';

/**
 * Counts a password attempt before the password is checked, in one UPDATE, so concurrent wrong passwords
 * cannot all pass a read-then-check: at most LOGIN_MAX_FAILURES are checked per lock window. The last
 * allowed attempt sets the lock at once (other requests are refused while it is checked);
 * {@link settlePasswordAttempt} lifts it again when that password was right.
 */
export async function reservePasswordAttempt(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<CountedAttempt> {
  const until = new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000);
  const last = sql<boolean>`users.password_failures + 1 >= ${LOGIN_MAX_FAILURES}`;
  const reserved = await db
    .updateTable('users')
    .set({
      password_failures: sql<number>`case when ${last} then 0 else users.password_failures + 1 end`,
      password_locked_until: sql<Date | null>`case when ${last} then ${until}::timestamptz else null end`,
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('password_locked_until', 'is', null), eb('password_locked_until', '<=', now)]))
    .returning('password_locked_until')
    .executeTakeFirst();
  if (reserved) {
    const lockUntil = reserved.password_locked_until ? new Date(reserved.password_locked_until) : undefined;
    return { allowed: true, lockUntil };
  }
  const row = await db
    .selectFrom('users')
    .select('password_locked_until')
    .where('id', '=', userId)
    .executeTakeFirst();
  // The lock may have been lifted by a right password in between; the caller still answers "blocked".
  return { allowed: false, until: row?.password_locked_until ? new Date(row.password_locked_until) : until };
}

/** After a right password: the count starts over, and a lock this attempt set is lifted. */
export async function settlePasswordAttempt(
  db: Kysely<Database>,
  userId: string,
  attempt: { lockUntil: Date | undefined },
): Promise<void> {
  await db
    .updateTable('users')
    .set(attempt.lockUntil ? { password_failures: 0, password_locked_until: null } : { password_failures: 0 })
    .where('id', '=', userId)
    .execute();
}
