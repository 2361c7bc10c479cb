import type { Kysely, Transaction } from 'kysely';
import { newToken, tokenHash } from '../../crypto/tokens.js';
import type { Database } from '../../db/schema.js';

/** The subject of an anonymous visitor's conversations. */
export const visitorSubject = (visitorId: number) => `visitor:${visitorId}`;

/** Creates an anonymous visitor; the token (32 random bytes, base64url) is answered once, only its SHA-256 kept. */
export async function createVisitor(db: Kysely<Database>, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto('support_visitors')
    .values({ token_hash: tokenHash(token), created_at: now })
    .execute();
  return token;
}

/** The id of the visitor with this token, or undefined (unknown, or not a token we could have issued). */
export async function findVisitorId(db: Kysely<Database>, token: string): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const row = await db
    .selectFrom('support_visitors')
    .select('id')
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  return row?.id;
}

/** The visitor id of an anonymous visitor's subject (`visitor:<id>`); undefined for identified subjects. */
export function visitorIdOf(subject: string): number | undefined {
  const match = /^visitor:(\d+)$/.exec(subject);
  return match ? Number(match[1]) : undefined;
}

/**
 * Holds the visitor's row until the transaction ends (FOR KEY SHARE), so the retention purge cannot delete it
 * while it gains a conversation; false when it is gone already.
 */
export async function holdVisitor(trx: Transaction<Database>, visitorId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('support_visitors')
    .select('id')
    .where('id', '=', visitorId)
    .forKeyShare()
    .executeTakeFirst();
  return row !== undefined;
}
