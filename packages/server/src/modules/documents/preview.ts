import { AppError, isAppError } from '@qoltanba/core';
import type { BlobStore } from '../../blob/blob-store.js';
import type { PreviewFailureReason } from '../../db/tables/documents.js';
import { discardBlobs, keepBlobs, putBlob } from '../../files/pending-blobs.js';
import type { Db } from './document-access.js';
import type { StoredFile } from './document-files.js';
import { DEFAULT_EXPANSION_LIMITS, type ExpansionLimits, preparePackage } from './office-package.js';
import type { PreviewScheduler } from './preview-scheduler.js';
import { ConversionTimeout, type PdfConverter } from './soffice.js';

/** Serves the PDF preview of document files. */
export interface PreviewService {
  /** A PDF of the file: the file itself when it is one, else its (cached) LibreOffice conversion. */
  pdfOf(file: StoredFile): Promise<Uint8Array>;
}

/** Options of {@link createPreviewService}. */
export interface PreviewServiceOptions {
  db: Db;
  blobs: BlobStore;
  converter: PdfConverter;
  scheduler: PreviewScheduler;
  clock: () => Date;
  /** A content whose conversion failed (not a timeout) is converted again only after this long. */
  failureRetryMs?: number;
  limits?: ExpansionLimits;
}

/** One hour: long enough that a broken file costs nothing, short enough that a fixed LibreOffice gets its chance. */
export const DEFAULT_FAILURE_RETRY_MS = 60 * 60_000;

async function cachedPreview(db: Db, blobs: BlobStore, sha256: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('document_previews')
    .select('blob_key')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row ? blobs.get(row.blob_key) : undefined;
}

/** The company whose document holds the content: its conversions share that company's turn and queue. */
async function ownerOf(db: Db, file: StoredFile): Promise<string> {
  const row = await db
    .selectFrom('document_files')
    .innerJoin('documents', 'documents.id', 'document_files.document_id')
    .select('documents.sender_bin')
    // sha256 is indexed; the blob key picks this file among copies of the content in other companies.
    .where('document_files.sha256', '=', file.sha256)
    .where('document_files.blob_key', '=', file.blobKey)
    .executeTakeFirst();
  return row?.sender_bin ?? `content:${file.sha256}`;
}

/** The error a remembered failure answers with. */
function failureError(reason: PreviewFailureReason): AppError {
  return new AppError(reason === 'too_complex' ? 'PREVIEW_TOO_COMPLEX' : 'PREVIEW_FAILED');
}

/** Which failure of a conversion is remembered; none for PREVIEW_UNAVAILABLE, PREVIEW_BUSY or a storage fault. */
function failureReason(error: unknown): PreviewFailureReason | undefined {
  if (!isAppError(error)) return undefined;
  if (error.code === 'PREVIEW_TOO_COMPLEX') return 'too_complex';
  if (error.code !== 'PREVIEW_FAILED') return undefined;
  return error.cause instanceof ConversionTimeout ? 'timeout' : 'failed';
}

/**
 * Previews with a cache: a conversion is stored as a blob keyed by the file's SHA-256, so files with the
 * same content (copies) share it and each content is converted once; concurrent requests for the same
 * content wait for one conversion. A failed conversion is remembered by content in the database (for every
 * instance): a timeout or a too complex file is never converted again, another failure only after
 * `failureRetryMs`. Conversions go through the scheduler (fair between companies, bounded per company), after the
 * package check that refuses what would expand too far and strips references outside the file.
 */
export function createPreviewService(options: PreviewServiceOptions): PreviewService {
  const { db, blobs, converter, scheduler, clock } = options;
  const retryMs = options.failureRetryMs ?? DEFAULT_FAILURE_RETRY_MS;
  const limits = options.limits ?? DEFAULT_EXPANSION_LIMITS;
  const inFlight = new Map<string, Promise<Uint8Array>>();

  async function rememberedFailure(sha256: string): Promise<AppError | undefined> {
    const row = await db
      .selectFrom('document_preview_failures')
      .select(['reason', 'failed_at'])
      .where('sha256', '=', sha256)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.reason === 'failed' && clock().getTime() - new Date(row.failed_at).getTime() >= retryMs) {
      return undefined;
    }
    return failureError(row.reason);
  }

  async function remember(sha256: string, reason: PreviewFailureReason): Promise<void> {
    const now = clock();
    await db
      .insertInto('document_preview_failures')
      .values({ sha256, reason, failed_at: now })
      .onConflict((oc) =>
        oc.column('sha256').doUpdateSet((eb) => ({
          reason,
          failed_at: now,
          attempts: eb('document_preview_failures.attempts', '+', 1),
        })),
      )
      .execute();
  }

  async function convertAndCache(file: StoredFile): Promise<Uint8Array> {
    const original = await blobs.get(file.blobKey);
    if (!original) throw new AppError('FILE_LOAD_FAILED');
    let pdf: Uint8Array;
    try {
      const prepared = preparePackage(original, file.format, limits);
      pdf = await scheduler.run(await ownerOf(db, file), () => converter.convert(prepared, file.format));
    } catch (error) {
      const reason = failureReason(error);
      if (reason) await remember(file.sha256, reason);
      throw error;
    }
    const stored = await putBlob({ db, blobs, clock }, pdf);
    const inserted = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('document_previews')
        .values({ sha256: file.sha256, blob_key: stored.key, size: stored.size, created_at: clock() })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .returning('sha256')
        .executeTakeFirst();
      if (row) await keepBlobs(trx, [stored.key]);
      return row;
    });
    // Another instance cached the same content first: keep theirs.
    if (!inserted) await discardBlobs({ db, blobs }, [stored.key]);
    await db.deleteFrom('document_preview_failures').where('sha256', '=', file.sha256).execute();
    return pdf;
  }

  return {
    async pdfOf(file) {
      if (file.format === 'pdf') {
        const original = await blobs.get(file.blobKey);
        if (!original) throw new AppError('FILE_LOAD_FAILED');
        return original;
      }
      const cached = await cachedPreview(db, blobs, file.sha256);
      if (cached) return cached;
      let pending = inFlight.get(file.sha256);
      if (!pending) {
        pending = (async () => {
          const failed = await rememberedFailure(file.sha256);
          if (failed) throw failed;
          return convertAndCache(file);
        })().finally(() => inFlight.delete(file.sha256));
        inFlight.set(file.sha256, pending);
      }
      return pending;
    },
  };
}
