import { sql } from 'kysely';
import type { Db } from './document-access.js';

/**
 * Whether a folder of company `bin` exists. The folders module owns folders; the documents module asks it
 * through this function (injected, so neither module reads the other's tables).
 */
export type FolderExists = (db: Db, bin: string, folderId: number) => Promise<boolean>;

/**
 * Puts a document into a folder of the acting company, or out of any folder (`folderId` null). Only that
 * company's participant row changes: each company files documents its own way. Answers false when the company
 * does not take part in the document. The caller checks that the folder exists.
 */
export async function setDocumentFolder(
  db: Db,
  target: { bin: string; documentId: number; folderId: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('document_participants')
    .set({ folder_id: target.folderId })
    .where('company_bin', '=', target.bin)
    .where('document_id', '=', target.documentId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes every document of company `bin` out of the given folders (the folders module deletes them); the documents stay. */
export async function clearFolders(db: Db, bin: string, folderIds: readonly number[]): Promise<number> {
  if (folderIds.length === 0) return 0;
  const result = await db
    .updateTable('document_participants')
    .set({ folder_id: null })
    .where('company_bin', '=', bin)
    .where('folder_id', 'in', folderIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many documents of company `bin` (outside its trash) each folder holds directly; folders without any are left out. */
export async function folderDocumentCounts(db: Db, bin: string): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('document_participants')
    .select(['folder_id', sql<number>`count(*)::int`.as('count')])
    .where('company_bin', '=', bin)
    .where('folder_id', 'is not', null)
    .where('trashed_at', 'is', null)
    .groupBy('folder_id')
    .execute();
  return new Map(rows.flatMap((row) => (row.folder_id === null ? [] : [[row.folder_id, row.count]])));
}
