import type { Timestamp } from './columns.js';

/**
 * The blob deletion queue (`files/blob-deletions.ts`), shared by every module that drops rows referring to blobs, and
 * the blobs written but not yet referred to (`files/pending-blobs.ts`), shared by every module that stores one.
 */
export interface FilesTables {
  blob_deletions: BlobDeletionsTable;
  pending_blobs: PendingBlobsTable;
}

/** Row of `blob_deletions`: a blob no row refers to any more, deleted from the store after the commit. */
export interface BlobDeletionsTable {
  blob_key: string;
  queued_at: Timestamp;
}

/** Row of `pending_blobs`: a blob stored (or being stored) that no committed row refers to yet. */
export interface PendingBlobsTable {
  blob_key: string;
  created_at: Timestamp;
}
