import type { Timestamp } from './columns.js';

/** The blob deletion queue (`files/blob-deletions.ts`), shared by every module that drops rows referring to blobs. */
export interface FilesTables {
  blob_deletions: BlobDeletionsTable;
}

/** Row of `blob_deletions`: a blob no row refers to any more, deleted from the store after the commit. */
export interface BlobDeletionsTable {
  blob_key: string;
  queued_at: Timestamp;
}
