import type { Kysely } from 'kysely';
import type { BlobStore } from '../blob/blob-store.js';
import type { Database } from '../db/schema.js';

/** A database or a transaction on it. */
type Db = Kysely<Database>;

/**
 * Queues blobs for deletion in the transaction that drops the rows referring to them: the rows and the
 * queue entries commit together, so a crash before the blobs are gone leaves work to redo, never a blob
 * that nothing remembers.
 */
export async function queueBlobDeletions(trx: Db, keys: readonly string[], now: Date): Promise<void> {
  if (keys.length === 0) return;
  await trx
    .insertInto('blob_deletions')
    .values(keys.map((blob_key) => ({ blob_key, queued_at: now })))
    .onConflict((oc) => oc.column('blob_key').doNothing())
    .execute();
}

/**
 * Deletes queued blobs (only `keys` when given, else up to `limit` of the oldest) and their queue entries.
 * Each entry is claimed with FOR UPDATE SKIP LOCKED inside a transaction, so two instances draining at once
 * never delete the same blob twice; a failing store leaves the entry for the next round.
 */
export async function drainBlobDeletions(
  db: Db,
  blobs: BlobStore,
  options: { keys?: readonly string[]; limit?: number } = {},
): Promise<number> {
  if (options.keys?.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('blob_deletions')
      .select('blob_key')
      .orderBy('queued_at')
      .limit(options.limit ?? 500)
      .forUpdate()
      .skipLocked();
    if (options.keys) query = query.where('blob_key', 'in', options.keys);
    const claimed = (await query.execute()).map((row) => row.blob_key);
    for (const key of claimed) await blobs.delete(key);
    if (claimed.length > 0) await trx.deleteFrom('blob_deletions').where('blob_key', 'in', claimed).execute();
    return claimed.length;
  });
}
