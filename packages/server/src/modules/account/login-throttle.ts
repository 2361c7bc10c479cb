import {
  AppError,
  LOGIN_LOCK_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_SLOWDOWN_AFTER,
  LOGIN_SLOWDOWN_MAX_SECONDS,
} from '@qoltanba/core';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, ThrottleKindColumn } from '../../db/schema.js';

/** The account key whose failed logins of one kind are counted: a user id for passwords, a contact for codes. */
export interface ThrottleKey {
  kind: ThrottleKindColumn;
  target: string;
  /** As the codes' subject ('' for none). */
  subject: string;
}

/** The `source` of the row that counts the failures of all clients together. */
export const ALL_SOURCES = '*';

/** A guess that may be checked, counted before it is; {@link settleLoginAttempt} takes it back when it was right. */
export interface ReservedAttempt {
  key: ThrottleKey;
  source: string;
  /** Set when this was the client's last allowed guess: its lock holds already; a wrong guess answers it. */
  lockUntil: Date | undefined;
  /** The wait this guess set for all clients, if any. */
  slowUntil: Date | undefined;
}

/** How one row answers a counted failure: what the count becomes and until when the row refuses guesses. */
interface RowRule {
  failures(counted: RawBuilder<number>): RawBuilder<number>;
  lockedUntil(counted: RawBuilder<number>): RawBuilder<Date | null>;
}

/** One client: LOGIN_MAX_FAILURES in a row lock it for LOGIN_LOCK_SECONDS, and it starts over after the lock. */
const perClient = (now: Date): RowRule => {
  const until = new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000);
  const last = (counted: RawBuilder<number>) => sql<boolean>`${counted} >= ${LOGIN_MAX_FAILURES}`;
  return {
    failures: (counted) => sql<number>`case when ${last(counted)} then 0 else ${counted} end`,
    lockedUntil: (counted) =>
      sql<Date | null>`case when ${last(counted)} then ${until}::timestamptz else null end`,
  };
};

// The count keeps growing under a long attack; 2^1024 would overflow a double (a 500), 2^30 s is past any cap.
const EXPONENT_CAP = 30;

/** All clients: from the LOGIN_SLOWDOWN_AFTER-th failure on, each try waits 1 s, 2 s, 4 s … up to the cap. */
const allClients = (now: Date): RowRule => ({
  failures: (counted) => counted,
  lockedUntil: (counted) => sql<Date | null>`case when ${counted} >= ${LOGIN_SLOWDOWN_AFTER}
    then ${now}::timestamptz + least(power(2, least(${counted} - ${LOGIN_SLOWDOWN_AFTER}, ${EXPONENT_CAP})),
      ${LOGIN_SLOWDOWN_MAX_SECONDS}) * interval '1 second'
    else null end`,
});

type RowAnswer = { allowed: true; lockedUntil: Date | undefined } | { allowed: false; until: Date };

/**
 * Counts a failure on one row before the guess is checked, in one statement, so concurrent guesses cannot all
 * pass a read-then-check. Failures whose last one is older than LOGIN_LOCK_SECONDS start over.
 */
async function reserveRow(
  db: Kysely<Database>,
  key: ThrottleKey,
  source: string,
  now: Date,
  rule: RowRule,
): Promise<RowAnswer> {
  const windowStart = new Date(now.getTime() - LOGIN_LOCK_SECONDS * 1000);
  const counted = sql<number>`case when login_throttles.last_failure_at is null
    or login_throttles.last_failure_at < ${windowStart} then 1 else login_throttles.failures + 1 end`;
  const first = sql<number>`1`;
  const reserved = await db
    .insertInto('login_throttles')
    .values({
      ...key,
      source,
      failures: rule.failures(first),
      last_failure_at: now,
      locked_until: rule.lockedUntil(first),
    })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'target', 'subject', 'source'])
        .doUpdateSet({
          failures: rule.failures(counted),
          locked_until: rule.lockedUntil(counted),
          last_failure_at: now,
        })
        .where(sql<boolean>`login_throttles.locked_until is null or login_throttles.locked_until <= ${now}`),
    )
    .returning('locked_until')
    .executeTakeFirst();
  if (reserved) {
    return {
      allowed: true,
      lockedUntil: reserved.locked_until ? new Date(reserved.locked_until) : undefined,
    };
  }
  const until = await lockedUntil(db, key, source);
  // The lock may have been lifted in between; the guess is still refused (the caller answers as locked).
  return { allowed: false, until: until ?? now };
}

async function lockedUntil(
  db: Kysely<Database>,
  key: ThrottleKey,
  source: string,
): Promise<Date | undefined> {
  const row = await db
    .selectFrom('login_throttles')
    .select('locked_until')
    .where((eb) => eb.and({ ...key, source }))
    .executeTakeFirst();
  return row?.locked_until ? new Date(row.locked_until) : undefined;
}

const blocked = (until: Date) => new AppError('ACCOUNT_BLOCKED', { until: until.toISOString() });
const slowedDown = (until: Date, now: Date) =>
  new AppError('RATE_LIMITED', {
    retryAfter: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)),
  });

/** ACCOUNT_BLOCKED {until} when this client is locked out of this key (sending a code asks this too). */
export async function assertClientNotLocked(
  db: Kysely<Database>,
  key: ThrottleKey,
  source: string,
  now: Date,
): Promise<void> {
  const until = await lockedUntil(db, key, source);
  if (until && until > now) throw blocked(until);
}

/**
 * Counts a guess for the client and for all clients before it is checked. Throws ACCOUNT_BLOCKED {until} when
 * the client is locked out of this key, RATE_LIMITED {retryAfter} while all clients must wait (that refusal
 * is not counted against the client, so an owner waiting out someone else's guessing is never locked).
 */
export async function reserveLoginAttempt(
  db: Kysely<Database>,
  key: ThrottleKey,
  source: string,
  now: Date,
): Promise<ReservedAttempt> {
  const client = await reserveRow(db, key, source, now, perClient(now));
  if (!client.allowed) throw blocked(client.until);
  const all = await reserveRow(db, key, ALL_SOURCES, now, allClients(now));
  if (!all.allowed) {
    await refundClient(db, key, source, client.lockedUntil);
    throw slowedDown(all.until, now);
  }
  return { key, source, lockUntil: client.lockedUntil, slowUntil: all.lockedUntil };
}

/** Takes back a client's counted guess that was never checked (and the lock it set, if it did). */
async function refundClient(
  db: Kysely<Database>,
  key: ThrottleKey,
  source: string,
  lockUntil: Date | undefined,
): Promise<void> {
  const row = db.updateTable('login_throttles').where((eb) => eb.and({ ...key, source }));
  if (lockUntil) {
    await row
      .set({ failures: LOGIN_MAX_FAILURES - 1, locked_until: null })
      .where('locked_until', '=', lockUntil)
      .execute();
  } else {
    await row.set({ failures: sql<number>`greatest(login_throttles.failures - 1, 0)` }).execute();
  }
}

/**
 * After a right guess: the client's count starts over (and a lock this guess set is lifted), and the guess no
 * longer counts for all clients (nor does the wait it set hold), so an owner's own logins never slow the account.
 */
export async function settleLoginAttempt(db: Kysely<Database>, attempt: ReservedAttempt): Promise<void> {
  const { key, source } = attempt;
  await db
    .updateTable('login_throttles')
    .set(attempt.lockUntil ? { failures: 0, locked_until: null } : { failures: 0 })
    .where((eb) => eb.and({ ...key, source }))
    .execute();
  await db
    .updateTable('login_throttles')
    .set({ failures: sql<number>`greatest(login_throttles.failures - 1, 0)` })
    .where((eb) => eb.and({ ...key, source: ALL_SOURCES }))
    .execute();
  if (attempt.slowUntil) {
    await db
      .updateTable('login_throttles')
      .set({ locked_until: null })
      .where((eb) => eb.and({ ...key, source: ALL_SOURCES }))
      .where('locked_until', '=', attempt.slowUntil)
      .execute();
  }
}

/**
 * Forgets the counts and locks of a kind for these targets (any subject) of one client and of all clients
 * together: after a recovery the owner's client starts afresh, while other clients' locks stand.
 */
export async function clearLoginThrottles(
  db: Kysely<Database>,
  kind: ThrottleKindColumn,
  targets: readonly string[],
  source: string,
): Promise<void> {
  if (targets.length === 0) return;
  await db
    .deleteFrom('login_throttles')
    .where('kind', '=', kind)
    .where('target', 'in', [...targets])
    .where('source', 'in', [source, ALL_SOURCES])
    .execute();
}
