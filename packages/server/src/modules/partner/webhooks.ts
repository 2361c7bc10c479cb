import { randomUUID } from 'node:crypto';
import {
  signWebhookPayload,
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookPayload,
} from '@qoltanba/core';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { WebhookTargetPolicy } from '../../config/config.js';
import type { Database, WebhookDeliveriesTable } from '../../db/schema.js';
import { type HostResolver, systemResolver } from '../../net/resolve-host.js';
import { participantCompanies } from '../documents/index.js';
import type { SigningChangeEvent } from '../module-hooks.js';
import { postToTarget, type WebhookPost } from './webhook-post.js';
import { type WebhookSecrets, WebhookSecretUnreadable } from './webhook-secrets.js';
import { resolveWebhookTarget, WebhookTargetRefused } from './webhook-target.js';

type Db = Kysely<Database>;

/** Seconds before each retry after a failed attempt: 10 s, 1 min, 10 min, 1 h, 6 h; the 6th failure is final. */
export const WEBHOOK_BACKOFF_SECONDS = [10, 60, 600, 3600, 21_600] as const;
/** Attempts before a delivery is marked failed. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_BACKOFF_SECONDS.length + 1;
/** A receiver that has not answered after this long counts as a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A delivery round holds its rows this long; a round that died leaves them to the next one after that. */
const LEASE_MS = 60_000;
/** Rows a round claims at most. */
const ROUND_SIZE = 20;
/** Longest error text kept. */
const ERROR_MAX = 300;

/** A stored delivery. */
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** The API shape of a stored delivery. */
export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    id: row.id,
    event: row.event,
    documentId: row.document_id,
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAt: new Date(row.created_at).toISOString(),
    deliveredAt: iso(row.delivered_at),
    nextAttemptAt: iso(row.next_attempt_at),
  };
}

/** The newest deliveries of key `apiKeyId`, at most 100. */
export async function listDeliveries(db: Db, apiKeyId: string): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('api_key_id', '=', apiKeyId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** One document event as a webhook tells it: the document, when, its status after, and the event's own details. */
export interface WebhookOccurrence {
  documentId: number;
  at: Date;
  status: WebhookPayload['data']['status'];
  /** What the event adds to the payload's `data` (who signed, the approval, the reminded signers). */
  details?: Omit<WebhookPayload['data'], 'documentId' | 'status'>;
}

/** A signature, rejection or completion as a webhook tells it (`signer`: who signed or rejected). */
export function signingOccurrence(change: SigningChangeEvent): WebhookOccurrence {
  const { party } = change;
  return {
    documentId: change.documentId,
    at: change.at,
    status: change.status,
    ...(party ? { details: { signer: { iin: party.iin, bin: party.bin, fullName: party.fullName } } } : {}),
  };
}

/**
 * Queues `event` of a document for every live API key with a webhook URL whose company takes part in it (its
 * sender, and its signer companies once sent). Each key gets its own delivery id, the same on every retry.
 */
export async function queueWebhooks(
  db: Db,
  event: WebhookEvent,
  occurrence: WebhookOccurrence,
): Promise<number> {
  const companies = await participantCompanies(db, occurrence.documentId);
  if (companies.length === 0) return 0;
  const keys = await db
    .selectFrom('api_keys')
    .select('id')
    .where('company_bin', 'in', companies)
    .where('revoked_at', 'is', null)
    .where('webhook_url', 'is not', null)
    .execute();
  if (keys.length === 0) return 0;
  const rows = keys.map((key) => {
    const id = randomUUID();
    const payload: WebhookPayload = {
      id,
      event,
      createdAt: occurrence.at.toISOString(),
      data: { documentId: occurrence.documentId, status: occurrence.status, ...occurrence.details },
    };
    return {
      id,
      api_key_id: key.id,
      event,
      document_id: occurrence.documentId,
      payload: JSON.stringify(payload),
      status: 'pending' as const,
      last_status_code: null,
      last_error: null,
      created_at: occurrence.at,
      delivered_at: null,
      next_attempt_at: occurrence.at,
      leased_until: null,
    };
  });
  await db.insertInto('webhook_deliveries').values(rows).execute();
  return rows.length;
}

/** What a delivery round needs. */
export interface WebhookRoundOptions {
  clock: () => Date;
  /** Opens the stored webhook secrets (the server's token secret). */
  secrets: WebhookSecrets;
  /** Where webhooks may go (QOLTANBA_WEBHOOKS_ALLOW_PRIVATE, https in production). */
  policy: WebhookTargetPolicy;
  /** How the URL's host name is resolved, once per attempt; the system resolver by default. */
  resolve?: HostResolver;
  /** How an attempt is posted to its checked address; {@link postToTarget} by default. */
  post?: WebhookPost;
  timeoutMs?: number;
}

/** What one round did. */
export interface WebhookRound {
  attempted: number;
  delivered: number;
  /** Attempts stopped because the webhook secret did not decrypt (the server's secret changed): worth an alarm. */
  unreadableSecrets: number;
}

/**
 * Claims due deliveries (one UPDATE over `FOR UPDATE SKIP LOCKED` rows, with a lease), so two instances running
 * rounds at once never post the same delivery twice; posts each signed with `Qoltanba-Signature` and records the
 * outcome: 2xx delivered; otherwise retried after WEBHOOK_BACKOFF_SECONDS, failed after WEBHOOK_MAX_ATTEMPTS. A
 * revoked key or a removed URL fails its deliveries without posting. Before each post the URL is checked again and
 * its name resolved once (a host that now resolves to a private address is refused), and the post goes to the address
 * checked; a secret that does not decrypt stops the attempt: nothing is ever posted unsigned.
 */
export async function runWebhookRound(db: Db, options: WebhookRoundOptions): Promise<WebhookRound> {
  const post = options.post ?? postToTarget;
  const resolve = options.resolve ?? systemResolver;
  const now = options.clock();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const { rows: claimed } = await sql<WebhookDeliveryRow>`
    update webhook_deliveries set leased_until = ${leaseUntil}, attempts = attempts + 1
    where id in (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now}
        and (leased_until is null or leased_until <= ${now})
      order by next_attempt_at, id
      limit ${ROUND_SIZE}
      for update skip locked)
    returning *`.execute(db);
  let delivered = 0;
  let unreadableSecrets = 0;
  for (const delivery of claimed) {
    const key = await db
      .selectFrom('api_keys')
      .select(['webhook_url', 'webhook_secret', 'revoked_at'])
      .where('id', '=', delivery.api_key_id)
      .executeTakeFirst();
    if (!key || key.revoked_at || !key.webhook_url || !key.webhook_secret) {
      await finish(db, delivery.id, {
        status: 'failed',
        code: null,
        error: 'API key revoked or webhook removed',
      });
      continue;
    }
    let code: number | null = null;
    let error: string | null = null;
    try {
      const secret = options.secrets.open(delivery.api_key_id, key.webhook_secret);
      // One deadline for the lookup and the post together.
      const signal = AbortSignal.timeout(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
      const target = await resolveWebhookTarget(key.webhook_url, options.policy, resolve, signal);
      const sentAt = options.clock();
      const signature = await signWebhookPayload(secret, delivery.payload, sentAt.getTime() / 1000);
      const answer = await post(target, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Qoltanba-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature,
          [WEBHOOK_EVENT_HEADER]: delivery.event,
          [WEBHOOK_DELIVERY_HEADER]: delivery.id,
        },
        body: delivery.payload,
        signal,
      });
      code = answer.status;
      if (code < 200 || code > 299) error = `HTTP ${code}`;
    } catch (cause) {
      if (cause instanceof WebhookSecretUnreadable) unreadableSecrets += 1;
      error =
        cause instanceof WebhookTargetRefused
          ? cause.message
          : cause instanceof Error
            ? `${cause.name}: ${cause.message}`
            : String(cause);
    }
    const at = options.clock();
    if (error === null) {
      delivered += 1;
      await finish(db, delivery.id, { status: 'delivered', code, error: null, deliveredAt: at });
    } else if (delivery.attempts >= WEBHOOK_MAX_ATTEMPTS) {
      await finish(db, delivery.id, { status: 'failed', code, error });
    } else {
      const delay = WEBHOOK_BACKOFF_SECONDS[delivery.attempts - 1] ?? WEBHOOK_BACKOFF_SECONDS.at(-1) ?? 60;
      await db
        .updateTable('webhook_deliveries')
        .set({
          last_status_code: code,
          last_error: error.slice(0, ERROR_MAX),
          next_attempt_at: new Date(at.getTime() + delay * 1000),
          leased_until: null,
        })
        .where('id', '=', delivery.id)
        .execute();
    }
  }
  return { attempted: claimed.length, delivered, unreadableSecrets };
}

async function finish(
  db: Db,
  id: string,
  outcome: { status: 'delivered' | 'failed'; code: number | null; error: string | null; deliveredAt?: Date },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: outcome.status,
      last_status_code: outcome.code,
      last_error: outcome.error?.slice(0, ERROR_MAX) ?? null,
      delivered_at: outcome.deliveredAt ?? null,
      next_attempt_at: null,
      leased_until: null,
    })
    .where('id', '=', id)
    .execute();
}
