import { REFRESH_TOKEN_SECONDS } from '@qoltanba/core';
import { type Kysely, sql } from 'kysely';
import { type JobLockResult, withJobLock } from '../../db/job-lock.js';
import type { Database } from '../../db/schema.js';

/** Advisory-lock name of the housekeeping job: one instance runs each round. */
export const HOUSEKEEPING_JOB = 'housekeeping';

/** How long spent codes, expired refresh tokens and past lockouts are kept. */
export const HOUSEKEEPING_RETENTION_SECONDS = 24 * 60 * 60;

/** Rows one housekeeping run deleted, per table. */
export interface HousekeepingCounts {
  oneTimeCodes: number;
  refreshTokens: number;
  sessions: number;
  codeLockouts: number;
}

const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/**
 * Deletes what no request can use any more, under the job lock (`{ran: false}` when another instance is
 * running it): one-time codes expired or consumed over a day ago; refresh tokens expired over a day ago
 * (a rotated token stays until it expires, so presenting it again revokes its session for its whole life);
 * sessions revoked or expired more than REFRESH_TOKEN_SECONDS ago that hold no live token; code lockouts
 * whose lock and last failure are over a day old.
 */
export async function runHousekeeping(
  db: Kysely<Database>,
  now: Date,
): Promise<JobLockResult<HousekeepingCounts>> {
  const cutoff = ago(now, HOUSEKEEPING_RETENTION_SECONDS);
  const sessionCutoff = ago(now, REFRESH_TOKEN_SECONDS);
  return withJobLock(db, HOUSEKEEPING_JOB, async (trx) => {
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
    const codeLockouts = await trx
      .deleteFrom('code_lockouts')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', cutoff)]))
      .where((eb) => eb.or([eb('last_failure_at', 'is', null), eb('last_failure_at', '<', cutoff)]))
      .executeTakeFirst();
    return {
      oneTimeCodes: Number(oneTimeCodes.numDeletedRows),
      refreshTokens: Number(refreshTokens.numDeletedRows),
      sessions: Number(sessions.numDeletedRows),
      codeLockouts: Number(codeLockouts.numDeletedRows),
    };
  });
}
