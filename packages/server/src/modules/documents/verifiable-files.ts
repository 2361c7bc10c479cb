import type { DocumentFileFormat } from '@qoltanba/core';
import { isRowId } from '../../db/row-id.js';
import type { Db } from './document-access.js';

// The documents module's side of public verification: which stored files hold given bytes, and one stored file by
// its ids. Drafts are left out, so nobody learns from the verification API that a draft exists.

/** A finished file of a document past its draft, as public verification needs it. */
export interface VerifiableFile {
  documentId: number;
  fileId: number;
  name: string;
  format: DocumentFileFormat;
  sha256: string;
  blobKey: string;
  document: { id: number; number: number; name: string };
}

function verifiableFiles(db: Db) {
  return db
    .selectFrom('document_files as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select([
      'f.id as fileId',
      'f.document_id as documentId',
      'f.name',
      'f.format',
      'f.sha256',
      'f.blob_key as blobKey',
      'd.number',
      'd.name as documentName',
    ])
    .where('f.state', '=', 'READY')
    .where('d.status', '!=', 'DRAFT');
}

type Row = Awaited<ReturnType<ReturnType<typeof verifiableFiles>['execute']>>[number];

function toFile(row: Row): VerifiableFile[] {
  if (!row.format || !row.sha256 || !row.blobKey) return [];
  return [
    {
      documentId: row.documentId,
      fileId: row.fileId,
      name: row.name,
      format: row.format,
      sha256: row.sha256,
      blobKey: row.blobKey,
      document: { id: row.documentId, number: row.number, name: row.documentName },
    },
  ];
}

/** Files of documents past their draft whose content has this hex SHA-256, oldest first. */
export async function filesWithContent(db: Db, sha256: string): Promise<VerifiableFile[]> {
  const rows = await verifiableFiles(db).where('f.sha256', '=', sha256).orderBy('f.id').execute();
  return rows.flatMap(toFile);
}

/** The file `fileId` of document `documentId` when that document is past its draft; otherwise undefined. */
export async function verifiableFile(
  db: Db,
  documentId: number,
  fileId: number,
): Promise<VerifiableFile | undefined> {
  if (!isRowId(documentId) || !isRowId(fileId)) return undefined;
  const row = await verifiableFiles(db)
    .where('f.document_id', '=', documentId)
    .where('f.id', '=', fileId)
    .executeTakeFirst();
  return row ? toFile(row)[0] : undefined;
}
