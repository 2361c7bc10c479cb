import type { ColumnType } from 'kysely';

/** The local blob folder's marker (`blob/blob-folder-marker.ts`). */
export interface BlobFolderTables {
  blob_folder: BlobFolderTable;
}

/** The one row of `blob_folder`: the marker id of the folder this database's blobs are in. */
export interface BlobFolderTable {
  id: ColumnType<number, number | undefined, never>;
  marker: string;
  recorded_at: ColumnType<Date, Date | string | undefined, never>;
}
