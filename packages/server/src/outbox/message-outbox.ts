import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { type PeriodicJob, startPeriodicJob } from '../jobs/periodic-job.js';
import { type DeliveryRound, type RetryPolicy, runDeliveryRound } from './message-delivery.js';
import type { Mailer, SmsSender } from './messages.js';

/** Rows one round claims at most. */
const ROUND_SIZE = 50;
/** Rounds a sweep or a drain runs at most, so one call cannot spin for ever. */
const MAX_ROUNDS = 20;
/** A request waits this long at most for its kick: a hanging mail server must not hold the API (the row is safe). */
export const KICK_WAIT_MS = 3000;
/** Closing waits this long at most for rounds in progress; a hung transport's row is retried after its lease. */
const STOP_WAIT_MS = 5000;

/** Resolves when `work` settles or after `ms`, whichever comes first. */
function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    void work
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        clearTimeout(timer);
        resolve();
      });
  });
}

/** Delivers the message queue: a kick after each commit that queued messages, a periodic sweep for the rest. */
export interface MessageOutbox {
  /**
   * Delivers the messages nobody has tried yet, now; call it after the transaction that queued them committed. Never
   * throws (what fails is retried by the sweep) and waits at most {@link KICK_WAIT_MS} (the round goes on).
   */
  kick(): Promise<void>;
  /** Delivers everything due now, retries included, until nothing is left (tests; `npm run` tools). */
  drain(): Promise<DeliveryRound>;
  /** Starts the periodic sweep (every `sweepMs`; none when 0). */
  start(): void;
  /** Stops the sweep and waits for rounds in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/** Settings of {@link createMessageOutbox}. */
export interface MessageOutboxOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  sms: SmsSender;
  clock: () => Date;
  policy: RetryPolicy;
  /** Milliseconds between sweeps; 0 turns the sweep off (the kicks still deliver). */
  sweepMs: number;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}

/** Creates the {@link MessageOutbox} of an app. */
export function createMessageOutbox(options: MessageOutboxOptions): MessageOutbox {
  const inFlight = new Set<Promise<unknown>>();
  let job: PeriodicJob | undefined;
  let stopped = false;

  const round = (freshOnly: boolean) =>
    runDeliveryRound(options.db, {
      mailer: options.mailer,
      sms: options.sms,
      clock: options.clock,
      policy: options.policy,
      freshOnly,
      limit: ROUND_SIZE,
      onFailure: (message, error) => {
        const entry = { err: error, messageId: message.id, attempts: message.attempts };
        if (message.final) options.log.error(entry, 'message not delivered: given up');
        else options.log.warn(entry, 'message not delivered: will retry');
      },
    });

  const tracked = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  async function sweep(freshOnly: boolean): Promise<DeliveryRound> {
    const total: DeliveryRound = { claimed: 0, sent: 0, failed: 0 };
    for (let i = 0; i < MAX_ROUNDS; i += 1) {
      const done = await round(freshOnly);
      total.claimed += done.claimed;
      total.sent += done.sent;
      total.failed += done.failed;
      if (done.claimed < ROUND_SIZE) break;
    }
    return total;
  }

  return {
    async kick() {
      if (stopped) return;
      const work = tracked(round(true)).catch((error: unknown) => {
        options.log.error({ err: error }, 'message delivery round failed');
      });
      await settledWithin(work, KICK_WAIT_MS);
    },
    drain: () => tracked(sweep(false)),
    start() {
      if (options.sweepMs <= 0 || job) return;
      job = startPeriodicJob({
        intervalMs: options.sweepMs,
        firstDelayMs: Math.min(options.sweepMs, 1000),
        run: () => sweep(false),
        onError: (error) => options.log.error({ err: error }, 'message delivery sweep failed'),
      });
    },
    async stop() {
      stopped = true;
      await settledWithin(Promise.allSettled([job?.stop(), ...inFlight]), STOP_WAIT_MS);
    },
  };
}
