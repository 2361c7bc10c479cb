import { randomUUID } from 'node:crypto';
import { AppError } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// A lease renewed by a heartbeat, not a session advisory lock: PGlite serves every request on its one session (where
// advisory locks re-enter) and a pool would pin a connection per signing; a lease works alike on both.

/** The lease of a signing lock: a holder that stops renewing it (a crashed instance) loses it within this. */
export const SIGNING_LOCK_SECONDS = 10;

/** How often a live holder renews its lease: a third of it, so one missed renewal still leaves time to spare. */
export const SIGNING_LOCK_RENEW_MS = Math.floor((SIGNING_LOCK_SECONDS * 1000) / 3);

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

/** Extends the lease of `holder` to `now` + SIGNING_LOCK_SECONDS; answers false when it no longer holds the lock. */
export async function renewSigningLock(
  db: Kysely<Database>,
  documentId: number,
  identityNumber: string,
  holder: string,
  now: Date,
): Promise<boolean> {
  const renewed = await db
    .updateTable('signing_locks')
    .set({ locked_until: new Date(now.getTime() + SIGNING_LOCK_SECONDS * 1000) })
    .where('document_id', '=', documentId)
    .where('identity_number', '=', identityNumber)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return renewed.numUpdatedRows > 0n;
}

/**
 * In the signing transaction, before anything is written: locks the lock's row and refuses with
 * DOCUMENT_SIGNING_LOCKED unless `holder` still has it. A holder whose lease ended (its heartbeat stalled) and was
 * taken over never commits, so two signings of one signer can never both write.
 */
export async function confirmSigningLock(
  trx: Kysely<Database>,
  documentId: number,
  identityNumber: string,
  holder: string,
): Promise<void> {
  const row = await trx
    .selectFrom('signing_locks')
    .select('holder')
    .where('document_id', '=', documentId)
    .where('identity_number', '=', identityNumber)
    .forUpdate()
    .executeTakeFirst();
  if (row?.holder !== holder) throw new AppError('DOCUMENT_SIGNING_LOCKED');
}

/** A signing lock held with its heartbeat running. */
export interface SigningLease {
  holder: string;
  /** Stops the heartbeat and releases the lock (if this holder still has it). */
  release(): Promise<void>;
}

/**
 * Takes the signing lock ({@link takeSigningLock}) and renews its lease every `renewEveryMs` while the holder works,
 * so a signing slower than the lease keeps it and a holder that dies loses it within SIGNING_LOCK_SECONDS. Answers
 * undefined when someone else holds it.
 */
export async function holdSigningLock(
  db: Kysely<Database>,
  documentId: number,
  identityNumber: string,
  clock: () => Date,
  renewEveryMs: number = SIGNING_LOCK_RENEW_MS,
): Promise<SigningLease | undefined> {
  const holder = await takeSigningLock(db, documentId, identityNumber, clock());
  if (!holder) return undefined;
  let renewal: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    // One renewal at a time: a slow database skips beats instead of piling them up.
    renewal ??= renewSigningLock(db, documentId, identityNumber, holder, clock())
      .then(
        // The lock is gone (released at shutdown, or taken over): nothing left to renew.
        (held) => held || clearInterval(timer),
        // A failed renewal (a database blip) is retried at the next beat.
        () => undefined,
      )
      .finally(() => {
        renewal = undefined;
      });
  }, renewEveryMs);
  timer.unref();
  return {
    holder,
    async release() {
      clearInterval(timer);
      await renewal;
      await releaseSigningLock(db, documentId, identityNumber, holder);
    },
  };
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
 * given back, so the signer may retry on another instance at once instead of after SIGNING_LOCK_SECONDS. (Their
 * heartbeats are unref'd timers: they never keep the process alive.)
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
