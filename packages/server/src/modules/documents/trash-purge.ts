import { sql } from 'kysely';
import type { BlobStore } from '../../blob/blob-store.js';
import { type JobLockResult, withJobLock } from '../../db/job-lock.js';
import { drainBlobDeletions, queueBlobDeletions } from '../../files/blob-deletions.js';
import { expirePendingBlobs, PENDING_BLOB_GRACE_MS } from '../../files/pending-blobs.js';
import { releaseStorage } from './company-counters.js';
import type { Db } from './document-access.js';
import { STALE_UPLOAD_MS } from './document-store.js';

/** Name of the purge's advisory lock. */
export const DOCUMENTS_PURGE_JOB = 'documents-purge';

/** Participations taken out of trash per transaction; a round repeats until fewer are due. */
export const PURGE_BATCH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What one purge transaction removed. */
export interface PurgeCounts {
  participations: number;
  /** Files of finished documents whose bytes went after the signed-document retention. */
  filesReleased: number;
  documents: number;
  staleUploads: number;
  previews: number;
  /** Blobs left pending past the grace period (an upload whose process died before its commit). */
  pendingBlobs: number;
  blobsQueued: number;
}

/** Options of {@link purgeDocuments}. */
export interface PurgeOptions {
  retentionDays: number;
  /**
   * Days a finished (SIGNED, REJECTED, REVOKED) document keeps its files' bytes after it finished; 0 or absent
   * keeps them forever.
   */
  signedRetentionDays?: number;
  /** A blob pending longer than this is deleted with its record (`files/pending-blobs.ts`); an hour by default. */
  pendingBlobGraceMs?: number;
  /** Runs while the lock is held (tests hold a round here to race a second instance against it). */
  whileLocked?: () => Promise<void>;
  /** Runs inside the purge transaction with the ids of the documents it deletes (other modules' rows go too). */
  onDocumentsDeleted?: (trx: Db, documentIds: readonly number[]) => Promise<void>;
}

/**
 * One purge transaction under the `documents-purge` advisory lock (another instance holding it makes this
 * call skip): deletes participations that stayed in a company's trash past the retention, then the documents
 * no participant is left for (a draft has only its sender) with their rows, gives their bytes back to the
 * sender's quota, drops uploads abandoned over an hour ago, previews no file needs any more and blobs pending past
 * the grace period (stored, never referred to). Their blobs are queued in the same transaction and deleted by
 * {@link runDocumentPurge} after the commit.
 */
export async function purgeDocuments(
  db: Db,
  now: Date,
  options: PurgeOptions,
): Promise<JobLockResult<PurgeCounts>> {
  return withJobLock(db, DOCUMENTS_PURGE_JOB, async (trx) => {
    await options.whileLocked?.();
    const cutoff = new Date(now.getTime() - options.retentionDays * DAY_MS);
    const removed = await trx
      .deleteFrom('document_participants')
      .where(
        sql<boolean>`(company_bin, document_id) in (
          select company_bin, document_id from document_participants
          where trashed_at <= ${cutoff} limit ${PURGE_BATCH})`,
      )
      .returning('document_id')
      .execute();
    const touched = [...new Set(removed.map((row) => row.document_id))];
    const keys: string[] = [];
    let documents = 0;
    if (touched.length > 0) {
      const orphans = await trx
        .selectFrom('documents as d')
        .select(['d.id', 'd.sender_bin'])
        .where('d.id', 'in', touched)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('document_participants as p')
                .select('p.document_id')
                .whereRef('p.document_id', '=', 'd.id'),
            ),
          ),
        )
        .forUpdate()
        .execute();
      if (orphans.length > 0) {
        const ids = orphans.map((row) => row.id);
        const files = await trx
          .deleteFrom('document_files')
          .where('document_id', 'in', ids)
          .returning(['document_id', 'state', 'size', 'blob_key'])
          .execute();
        const senderOf = new Map(orphans.map((row) => [row.id, row.sender_bin]));
        const bytesBySender = new Map<string, number>();
        for (const file of files) {
          if (file.blob_key) keys.push(file.blob_key);
          const sender = senderOf.get(file.document_id);
          // A file whose bytes the retention already deleted gave its bytes back then.
          if (file.state === 'READY' && file.blob_key && sender)
            bytesBySender.set(sender, (bytesBySender.get(sender) ?? 0) + (file.size ?? 0));
        }
        for (const [sender, bytes] of bytesBySender) await releaseStorage(trx, sender, bytes);
        await options.onDocumentsDeleted?.(trx, ids);
        documents = Number(
          (await trx.deleteFrom('documents').where('id', 'in', ids).executeTakeFirst()).numDeletedRows,
        );
      }
    }
    const filesReleased = options.signedRetentionDays
      ? await releaseFinishedContent(
          trx,
          new Date(now.getTime() - options.signedRetentionDays * DAY_MS),
          now,
          keys,
        )
      : 0;
    const stale = await trx
      .deleteFrom('document_files')
      .where('state', '=', 'UPLOADING')
      .where('uploaded_at', '<', new Date(now.getTime() - STALE_UPLOAD_MS))
      .returning('blob_key')
      .execute();
    for (const row of stale) if (row.blob_key) keys.push(row.blob_key);
    const previews = await trx
      .deleteFrom('document_previews')
      .where(
        sql<boolean>`not exists (select 1 from document_files f
          where f.sha256 = document_previews.sha256 and f.blob_key is not null)`,
      )
      .returning('blob_key')
      .execute();
    keys.push(...previews.map((row) => row.blob_key));
    await queueBlobDeletions(trx, keys, now);
    const pendingBlobs = await expirePendingBlobs(
      trx,
      new Date(now.getTime() - (options.pendingBlobGraceMs ?? PENDING_BLOB_GRACE_MS)),
      now,
      PURGE_BATCH,
    );
    return {
      participations: removed.length,
      filesReleased,
      documents,
      staleUploads: stale.length,
      previews: previews.length,
      pendingBlobs,
      blobsQueued: keys.length + pendingBlobs,
    };
  });
}

/** Totals of a {@link runDocumentPurge} round. */
export interface PurgeRound extends PurgeCounts {
  /** False when another instance held the lock (that instance does the work). */
  ran: boolean;
  blobsDeleted: number;
}

/** A purge round: purge transactions until nothing more is due, then the queued blob deletions. */
export async function runDocumentPurge(
  db: Db,
  blobs: BlobStore,
  now: Date,
  options: PurgeOptions,
): Promise<PurgeRound> {
  const round: PurgeRound = {
    ran: false,
    participations: 0,
    filesReleased: 0,
    documents: 0,
    staleUploads: 0,
    previews: 0,
    pendingBlobs: 0,
    blobsQueued: 0,
    blobsDeleted: 0,
  };
  for (;;) {
    const result = await purgeDocuments(db, now, options);
    if (!result.ran) break;
    round.ran = true;
    const counted = [
      'participations',
      'filesReleased',
      'documents',
      'staleUploads',
      'previews',
      'pendingBlobs',
      'blobsQueued',
    ];
    for (const key of counted as Array<keyof PurgeCounts>) round[key] += result.value[key];
    const { participations, filesReleased, pendingBlobs } = result.value;
    if (participations < PURGE_BATCH && filesReleased < PURGE_BATCH && pendingBlobs < PURGE_BATCH) break;
  }
  for (;;) {
    const deleted = await drainBlobDeletions(db, blobs);
    round.blobsDeleted += deleted;
    if (deleted === 0) break;
  }
  return round;
}

/**
 * The signed-document retention: for documents SIGNED, REJECTED or REVOKED at or before `finishedBefore`
 * (`updated_at` is when they got there; nothing changes them afterwards), deletes the files' bytes (at most
 * PURGE_BATCH files; their blob keys go to `keys`) and gives them back to the sender's quota. The file rows keep
 * name, size and SHA-256, the history and the signing module's CMS stay: what a verifier needs.
 */
async function releaseFinishedContent(
  trx: Db,
  finishedBefore: Date,
  now: Date,
  keys: string[],
): Promise<number> {
  const due = await trx
    .selectFrom('document_files as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select(['f.id', 'f.size', 'f.blob_key', 'd.sender_bin'])
    .where('d.status', 'in', ['SIGNED', 'REJECTED', 'REVOKED'])
    .where('d.updated_at', '<=', finishedBefore)
    .where('f.state', '=', 'READY')
    .where('f.blob_key', 'is not', null)
    .orderBy('f.id')
    .limit(PURGE_BATCH)
    .forUpdate('f')
    .execute();
  if (due.length === 0) return 0;
  await trx
    .updateTable('document_files')
    .set({ blob_key: null, content_deleted_at: now })
    .where(
      'id',
      'in',
      due.map((file) => file.id),
    )
    .execute();
  const bytesBySender = new Map<string, number>();
  for (const file of due) {
    if (file.blob_key) keys.push(file.blob_key);
    bytesBySender.set(file.sender_bin, (bytesBySender.get(file.sender_bin) ?? 0) + (file.size ?? 0));
  }
  for (const [sender, bytes] of bytesBySender) await releaseStorage(trx, sender, bytes);
  return due.length;
}
