import { randomUUID } from 'node:crypto';
import { REFRESH_TOKEN_SECONDS } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { withJobLock } from '../../db/job-lock.js';
import type { Database } from '../../db/schema.js';
import { useSuiteDatabase } from '../../testing/suite-database.js';
import { testDatabases } from '../../testing/test-databases.js';
import { HOUSEKEEPING_JOB, type HousekeepingCounts, runHousekeeping } from './housekeeping.js';

const NOW = new Date('2026-03-02T06:00:00Z');
const DAY = 24 * 60 * 60;
const at = (secondsFromNow: number) => new Date(NOW.getTime() + secondsFromNow * 1000);

/** Rows on both sides of every rule; the names say whether housekeeping must delete them. */
async function seed(db: Kysely<Database>): Promise<void> {
  const userId = randomUUID();
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: `${userId}@example.kz`,
      phone: null,
      password_hash: 'x',
      firstname: 'Айгерим',
      lastname: 'Бекова',
      lang: 'kk',
      avatar_key: null,
      avatar_mime: null,
      created_at: at(-90 * DAY),
    })
    .execute();

  const code = (id: string, expiresIn: number, consumedAgo: number | null) => ({
    id: randomUUID(),
    purpose: 'otp' as const,
    channel: 'email' as const,
    target: id,
    subject: '',
    code_hash: 'h',
    expires_at: at(expiresIn),
    consumed_at: consumedAgo === null ? null : at(-consumedAgo),
    created_at: at(expiresIn - 600),
  });
  await db
    .insertInto('one_time_codes')
    .values([
      code('delete:expired-over-a-day-ago', -DAY - 1, null),
      code('delete:consumed-over-a-day-ago', -DAY + 60, DAY + 1),
      code('keep:expired-within-a-day', -DAY + 60, null),
      code('keep:consumed-within-a-day', -60, 120),
      code('keep:live', 300, null),
    ])
    .execute();

  const session = (id: string, expiresIn: number, revokedAgo: number | null) => ({
    id,
    user_id: userId,
    created_at: at(-60 * DAY),
    expires_at: at(expiresIn),
    revoked_at: revokedAgo === null ? null : at(-revokedAgo),
  });
  const ids = {
    revokedLongAgo: randomUUID(),
    expiredLongAgo: randomUUID(),
    revokedRecently: randomUUID(),
    expiredRecently: randomUUID(),
    live: randomUUID(),
    revokedLongAgoWithLiveToken: randomUUID(),
  };
  await db
    .insertInto('sessions')
    .values([
      session(ids.revokedLongAgo, -REFRESH_TOKEN_SECONDS + DAY, REFRESH_TOKEN_SECONDS + 1),
      session(ids.expiredLongAgo, -REFRESH_TOKEN_SECONDS - 1, null),
      session(ids.revokedRecently, DAY, 60),
      session(ids.expiredRecently, -REFRESH_TOKEN_SECONDS + 60, null),
      session(ids.live, REFRESH_TOKEN_SECONDS - 60, null),
      session(ids.revokedLongAgoWithLiveToken, DAY, REFRESH_TOKEN_SECONDS + 1),
    ])
    .execute();

  const token = (hash: string, sessionId: string, expiresIn: number, usedAgo: number | null) => ({
    token_hash: hash,
    session_id: sessionId,
    expires_at: at(expiresIn),
    used_at: usedAgo === null ? null : at(-usedAgo),
    created_at: at(expiresIn - REFRESH_TOKEN_SECONDS),
  });
  await db
    .insertInto('refresh_tokens')
    .values([
      token('delete:expired-over-a-day-ago', ids.live, -DAY - 1, null),
      token('keep:rotated-but-unexpired', ids.live, 10 * DAY, DAY + 1),
      token('delete:rotated-and-expired-over-a-day-ago', ids.live, -DAY - 1, 2 * DAY),
      token('keep:rotated-within-a-day', ids.live, 20 * DAY, 3600),
      token('keep:expired-within-a-day', ids.live, -3600, null),
      token('keep:live', ids.live, REFRESH_TOKEN_SECONDS - 60, null),
      token('keep:live-in-revoked-session', ids.revokedLongAgoWithLiveToken, DAY, null),
    ])
    .execute();

  const lockout = (target: string, lockedAgo: number | null, failedAgo: number | null) => ({
    kind: 'otp' as const,
    target,
    subject: '',
    source: '10.0.0.1',
    locked_until: lockedAgo === null ? null : at(-lockedAgo),
    failures: 0,
    last_failure_at: failedAgo === null ? null : at(-failedAgo),
  });
  await db
    .insertInto('login_throttles')
    .values([
      lockout('delete:lock-and-failure-over-a-day-ago', DAY + 1, DAY + 901),
      lockout('delete:failure-over-a-day-ago', null, 2 * DAY),
      lockout('keep:locked-until-an-hour-ago', 3600, 4500),
      lockout('keep:still-locked', -600, 300),
      lockout('keep:failed-two-hours-ago', null, 7200),
    ])
    .execute();
}

const EXPECTED: HousekeepingCounts = { oneTimeCodes: 2, refreshTokens: 2, sessions: 2, loginThrottles: 2 };

describe.each(testDatabases())('housekeeping on $name', (backend) => {
  const database = useSuiteDatabase(backend);
  beforeEach(async () => {
    await database.db.deleteFrom('users').execute(); // cascades to sessions and refresh tokens
    await database.db.deleteFrom('one_time_codes').execute();
    await database.db.deleteFrom('login_throttles').execute();
    await seed(database.db);
  });

  async function remaining() {
    const { db } = database;
    return {
      codes: (await db.selectFrom('one_time_codes').select('target').orderBy('target').execute()).map(
        (row) => row.target,
      ),
      tokens: (
        await db.selectFrom('refresh_tokens').select('token_hash').orderBy('token_hash').execute()
      ).map((row) => row.token_hash),
      sessions: (await db.selectFrom('sessions').select('id').execute()).length,
      lockouts: (await db.selectFrom('login_throttles').select('target').orderBy('target').execute()).map(
        (row) => row.target,
      ),
    };
  }

  it('deletes spent codes, tokens, sessions and lockouts, and keeps what may still be used', async () => {
    const result = await runHousekeeping(database.db, NOW);
    expect(result).toEqual({ ran: true, value: EXPECTED });
    const left = await remaining();
    expect(left.codes).toEqual(['keep:consumed-within-a-day', 'keep:expired-within-a-day', 'keep:live']);
    expect(left.tokens).toEqual([
      'keep:expired-within-a-day',
      'keep:live',
      'keep:live-in-revoked-session',
      'keep:rotated-but-unexpired',
      'keep:rotated-within-a-day',
    ]);
    // Kept: revoked or expired recently, live, and the one revoked long ago that still holds a live token.
    expect(left.sessions).toBe(4);
    expect(left.lockouts).toEqual([
      'keep:failed-two-hours-ago',
      'keep:locked-until-an-hour-ago',
      'keep:still-locked',
    ]);
    expect(await runHousekeeping(database.db, NOW)).toEqual({
      ran: true,
      value: { oneTimeCodes: 0, refreshTokens: 0, sessions: 0, loginThrottles: 0 },
    });
  });

  it('deletes the tokens of a deleted session with it', async () => {
    const sessionId = randomUUID();
    const user = await database.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    await database.db
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: user.id,
        created_at: at(-90 * DAY),
        expires_at: at(-31 * DAY),
        revoked_at: null,
      })
      .execute();
    await database.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: 'old-session-token',
        session_id: sessionId,
        expires_at: at(-3600),
        created_at: at(-2 * DAY),
      })
      .execute();
    await runHousekeeping(database.db, NOW);
    expect((await remaining()).tokens).not.toContain('old-session-token');
  });

  it('two concurrent runs: one does the work', async () => {
    const results = await Promise.all([runHousekeeping(database.db, NOW), runHousekeeping(database.db, NOW)]);
    const totals = results.map((result) =>
      result.ran ? Object.values(result.value).reduce((sum, n) => sum + n, 0) : 0,
    );
    // Either the other run was skipped (another session held the lock) or it ran after and found nothing.
    expect(totals.toSorted()).toEqual([0, 8]);
    expect((await remaining()).sessions).toBe(4);
  });

  // One PGlite session: a second caller would wait for the holder, not skip. PostgreSQL only.
  if (backend.name === 'postgres') {
    it('skips the round while another instance holds the job lock', async () => {
      const held = await withJobLock(database.db, HOUSEKEEPING_JOB, () => runHousekeeping(database.db, NOW));
      expect(held).toEqual({ ran: true, value: { ran: false } });
      expect((await remaining()).codes).toHaveLength(5);
    });
  }
});
