import { AppError, DOCUMENT_MAX_FILES, type DocumentFileFormat } from '@qoltanba/core';
import { isRowId } from '../../db/row-id.js';
import { drainBlobDeletions, queueBlobDeletions } from '../../files/blob-deletions.js';
import type { ReceivedFile } from '../../files/file-upload.js';
import { keepBlobs } from '../../files/pending-blobs.js';
import { releaseStorage, reserveStorage } from './company-counters.js';
import { type Db, requireAccessible } from './document-access.js';
import {
  beginEdit,
  type DocumentEditServices,
  type DocumentServices,
  syncParticipants,
} from './document-store.js';
import { type Actor, recordEvent } from './history.js';

/** One file being added to a document: its UPLOADING row and, once stored, what arrived. */
export interface PendingUpload {
  fileId: number;
  file?: ReceivedFile;
}

/**
 * Before a file of `addDocumentFiles` is read: checks under the document's lock that the acting company may
 * edit it and that it stays within DOCUMENT_MAX_FILES, then inserts an UPLOADING row, which holds back
 * sending (FILES_STILL_UPLOADING) until the upload is finished or abandoned.
 */
export async function beginFileUpload(svc: DocumentEditServices, actor: Actor, id: number): Promise<number> {
  const now = svc.clock();
  return svc.db.transaction().execute(async (trx) => {
    const document = await requireAccessible(trx, actor.bin, id, { lock: true });
    await beginEdit(trx, document, now, svc.hooks);
    const count = await trx
      .selectFrom('document_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('document_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= DOCUMENT_MAX_FILES) throw new AppError('DOCUMENT_FILES_LIMIT');
    const row = await trx
      .insertInto('document_files')
      .values({ document_id: id, state: 'UPLOADING', name: '', uploaded_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * Remembers the blob of a file whose bytes have arrived, so an upload abandoned later can still be cleaned: from
 * this commit on the UPLOADING row refers to the blob (the purge drops stale ones with their blobs), so it is no
 * longer pending. MULTIPART_INVALID when the purge already took the row as abandoned.
 */
export async function attachUploadedBlob(db: Db, upload: PendingUpload): Promise<void> {
  const key = upload.file?.blobKey;
  if (!key) return;
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('document_files')
      .set({ blob_key: key })
      .where('id', '=', upload.fileId)
      .where('state', '=', 'UPLOADING')
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) throw new AppError('MULTIPART_INVALID');
    await keepBlobs(trx, [key]);
  });
}

/**
 * Makes the uploaded files part of the document in one transaction: storage quota (STORAGE_FULL), rows
 * READY, the edit transition and an UPDATE event. Fails (and the caller aborts) if the document can no
 * longer be edited.
 */
export async function finishFileUploads(
  svc: DocumentEditServices,
  actor: Actor,
  id: number,
  uploads: readonly PendingUpload[],
): Promise<void> {
  const now = svc.clock();
  const files = uploads.flatMap((upload) => (upload.file ? [{ ...upload.file, fileId: upload.fileId }] : []));
  await svc.db.transaction().execute(async (trx) => {
    const document = await requireAccessible(trx, actor.bin, id, { lock: true });
    await beginEdit(trx, document, now, svc.hooks);
    await reserveStorage(
      trx,
      actor.bin,
      files.reduce((sum, file) => sum + file.size, 0),
      svc.quotaBytes,
    );
    for (const file of files) {
      const updated = await trx
        .updateTable('document_files')
        .set({
          state: 'READY',
          name: file.name,
          format: file.format,
          size: file.size,
          sha256: file.sha256,
          blob_key: file.blobKey,
          uploaded_at: now,
        })
        .where('id', '=', file.fileId)
        .where('state', '=', 'UPLOADING')
        .executeTakeFirst();
      // The purge took the row as abandoned: this upload no longer exists.
      if (updated.numUpdatedRows === 0n) throw new AppError('MULTIPART_INVALID');
    }
    await syncParticipants(trx, id);
    await recordEvent(trx, id, 'UPDATE', actor, now, `files added: ${files.map((f) => f.name).join(', ')}`);
  });
}

/** Removes the UPLOADING rows of an upload that failed or was cut short (the caller deletes the blobs). */
export async function abortFileUploads(
  svc: DocumentServices,
  uploads: readonly PendingUpload[],
): Promise<void> {
  if (uploads.length === 0) return;
  await svc.db
    .deleteFrom('document_files')
    .where(
      'id',
      'in',
      uploads.map((upload) => upload.fileId),
    )
    .where('state', '=', 'UPLOADING')
    .execute();
}

/**
 * Deletes a file of a draft (or of a rejected document, which becomes a draft). The last file stays
 * (DOCUMENT_WITHOUT_FILE): a document cannot be without one. The blob is queued and deleted after the commit.
 */
export async function deleteDocumentFile(
  svc: DocumentEditServices,
  actor: Actor,
  id: number,
  fileId: number,
): Promise<void> {
  const now = svc.clock();
  const key = await svc.db.transaction().execute(async (trx) => {
    const document = await requireAccessible(trx, actor.bin, id, { lock: true });
    const files = await trx
      .selectFrom('document_files')
      .select(['id', 'name', 'size', 'blob_key'])
      .where('document_id', '=', id)
      .where('state', '=', 'READY')
      .execute();
    const file = files.find((f) => f.id === fileId);
    if (!file) throw new AppError('ENTITY_NOT_FOUND');
    await beginEdit(trx, document, now, svc.hooks);
    if (files.length === 1) throw new AppError('DOCUMENT_WITHOUT_FILE');
    await trx.deleteFrom('document_files').where('id', '=', fileId).execute();
    await releaseStorage(trx, actor.bin, file.size ?? 0);
    if (file.blob_key) await queueBlobDeletions(trx, [file.blob_key], now);
    await syncParticipants(trx, id);
    await recordEvent(trx, id, 'UPDATE', actor, now, `file deleted: ${file.name}`);
    return file.blob_key;
  });
  // Best effort now; the purge job drains whatever is left.
  if (key) await drainBlobDeletions(svc.db, svc.blobs, { keys: [key] }).catch(() => 0);
}

/** A finished file of a document the company may see, with where its bytes are. */
export interface StoredFile {
  name: string;
  format: DocumentFileFormat;
  sha256: string;
  blobKey: string;
}

/**
 * The file `fileId` of a document company `bin` takes part in, or ENTITY_NOT_FOUND; FILE_NOT_RETAINED once the
 * retention purge deleted its bytes.
 */
export async function requireFile(db: Db, bin: string, id: number, fileId: number): Promise<StoredFile> {
  await requireAccessible(db, bin, id);
  if (!isRowId(fileId)) throw new AppError('ENTITY_NOT_FOUND');
  const file = await db
    .selectFrom('document_files')
    .select(['name', 'format', 'sha256', 'blob_key'])
    .where('id', '=', fileId)
    .where('document_id', '=', id)
    .where('state', '=', 'READY')
    .executeTakeFirst();
  if (!file?.format || !file.sha256) throw new AppError('ENTITY_NOT_FOUND');
  if (!file.blob_key) throw new AppError('FILE_NOT_RETAINED');
  return { name: file.name, format: file.format, sha256: file.sha256, blobKey: file.blob_key };
}
