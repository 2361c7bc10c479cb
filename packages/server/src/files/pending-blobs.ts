import { AppError } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import { type BlobStore, newBlobKey, type StoredBlob } from '../blob/blob-store.js';
import type { Database } from '../db/schema.js';
import { queueBlobDeletions } from './blob-deletions.js';

/** A database or a transaction on it. */
type Db = Kysely<Database>;

/** Where a blob is written: the store, the database that records it as pending, and the clock that dates it. */
export interface BlobTarget {
  db: Db;
  blobs: BlobStore;
  clock: () => Date;
}

/** A pending blob older than this is taken as abandoned: the purge deletes it (the purge's default grace). */
export const PENDING_BLOB_GRACE_MS = 60 * 60 * 1000;

/**
 * The one way the app stores a blob: its key is recorded in `pending_blobs` first (a statement of its own, committed
 * before any byte lands), then the bytes are stored under it. The rows that will refer to the blob take the record
 * away in their transaction ({@link keepBlobs}); a process killed in between leaves a record, which the purge
 * ({@link expirePendingBlobs}) turns into a deletion after the grace period. A failed store removes its record.
 */
export async function putBlob(
  target: BlobTarget,
  data: Uint8Array | AsyncIterable<Uint8Array>,
): Promise<StoredBlob> {
  const key = newBlobKey();
  await target.db.insertInto('pending_blobs').values({ blob_key: key, created_at: target.clock() }).execute();
  let stored: StoredBlob;
  try {
    stored =
      data instanceof Uint8Array
        ? await target.blobs.put(data, key)
        : await target.blobs.putStream(data, key);
  } catch (error) {
    // The store keeps nothing of a failed write; without its record the purge has nothing to look for.
    await forgetPending(target.db, [key]).catch(() => undefined);
    throw error;
  }
  // A store that chose its own key would leave the recorded one naming nothing and its own unrecorded.
  if (stored.key !== key) throw new Error('the blob store did not write under the recorded key');
  return stored;
}

/**
 * Call in the transaction that commits the rows referring to `keys`: they are no longer pending, from that commit
 * on. FILE_SAVE_FAILED (the transaction rolls back) when a record is gone: the purge took that blob as abandoned
 * (a write older than the grace period), so a row must not refer to it.
 */
export async function keepBlobs(trx: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const kept = await trx.deleteFrom('pending_blobs').where('blob_key', 'in', keys).executeTakeFirst();
  if (Number(kept.numDeletedRows) !== new Set(keys).size) throw new AppError('FILE_SAVE_FAILED');
}

/**
 * Deletes blobs that will not be kept (an upload refused or cut, a transaction that rolled back) and then their
 * records; best effort: what fails here stays recorded, and the purge deletes it after the grace period.
 */
export async function discardBlobs(target: Pick<BlobTarget, 'db' | 'blobs'>, keys: readonly string[]) {
  if (keys.length === 0) return;
  const deleted = await Promise.all(
    keys.map((key) =>
      target.blobs.delete(key).then(
        () => key,
        () => undefined,
      ),
    ),
  );
  const gone = deleted.filter((key): key is string => key !== undefined);
  await forgetPending(target.db, gone).catch(() => undefined);
}

async function forgetPending(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom('pending_blobs').where('blob_key', 'in', keys).execute();
}

/**
 * In the purge's transaction: takes the pending records made before `before` (at most `limit`, oldest first) and
 * queues their blobs for deletion (`blob_deletions`), which the purge drains after the commit. Answers how many.
 */
export async function expirePendingBlobs(trx: Db, before: Date, now: Date, limit = 500): Promise<number> {
  const expired = await trx
    .deleteFrom('pending_blobs')
    .where('blob_key', 'in', (eb) =>
      eb
        .selectFrom('pending_blobs')
        .select('blob_key')
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit),
    )
    .returning('blob_key')
    .execute();
  await queueBlobDeletions(
    trx,
    expired.map((row) => row.blob_key),
    now,
  );
  return expired.length;
}
