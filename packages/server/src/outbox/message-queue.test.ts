import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createApp, type QoltanbaApp } from '../app.js';
import { loadConfig } from '../config/config.js';
import { testClock } from '../testing/accounts.js';
import { useSuiteDatabase } from '../testing/suite-database.js';
import { testDatabases } from '../testing/test-databases.js';
import { type RetryPolicy, retryDelayMs, runDeliveryRound } from './message-delivery.js';
import {
  enqueueEmail,
  latestDeliveries,
  purgeSettledMessages,
  SETTLED_MESSAGE_RETENTION_DAYS,
} from './message-queue.js';
import type { EmailMessage, Mailer } from './messages.js';

const policy: RetryPolicy = { maxAttempts: 4, baseDelayMs: 30_000, maxDelayMs: 3_600_000 };

/** A mailer that records what it sent and fails while `down`. */
function recordingMailer() {
  const sent: EmailMessage[] = [];
  const mailer = {
    down: false,
    sent,
    async send(message: EmailMessage) {
      // Yields first, so concurrent rounds really interleave.
      await new Promise((resolve) => setImmediate(resolve));
      if (mailer.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
    },
  };
  return mailer;
}
const noSms = { send: async () => undefined };

describe('retry delay', () => {
  it('grows exponentially up to the cap, with jitter between half and all of it', () => {
    const most = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n, policy, () => 0.999_999));
    expect(most.map((ms) => Math.round(ms / 1000))).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
    const least = [1, 2, 3].map((n) => retryDelayMs(n, policy, () => 0));
    expect(least).toEqual([15_000, 30_000, 60_000]);
  });
});

describe.each(testDatabases())('message queue on $name', (backend) => {
  const database = useSuiteDatabase(backend);
  const apps: QoltanbaApp[] = [];
  // Every instance on one database shares one blob folder (a second folder is refused at start), so one data folder.
  let dataDir: string | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** An app on the suite's database (another instance, or the process after a restart). */
  async function instance(mailer: Mailer, env: Record<string, string> = {}): Promise<QoltanbaApp> {
    dataDir ??= await mkdtemp(join(tmpdir(), 'qoltanba-queue-'));
    const missing = join(dataDir, 'missing');
    const { config } = loadConfig({
      NODE_ENV: 'test',
      QOLTANBA_DATA_DIR: dataDir,
      QOLTANBA_PORTAL_DIR: missing,
      QOLTANBA_WIDGETS_DIR: missing,
      QOLTANBA_SDK_DIR: missing,
      QOLTANBA_HELP_WIDGET_DIR: missing,
      QOLTANBA_WEBHOOK_INTERVAL_SECONDS: '0',
      QOLTANBA_OUTBOX_SWEEP_SECONDS: '0',
      ...env,
    });
    const app = await createApp(config, {
      // Shared, not owned: closing an instance leaves the suite's database open.
      database: database.shared(),
      mailer,
      sms: noSms,
      logStream: { write: () => undefined },
    });
    apps.push(app);
    return app;
  }

  const queue = (count: number, at = new Date()) =>
    database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        await enqueueEmail(trx, { to: `r${i}@example.kz`, subject: 'S', text: `message ${i}` }, { at });
      }
    });

  it('retries a failing message with growing waits, then marks it failed', async () => {
    const clock = testClock();
    const mailer = recordingMailer();
    mailer.down = true;
    await database.db
      .transaction()
      .execute((trx) =>
        enqueueEmail(
          trx,
          { to: 'a@example.kz', subject: 'S', text: 'T' },
          { reference: 'ref:1', at: clock.now() },
        ),
      );
    const round = () =>
      runDeliveryRound(database.db, {
        mailer,
        sms: noSms,
        clock: clock.now,
        policy,
        random: () => 0.999_999,
      });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= policy.maxAttempts; attempt += 1) {
      expect((await round()).claimed).toBe(1);
      const delivery = (await latestDeliveries(database.db, ['ref:1'])).get('ref:1');
      expect(delivery?.attempts).toBe(attempt);
      if (attempt === policy.maxAttempts) {
        expect(delivery?.status).toBe('failed');
        break;
      }
      expect(delivery?.status).toBe('queued');
      const wait = (delivery?.nextAttemptAt?.getTime() ?? 0) - clock.now().getTime();
      waits.push(wait);
      // Not due before its time.
      expect((await round()).claimed).toBe(0);
      clock.advance(wait / 1000);
    }
    expect(waits.map((ms) => Math.round(ms / 1000))).toEqual([30, 60, 120]);
    clock.advance(86_400);
    expect((await round()).claimed).toBe(0);
    expect(mailer.sent).toEqual([]);
  });

  it('housekeeping deletes settled messages past the retention, never queued ones', async () => {
    const old = new Date('2026-01-01T00:00:00Z');
    await queue(3, old);
    const [first, second] = await database.db
      .selectFrom('message_queue')
      .select('id')
      .orderBy('id')
      .execute();
    await database.db
      .updateTable('message_queue')
      .set({ status: 'sent' })
      .where('id', '=', first?.id ?? 0)
      .execute();
    await database.db
      .updateTable('message_queue')
      .set({ status: 'failed' })
      .where('id', '=', second?.id ?? 0)
      .execute();
    const day = 24 * 60 * 60 * 1000;
    const justBefore = new Date(old.getTime() + SETTLED_MESSAGE_RETENTION_DAYS * day);
    expect(await purgeSettledMessages(database.db, justBefore)).toBe(0);
    expect(await purgeSettledMessages(database.db, new Date(justBefore.getTime() + 1))).toBe(2);
    const left = await database.db.selectFrom('message_queue').select('status').execute();
    expect(left).toEqual([{ status: 'queued' }]);
  });

  it('a message committed before a crash is delivered by the next process, once', async () => {
    // The change committed with its message; the process died before its kick.
    await queue(1);
    const mailer = recordingMailer();
    const restarted = await instance(mailer, { QOLTANBA_OUTBOX_SWEEP_SECONDS: '1' });
    await vi.waitFor(() => expect(mailer.sent).toHaveLength(1), { timeout: 15_000, interval: 50 });
    expect(mailer.sent[0]).toMatchObject({ to: 'r0@example.kz', text: 'message 0' });
    await restarted.services.outbox.drain();
    expect(mailer.sent).toHaveLength(1);
    const rows = await database.db.selectFrom('message_queue').select(['status', 'sent_at']).execute();
    expect(rows).toEqual([{ status: 'sent', sent_at: expect.any(Date) }]);
  });

  it('two instances delivering at once send each message exactly once', async () => {
    const total = 120;
    await queue(total);
    const first = recordingMailer();
    const second = recordingMailer();
    const a = await instance(first);
    const b = await instance(second);
    await Promise.all([
      a.services.outbox.drain(),
      b.services.outbox.drain(),
      a.services.outbox.kick(),
      b.services.outbox.kick(),
      a.services.outbox.drain(),
      b.services.outbox.drain(),
    ]);
    const texts = [...first.sent, ...second.sent].map((message) => message.text);
    expect(texts).toHaveLength(total);
    expect(new Set(texts).size).toBe(total);
    const left = await database.db
      .selectFrom('message_queue')
      .select('id')
      .where('status', '<>', 'sent')
      .execute();
    expect(left).toEqual([]);
  });
});
