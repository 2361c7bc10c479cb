import { afterEach, describe, expect, it } from 'vitest';
import { testClock } from '../testing/accounts.js';
import { startSmtpSink } from '../testing/smtp-sink.js';
import { useSuiteDatabase } from '../testing/suite-database.js';
import { testDatabases } from '../testing/test-databases.js';
import type { RetryPolicy } from './message-delivery.js';
import { createMessageOutbox, type MessageOutbox } from './message-outbox.js';
import { enqueueEmail } from './message-queue.js';
import { createSmtpMailer } from './smtp-mailer.js';

const policy: RetryPolicy = { maxAttempts: 5, baseDelayMs: 30_000, maxDelayMs: 3_600_000 };
const noSms = { send: async () => undefined };
const quiet = { warn: () => undefined, error: () => undefined };

// A real SMTP server (the node:net sink) that goes down and comes back on the same port, delivered to by the real
// nodemailer transport: what is queued while it is down waits in the queue, and goes out once when it returns.
describe.each(testDatabases())('e-mail through an SMTP server that is down, then up, on $name', (backend) => {
  const database = useSuiteDatabase(backend);
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** An outbox (one server instance) delivering through SMTP at `port`. */
  function outboxAt(port: number, clock: () => Date): MessageOutbox {
    const mailer = createSmtpMailer(
      `smtp://127.0.0.1:${port}?ignoreTLS=true`,
      'Qoltanba <no-reply@qoltanba.kz>',
    );
    const outbox = createMessageOutbox({
      db: database.db,
      mailer,
      sms: noSms,
      clock,
      policy,
      sweepMs: 0,
      log: quiet,
    });
    cleanups.push(async () => {
      await outbox.stop();
      mailer.close();
    });
    return outbox;
  }

  it('queued while the server is down, each message is delivered once when it returns: none lost, none twice', async () => {
    // A port that had a server a moment ago and has none now: connections are refused.
    const first = await startSmtpSink();
    const { port } = first;
    await first.close();
    const clock = testClock(new Date('2026-11-29T09:00:00Z'));
    // Two instances on one database, as two servers behind a balancer.
    const [a, b] = [outboxAt(port, clock.now), outboxAt(port, clock.now)];
    const to = ['aigerim@example.kz', 'bolat@example.kz', 'dana@example.kz'];
    for (const address of to)
      await enqueueEmail(
        database.db,
        { to: address, subject: 'Hello', text: `To ${address}` },
        { at: clock.now() },
      );

    // Down: every message is tried, fails, and stays queued for a retry after the back-off (none given up).
    const down = await a.drain();
    expect(down).toEqual({ claimed: 3, sent: 0, failed: 0 });
    const waiting = await database.db.selectFrom('message_queue').select(['status', 'attempts']).execute();
    expect(waiting.map((row) => [row.status, row.attempts])).toEqual(to.map(() => ['queued', 1]));
    // Before the back-off ends nothing is due.
    expect(await b.drain()).toMatchObject({ claimed: 0 });

    // Back up on the same port; both instances sweep at once after the back-off.
    const sink = await startSmtpSink({ port });
    cleanups.push(() => sink.close());
    clock.advance(policy.maxDelayMs / 1000);
    const rounds = await Promise.all([a.drain(), b.drain()]);
    expect(rounds.reduce((sum, round) => sum + round.sent, 0)).toBe(3);
    // The SMTP server accepted each before its drain answered: three are there now.
    const received = await Promise.all(to.map(() => sink.next()));
    expect(received.map((message) => message.rcptTo.join(',')).sort()).toEqual(to);
    const sent = await database.db.selectFrom('message_queue').select(['status', 'attempts']).execute();
    expect(sent.map((row) => [row.status, row.attempts])).toEqual(to.map(() => ['sent', 2]));

    // Later sweeps find nothing to send again.
    clock.advance(policy.maxDelayMs / 1000);
    expect(await a.drain()).toMatchObject({ claimed: 0 });
    expect(await b.drain()).toMatchObject({ claimed: 0 });
    // Closed, the sink has nothing more to give: nothing was delivered twice.
    await sink.close();
    await expect(sink.next()).rejects.toThrow('closed before a message arrived');
  });
});
