import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How long a user has to sign an attach challenge. */
export const ATTACH_CHALLENGE_SECONDS = 5 * 60;

/** Stores 32 random bytes for the user to sign; answers the challenge id, the bytes and the expiry. */
export async function createAttachChallenge(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<{ id: string; data: Uint8Array; expiresAt: Date }> {
  const id = randomUUID();
  const data = randomBytes(32);
  const expiresAt = new Date(now.getTime() + ATTACH_CHALLENGE_SECONDS * 1000);
  await db
    .insertInto('attach_challenges')
    .values({ id, user_id: userId, data, expires_at: expiresAt, used_at: null, created_at: now })
    .execute();
  return { id, data, expiresAt };
}

/**
 * Uses up the user's challenge in one conditional UPDATE (live, unused, theirs) and answers its bytes, or
 * undefined: a challenge is spent by its first attempt, right or wrong, so it cannot be tried twice.
 */
export async function consumeAttachChallenge(
  db: Kysely<Database>,
  userId: string,
  id: string,
  now: Date,
): Promise<Uint8Array | undefined> {
  const row = await db
    .updateTable('attach_challenges')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('data')
    .executeTakeFirst();
  return row ? new Uint8Array(row.data) : undefined;
}
