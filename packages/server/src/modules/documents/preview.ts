import { AppError } from '@qoltanba/core';
import type { BlobStore } from '../../blob/blob-store.js';
import type { Db } from './document-access.js';
import type { StoredFile } from './document-files.js';
import type { PdfConverter } from './soffice.js';

/** Serves the PDF preview of document files. */
export interface PreviewService {
  /** A PDF of the file: the file itself when it is one, else its (cached) LibreOffice conversion. */
  pdfOf(file: StoredFile): Promise<Uint8Array>;
}

async function cachedPreview(db: Db, blobs: BlobStore, sha256: string): Promise<Uint8Array | undefined> {
  const row = await db
    .selectFrom('document_previews')
    .select('blob_key')
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row ? blobs.get(row.blob_key) : undefined;
}

/**
 * Previews with a cache: a conversion is stored as a blob keyed by the file's SHA-256, so files with the
 * same content (copies) share it and each content is converted once; concurrent requests for the same
 * content wait for one conversion. The original file stays what gets signed.
 */
export function createPreviewService(
  db: Db,
  blobs: BlobStore,
  converter: PdfConverter,
  clock: () => Date,
): PreviewService {
  const inFlight = new Map<string, Promise<Uint8Array>>();

  async function convertAndCache(file: StoredFile): Promise<Uint8Array> {
    const original = await blobs.get(file.blobKey);
    if (!original) throw new AppError('FILE_LOAD_FAILED');
    const pdf = await converter.convert(original, file.format);
    const stored = await blobs.put(pdf);
    const inserted = await db
      .insertInto('document_previews')
      .values({ sha256: file.sha256, blob_key: stored.key, size: stored.size, created_at: clock() })
      .onConflict((oc) => oc.column('sha256').doNothing())
      .returning('sha256')
      .executeTakeFirst();
    // Another instance cached the same content first: keep theirs.
    if (!inserted) await blobs.delete(stored.key);
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
        pending = convertAndCache(file).finally(() => inFlight.delete(file.sha256));
        inFlight.set(file.sha256, pending);
      }
      return pending;
    },
  };
}
