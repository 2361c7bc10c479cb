import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testClock } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { HOUSEKEEPING_FIRST_DELAY_MS } from './housekeeping-module.js';

describe.each(testDatabases())('housekeeping module on $name', (backend) => {
  let server: TestApp | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await server?.close();
    server = undefined;
  });

  async function startWithExpiredCode(interval: string, supportRetentionDays = '365'): Promise<TestApp> {
    // Only the job's timers are faked; the database and HTTP layer keep their own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = testClock();
    const app = await createTestApp({
      backend,
      clock: clock.now,
      env: { HOUSEKEEPING_INTERVAL_MINUTES: interval, QOLTANBA_SUPPORT_RETENTION_DAYS: supportRetentionDays },
    });
    const code = (target: string, expiresInMs: number) => ({
      id: randomUUID(),
      purpose: 'otp' as const,
      channel: 'email' as const,
      target,
      subject: '',
      code_hash: 'h',
      expires_at: new Date(clock.now().getTime() + expiresInMs),
      created_at: new Date(clock.now().getTime() + expiresInMs - 600_000),
    });
    // The test clock stands months before the real one: by the real clock both codes are long expired.
    await app.services.database.db
      .insertInto('one_time_codes')
      .values([code('spent@example.kz', -2 * 24 * 3600 * 1000), code('live@example.kz', 300_000)])
      .execute();
    // A support conversation closed 400 days ago (by the injected clock).
    const closedAt = new Date(clock.now().getTime() - 400 * 24 * 3600 * 1000);
    const conversation = await app.services.database.db
      .insertInto('support_conversations')
      .values({
        subject: 'user:old',
        status: 'closed',
        visitor_kind: 'user',
        visitor_name: null,
        visitor_email: null,
        language: null,
        page_url: null,
        created_at: closedAt,
        updated_at: closedAt,
        closed_at: closedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.services.database.db
      .insertInto('support_messages')
      .values({ conversation_id: conversation.id, author: 'system', text: 'closed', created_at: closedAt })
      .execute();
    return app;
  }

  const conversationsLeft = async (app: TestApp) =>
    (await app.services.database.db.selectFrom('support_conversations').select('id').execute()).length;
  const codesLeft = async (app: TestApp) =>
    (
      await app.services.database.db.selectFrom('one_time_codes').select('target').orderBy('target').execute()
    ).map((row) => row.target);

  // Date is real (only the job's timers are fake): a round on PostgreSQL takes a few round trips.
  async function until(condition: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && !(await condition())) await new Promise((r) => setImmediate(r));
  }

  it('runs in the background after start, with the injected clock, and logs what it deleted', async () => {
    server = await startWithExpiredCode('5');
    const app = server;
    await vi.advanceTimersByTimeAsync(HOUSEKEEPING_FIRST_DELAY_MS - 1);
    expect(await codesLeft(app)).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(async () => (await codesLeft(app)).length === 1);
    expect(await codesLeft(app)).toEqual(['live@example.kz']);
    await until(async () => app.logs.some((line) => line.includes('housekeeping done')));
    const record = app.logRecords().find((entry) => entry.msg === 'housekeeping done');
    expect(record).toMatchObject({ job: 'housekeeping', deleted: { oneTimeCodes: 1 } });
    // The support module's retention in the same round, under its own lock.
    await until(async () => app.logs.some((line) => line.includes('support purge done')));
    expect(app.logRecords().find((entry) => entry.msg === 'support purge done')).toMatchObject({
      job: 'support-purge',
      conversations: 1,
      messages: 1,
    });
    expect(await conversationsLeft(app)).toBe(0);
  });

  it('keeps support conversations forever with QOLTANBA_SUPPORT_RETENTION_DAYS=0', async () => {
    server = await startWithExpiredCode('5', '0');
    const app = server;
    await vi.advanceTimersByTimeAsync(HOUSEKEEPING_FIRST_DELAY_MS);
    await until(async () => app.logs.some((line) => line.includes('housekeeping done')));
    expect(await codesLeft(app)).toEqual(['live@example.kz']);
    expect(app.logs.some((line) => line.includes('support purge'))).toBe(false);
    expect(await conversationsLeft(app)).toBe(1);
  });

  it('is off with HOUSEKEEPING_INTERVAL_MINUTES=0', async () => {
    server = await startWithExpiredCode('0');
    // Past the first run's delay and an hour of runs had it been on; a whole faked day also runs every other job's
    // timers thousands of times (the notifications' 15-second sweep against PostgreSQL took the test past its limit).
    await vi.advanceTimersByTimeAsync(HOUSEKEEPING_FIRST_DELAY_MS + 3600 * 1000);
    expect(await codesLeft(server)).toHaveLength(2);
  });
});
