import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How long a signing lock lives when its holder never releases it (a crashed instance). */
export const SIGNING_LOCK_SECONDS = 60;

/**
 * Takes the signing lock of one signer on one document, or answers undefined when someone holds it. One upsert
 * that only replaces an expired holder, so two instances cannot both win and a lost holder's lock ends by itself.
 * Answers the holder id to release it with.
 */
export async function takeSigningLock(
  db: Kysely<Database>,
  documentId: number,
  identityNumber: string,
  now: Date,
): Promise<string | undefined> {
  const holder = randomUUID();
  const lockedUntil = new Date(now.getTime() + SIGNING_LOCK_SECONDS * 1000);
  const row = await db
    .insertInto('signing_locks')
    .values({ document_id: documentId, identity_number: identityNumber, holder, locked_until: lockedUntil })
    .onConflict((oc) =>
      oc
        .columns(['document_id', 'identity_number'])
        .doUpdateSet({ holder, locked_until: lockedUntil })
        .where('signing_locks.locked_until', '<', now),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder ? holder : undefined;
}

/** Releases a lock taken by {@link takeSigningLock}, if this holder still has it. */
export async function releaseSigningLock(
  db: Kysely<Database>,
  documentId: number,
  identityNumber: string,
  holder: string,
): Promise<void> {
  await db
    .deleteFrom('signing_locks')
    .where('document_id', '=', documentId)
    .where('identity_number', '=', identityNumber)
    .where('holder', '=', holder)
    .execute();
}

/** One lock taken by this instance. */
export interface HeldSigningLock {
  documentId: number;
  identityNumber: string;
  holder: string;
}

/**
 * The signing locks this instance holds now. At shutdown the ones still held (a request cut at the deadline) are
 * given back, so the signer may retry on another instance at once instead of after SIGNING_LOCK_SECONDS.
 */
export interface HeldSigningLocks {
  add(lock: HeldSigningLock): void;
  delete(lock: HeldSigningLock): void;
  /** Releases every lock still held; answers how many. */
  releaseAll(db: Kysely<Database>): Promise<number>;
}

/** A new, empty {@link HeldSigningLocks}. */
export function heldSigningLocks(): HeldSigningLocks {
  const held = new Set<HeldSigningLock>();
  return {
    add: (lock) => void held.add(lock),
    delete: (lock) => void held.delete(lock),
    async releaseAll(db) {
      const locks = [...held];
      held.clear();
      for (const lock of locks)
        await releaseSigningLock(db, lock.documentId, lock.identityNumber, lock.holder);
      return locks.length;
    },
  };
}
