import type { Kysely } from 'kysely';
import { type JobLockResult, withJobLock } from '../../db/job-lock.js';
import type { Database } from '../../db/schema.js';
import {
  ACCOUNT_RETENTION_SECONDS,
  type AccountPurgeCounts,
  purgeSpentAccountRows,
} from '../account/index.js';

/** Advisory-lock name of the housekeeping job: one instance runs each round. */
export const HOUSEKEEPING_JOB = 'housekeeping';

/** How long spent codes, expired refresh tokens and past lockouts are kept. */
export const HOUSEKEEPING_RETENTION_SECONDS = ACCOUNT_RETENTION_SECONDS;

/** Rows one housekeeping run deleted, per table. */
export type HousekeepingCounts = AccountPurgeCounts;

/**
 * One housekeeping round under the job lock (`{ran: false}` when another instance is running it): the account
 * module deletes what no request can use any more (see `purgeSpentAccountRows`).
 */
export async function runHousekeeping(
  db: Kysely<Database>,
  now: Date,
): Promise<JobLockResult<HousekeepingCounts>> {
  return withJobLock(db, HOUSEKEEPING_JOB, (trx) => purgeSpentAccountRows(trx, now));
}
