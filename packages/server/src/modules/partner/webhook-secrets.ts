import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { deriveKey } from '../../crypto/derive-key.js';
import { createSecretBox, SecretBoxError } from '../../crypto/secret-box.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** Prefix of webhook secrets, as partners get them; a stored value with it was written in clear (before `enc1`). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Version prefix of a sealed webhook secret: AES-256-GCM under the key of {@link PURPOSE}. */
const VERSION = 'enc1';
/** The at-rest key of webhook secrets: its own HKDF purpose, so it is no other key made from the token secret. */
const PURPOSE = { salt: 'qoltanba-partner', info: 'webhook-secret-at-rest-v1' };

/** A new webhook secret, shown once. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A stored webhook secret that does not open: the server's secret is not the one it was sealed with. */
export class WebhookSecretUnreadable extends Error {
  override readonly name = 'WebhookSecretUnreadable';
}

/** Seals webhook secrets for the `api_keys` table and opens them to sign deliveries. */
export interface WebhookSecrets {
  /** The value to store for key `apiKeyId`'s secret (bound to that key: it does not open for another row). */
  seal(apiKeyId: string, secret: string): string;
  /**
   * The secret of key `apiKeyId` from its stored value; a value still in clear (`whsec_...`) comes back as it is.
   * Throws {@link WebhookSecretUnreadable} when the value does not open with this server's key.
   */
  open(apiKeyId: string, stored: string): string;
}

const context = (apiKeyId: string) => `api_keys/${apiKeyId}/webhook_secret`;

/**
 * Webhook secrets sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's token secret
 * (`QOLTANBA_TOKEN_SECRET`): a copy of the database alone does not give them away. The server must sign deliveries,
 * so it needs them back, unlike API keys, which it stores as SHA-256.
 */
export function webhookSecrets(tokenSecret: string): WebhookSecrets {
  const box = createSecretBox(deriveKey(tokenSecret, PURPOSE), VERSION);
  return {
    seal: (apiKeyId, secret) => box.seal(secret, context(apiKeyId)),
    open(apiKeyId, stored) {
      if (stored.startsWith(WEBHOOK_SECRET_PREFIX)) return stored;
      try {
        return box.open(stored, context(apiKeyId));
      } catch (error) {
        if (!(error instanceof SecretBoxError)) throw error;
        throw new WebhookSecretUnreadable(
          `the webhook secret of API key ${apiKeyId} does not decrypt: QOLTANBA_TOKEN_SECRET is not the one it ` +
            'was stored with (set it back, or give the key its webhook URL anew for a new secret)',
          { cause: error },
        );
      }
    },
  };
}

/**
 * Seals every webhook secret still stored in clear (rows written before secrets were sealed, or by an older
 * instance during a rolling update); the partner module runs it at start. Each row is replaced only if it still
 * holds the clear value read, so instances starting together seal it once. Answers how many rows it sealed.
 */
export async function sealClearWebhookSecrets(db: Db, secrets: WebhookSecrets): Promise<number> {
  const clear = await db
    .selectFrom('api_keys')
    .select(['id', 'webhook_secret'])
    .where(sql<string>`left(webhook_secret, ${WEBHOOK_SECRET_PREFIX.length})`, '=', WEBHOOK_SECRET_PREFIX)
    .execute();
  let sealed = 0;
  for (const { id, webhook_secret: secret } of clear) {
    if (secret === null) continue;
    const done = await db
      .updateTable('api_keys')
      .set({ webhook_secret: secrets.seal(id, secret) })
      .where('id', '=', id)
      .where('webhook_secret', '=', secret)
      .executeTakeFirst();
    sealed += Number(done.numUpdatedRows);
  }
  return sealed;
}
