import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { type ApiKey, AppError } from '@qoltanba/core';
import type { Kysely, Selectable } from 'kysely';
import type { ApiKeysTable, Database } from '../../db/schema.js';
import { userNames } from '../account/index.js';
import { isMember } from '../registry/index.js';
import { newWebhookSecret, type WebhookSecrets } from './webhook-secrets.js';

type Db = Kysely<Database>;

/** Prefix of API keys (`qk_` + 32 random bytes, base64url). */
export const API_KEY_PREFIX = 'qk_';
/** Characters of a key kept in clear to find it and to show it in lists (`qk_` + 8). */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;

/** A stored API key. */
export type ApiKeyRow = Selectable<ApiKeysTable>;

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The API shape of a stored key. */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    allowedOrigins: row.allowed_origins,
    webhookUrl: row.webhook_url,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by_name,
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
    revokedAt: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
  };
}

/** What a new key or an update sets. */
export interface ApiKeyFields {
  name: string;
  allowedOrigins: string[];
  /** Absent: unchanged (update) or none (create); null: none. */
  webhookUrl?: string | null;
}

/**
 * Creates a key of company `bin` for its administrator `userId`; the secrets are answered this once. The key is
 * stored as SHA-256, the webhook secret sealed by `secrets` (the server signs with it, so it needs it back).
 */
export async function createApiKey(
  db: Db,
  bin: string,
  userId: string,
  fields: ApiKeyFields,
  now: Date,
  /** Needed for a key with a webhook URL. */
  secrets?: WebhookSecrets,
): Promise<{ row: ApiKeyRow; secret: string; webhookSecret: string | null }> {
  if (fields.webhookUrl && !secrets)
    throw new Error('a key with a webhook URL needs the webhook secrets sealer');
  const id = randomUUID();
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const webhookUrl = fields.webhookUrl ?? null;
  const webhookSecret = webhookUrl ? newWebhookSecret() : null;
  const names = (await userNames(db, [userId])).get(userId);
  const row = await db
    .insertInto('api_keys')
    .values({
      id,
      company_bin: bin,
      name: fields.name,
      prefix: secret.slice(0, SHOWN_CHARACTERS),
      secret_hash: sha256(secret).toString('hex'),
      allowed_origins: JSON.stringify(fields.allowedOrigins),
      webhook_url: webhookUrl,
      webhook_secret: webhookSecret && secrets ? secrets.seal(id, webhookSecret) : null,
      created_by: userId,
      created_by_name: names ? `${names.firstname} ${names.lastname}`.trim() : '',
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, secret, webhookSecret };
}

/** The history note of what an API key (or an embed of its tokens) did. */
export function apiKeyNote(key: ApiKeyRow): string {
  return `API key «${key.name}» (${key.prefix}…)`;
}

/**
 * Key `id` while it may act for its company: not revoked, and its creating member still in the company (as
 * {@link authenticateApiKey} requires); API_KEY_INVALID otherwise. An embed session acting as its key checks this.
 */
export async function liveApiKey(db: Db, id: string): Promise<ApiKeyRow> {
  const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.revoked_at || !(await isMember(db, row.created_by, row.company_bin)))
    throw new AppError('API_KEY_INVALID');
  return row;
}

/** The keys of company `bin`, newest first (revoked ones too, marked). */
export async function listApiKeys(db: Db, bin: string): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('company_bin', '=', bin)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Key `id` of company `bin`, or ENTITY_NOT_FOUND (also for another company's key). */
export async function requireCompanyKey(db: Db, bin: string, id: string): Promise<ApiKeyRow> {
  const row = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('company_bin', '=', bin)
    .executeTakeFirst();
  if (!row) throw new AppError('ENTITY_NOT_FOUND');
  return row;
}

/**
 * Changes name, origins and webhook URL of a live key (a revoked one answers API_KEY_INVALID). Giving a key without
 * a webhook URL one creates a new webhook secret, answered this once; removing the URL removes the secret.
 */
export async function updateApiKey(
  db: Db,
  bin: string,
  id: string,
  fields: ApiKeyFields,
  secrets: WebhookSecrets,
): Promise<{ row: ApiKeyRow; webhookSecret?: string }> {
  const current = await requireCompanyKey(db, bin, id);
  if (current.revoked_at) throw new AppError('API_KEY_INVALID');
  const webhookUrl = fields.webhookUrl === undefined ? current.webhook_url : fields.webhookUrl;
  const webhookSecret =
    webhookUrl && !(current.webhook_url && current.webhook_secret) ? newWebhookSecret() : undefined;
  const row = await db
    .updateTable('api_keys')
    .set({
      name: fields.name,
      allowed_origins: JSON.stringify(fields.allowedOrigins),
      webhook_url: webhookUrl,
      ...(webhookSecret ? { webhook_secret: secrets.seal(id, webhookSecret) } : {}),
      ...(webhookUrl === null ? { webhook_secret: null } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return webhookSecret ? { row, webhookSecret } : { row };
}

/** Revokes key `id` of company `bin` at once (idempotent); its pending webhooks fail. */
export async function revokeApiKey(db: Db, bin: string, id: string, now: Date): Promise<void> {
  await requireCompanyKey(db, bin, id);
  await db
    .updateTable('api_keys')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

/** How often `last_used_at` is written at most (a busy key would write on every request otherwise). */
const LAST_USED_PRECISION_MS = 60_000;

/**
 * The live key of a bearer `qk_...`: found by its shown prefix, matched by SHA-256 in constant time; a revoked key,
 * an unknown one, or one whose creator no longer belongs to its company answers API_KEY_INVALID (401).
 */
export async function authenticateApiKey(db: Db, bearer: string, now: Date): Promise<ApiKeyRow> {
  if (!bearer.startsWith(API_KEY_PREFIX) || bearer.length < SHOWN_CHARACTERS || bearer.length > 200)
    throw new AppError('API_KEY_INVALID');
  const presented = sha256(bearer);
  const candidates = await db
    .selectFrom('api_keys')
    .selectAll()
    .where('prefix', '=', bearer.slice(0, SHOWN_CHARACTERS))
    .execute();
  const row = candidates.find((candidate) =>
    timingSafeEqual(Buffer.from(candidate.secret_hash, 'hex'), presented),
  );
  if (!row || row.revoked_at) throw new AppError('API_KEY_INVALID');
  // The key acts as the member who created it: once they leave the company, it stops working.
  if (!(await isMember(db, row.created_by, row.company_bin))) throw new AppError('API_KEY_INVALID');
  const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (now.getTime() - lastUsed >= LAST_USED_PRECISION_MS)
    await db.updateTable('api_keys').set({ last_used_at: now }).where('id', '=', row.id).execute();
  return row;
}
