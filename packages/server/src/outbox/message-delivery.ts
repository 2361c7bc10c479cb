import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, MessageQueueTable } from '../db/schema.js';
import type { Mailer, SmsSender } from './messages.js';

type Db = Kysely<Database>;
type QueuedRow = Selectable<MessageQueueTable>;

/** A round holds its claimed rows this long: longer than any transport's own timeout, so nobody sends twice. */
export const DELIVERY_LEASE_MS = 120_000;
/** Longest error text kept. */
const ERROR_MAX = 300;

/** Retry policy of the message queue. */
export interface RetryPolicy {
  /** Attempts before a message is marked failed. */
  maxAttempts: number;
  /** Delay after the first failed attempt; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * The wait before the next attempt after `attempts` failed ones: exponential, capped, with jitter (between half and
 * all of it), so many messages that failed together do not retry together. `random` is in [0, 1).
 */
export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(exponential * (0.5 + random() * 0.5));
}

/** What a delivery round needs. */
export interface DeliveryRoundOptions {
  mailer: Mailer;
  sms: SmsSender;
  clock: () => Date;
  policy: RetryPolicy;
  /** Only messages never tried yet (the kick after a commit); retries are the sweep's. */
  freshOnly?: boolean;
  /** Rows claimed at most. */
  limit?: number;
  random?: () => number;
  /** Told about each failed attempt (the log). */
  onFailure?: (message: { id: number; attempts: number; final: boolean }, error: unknown) => void;
}

/** What one round did. */
export interface DeliveryRound {
  claimed: number;
  sent: number;
  failed: number;
}

/**
 * Claims due messages (one UPDATE over `FOR UPDATE SKIP LOCKED` rows, with a lease, as the webhook deliveries do),
 * so rounds of several instances never hand one message to the transport twice; sends each through the
 * transport of its channel and records the outcome: sent; or retried after {@link retryDelayMs}; or failed after
 * `maxAttempts`. A round that died leaves its rows to the next one once the lease ends.
 */
export async function runDeliveryRound(db: Db, options: DeliveryRoundOptions): Promise<DeliveryRound> {
  const now = options.clock();
  const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_MS);
  const fresh = options.freshOnly ? sql`and attempts = 0` : sql``;
  const { rows: claimed } = await sql<QueuedRow>`
    update message_queue set leased_until = ${leaseUntil}, attempts = attempts + 1
    where id in (
      select id from message_queue
      where status = 'queued' and next_attempt_at <= ${now} ${fresh}
        and (leased_until is null or leased_until <= ${now})
      order by next_attempt_at, id
      limit ${options.limit ?? 50}
      for update skip locked)
    returning *`.execute(db);
  const round: DeliveryRound = { claimed: claimed.length, sent: 0, failed: 0 };
  for (const message of claimed) {
    try {
      if (message.channel === 'email') {
        await options.mailer.send({
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          ...(message.html !== null ? { html: message.html } : {}),
        });
      } else {
        await options.sms.send({ to: message.recipient, text: message.body });
      }
    } catch (error) {
      const final = message.attempts >= options.policy.maxAttempts;
      try {
        options.onFailure?.({ id: message.id, attempts: message.attempts, final }, error);
      } catch {
        // A failing report must not keep the message leased.
      }
      const text = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(
        0,
        ERROR_MAX,
      );
      const at = options.clock();
      const delay = retryDelayMs(message.attempts, options.policy, options.random);
      await db
        .updateTable('message_queue')
        .set({
          status: final ? 'failed' : 'queued',
          last_error: text,
          leased_until: null,
          next_attempt_at: final ? at : new Date(at.getTime() + delay),
        })
        .where('id', '=', message.id)
        // Still our claim (each claim counts an attempt): a round whose lease ran out does not undo a later one.
        .where('attempts', '=', message.attempts)
        .execute();
      if (final) round.failed += 1;
      continue;
    }
    round.sent += 1;
    await db
      .updateTable('message_queue')
      .set({ status: 'sent', sent_at: options.clock(), leased_until: null, last_error: null })
      .where('id', '=', message.id)
      .execute();
  }
  return round;
}
