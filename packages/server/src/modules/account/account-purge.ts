import { REFRESH_TOKEN_SECONDS } from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How long spent codes, expired refresh tokens and past lockouts are kept. */
export const ACCOUNT_RETENTION_SECONDS = 24 * 60 * 60;

/** Rows one {@link purgeSpentAccountRows} deleted, per table. */
export interface AccountPurgeCounts {
  oneTimeCodes: number;
  refreshTokens: number;
  sessions: number;
  /** Login throttle rows (failure counts and locks) whose lock and last failure are over a day old. */
  loginThrottles: number;
}

const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Deletes the account rows no request can use any more: one-time codes expired or consumed over a day ago;
 * refresh tokens expired over a day ago (a rotated token stays until it expires, so presenting it again revokes
 * its session for its whole life); sessions revoked or expired more than REFRESH_TOKEN_SECONDS ago that hold no
 * live token; login throttle rows whose lock and last failure are over a day old. Run it under the housekeeping lock.
 */
export async function purgeSpentAccountRows(trx: Kysely<Database>, now: Date): Promise<AccountPurgeCounts> {
  const cutoff = ago(now, ACCOUNT_RETENTION_SECONDS);
  const sessionCutoff = ago(now, REFRESH_TOKEN_SECONDS);
  // Sessions go first: their remaining tokens go with them (on delete cascade).
  const sessions = await trx
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('revoked_at', '<', sessionCutoff), eb('expires_at', '<', sessionCutoff)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('refresh_tokens')
            .select(sql`1`.as('live'))
            .whereRef('refresh_tokens.session_id', '=', 'sessions.id')
            .where('refresh_tokens.used_at', 'is', null)
            .where('refresh_tokens.expires_at', '>', now),
        ),
      ),
    )
    .executeTakeFirst();
  const refreshTokens = await trx
    .deleteFrom('refresh_tokens')
    .where('expires_at', '<', cutoff)
    .executeTakeFirst();
  const oneTimeCodes = await trx
    .deleteFrom('one_time_codes')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('consumed_at', '<', cutoff)]))
    .executeTakeFirst();
  const loginThrottles = await trx
    .deleteFrom('login_throttles')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', cutoff)]))
    .where((eb) => eb.or([eb('last_failure_at', 'is', null), eb('last_failure_at', '<', cutoff)]))
    .executeTakeFirst();
  return {
    oneTimeCodes: Number(oneTimeCodes.numDeletedRows),
    refreshTokens: Number(refreshTokens.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    loginThrottles: Number(loginThrottles.numDeletedRows),
  };
}
