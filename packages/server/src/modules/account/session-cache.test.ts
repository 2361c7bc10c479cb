import { describe, expect, it } from 'vitest';
import { useSuiteDatabase } from '../../testing/suite-database.js';
import { testDatabases } from '../../testing/test-databases.js';
import { createTokenService } from './token-service.js';

const SECRET = 'x'.repeat(32);

describe.each(testDatabases())('session cache of the access check on $name', (backend) => {
  const database = useSuiteDatabase(backend);
  let users = 0;

  /** A token service at a clock the test moves, and a new user. */
  async function setup(sessionCacheSeconds: number) {
    const { db } = database;
    let now = new Date('2026-03-02T06:00:00Z');
    users += 1;
    const id = `00000000-0000-4000-8000-${String(users).padStart(12, '0')}`;
    await db
      .insertInto('users')
      .values({
        id,
        email: `cache-${users}@example.kz`,
        phone: null,
        password_hash: 'x',
        firstname: 'A',
        lastname: 'B',
        lang: 'ru',
        avatar_key: null,
        avatar_mime: null,
        created_at: now,
      })
      .execute();
    const tokens = createTokenService({ db, clock: () => now, secret: SECRET, sessionCacheSeconds });
    /** Revokes every session of the user behind the service's back, like another instance would. */
    const revokeElsewhere = () =>
      db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', id).execute();
    const advance = (ms: number) => {
      now = new Date(now.getTime() + ms);
    };
    return { tokens, userId: id, revokeElsewhere, advance };
  }

  it('trusts a session it found open for the configured seconds, then reads it again', async () => {
    const { tokens, userId, revokeElsewhere, advance } = await setup(2);
    const { access_token } = await tokens.startSession(userId);
    expect(await tokens.verifyAccess(access_token)).toMatchObject({ userId });
    await revokeElsewhere();
    // Within the TTL the remembered session answers (a revocation on another instance is not seen yet).
    advance(1900);
    expect(await tokens.verifyAccess(access_token)).toMatchObject({ userId });
    advance(200);
    expect(await tokens.verifyAccess(access_token)).toBeUndefined();
  });

  it('reads the session every time with 0 seconds', async () => {
    const { tokens, userId, revokeElsewhere } = await setup(0);
    const { access_token } = await tokens.startSession(userId);
    expect(await tokens.verifyAccess(access_token)).toMatchObject({ userId });
    await revokeElsewhere();
    expect(await tokens.verifyAccess(access_token)).toBeUndefined();
  });

  it('forgets a session revoked here at once: logout and the end of all sessions', async () => {
    const { tokens, userId } = await setup(10);
    const one = await tokens.startSession(userId);
    const two = await tokens.startSession(userId);
    const three = await tokens.startSession(userId);
    for (const session of [one, two, three]) {
      expect(await tokens.verifyAccess(session.access_token)).toMatchObject({ userId });
    }
    const sid = (await tokens.verifyAccess(one.access_token))?.sessionId as string;
    await tokens.revokeSession(sid);
    expect(await tokens.verifyAccess(one.access_token)).toBeUndefined();
    expect(await tokens.verifyAccess(two.access_token)).toMatchObject({ userId });
    await tokens.revokeAllSessions(userId);
    expect(await tokens.verifyAccess(two.access_token)).toBeUndefined();
    expect(await tokens.verifyAccess(three.access_token)).toBeUndefined();
  });

  it('does not remember a read that raced a local revocation', async () => {
    const { tokens, userId } = await setup(10);
    const { access_token } = await tokens.startSession(userId);
    const { id: sid } = await database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    // The check starts before the revocation and may read the session still open; it must not be kept.
    const racing = tokens.verifyAccess(access_token);
    await tokens.revokeSession(sid);
    await racing;
    expect(await tokens.verifyAccess(access_token)).toBeUndefined();
  });
});
