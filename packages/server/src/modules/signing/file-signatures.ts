import type { Kysely } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { Database } from '../../db/schema.js';

/** A signature kept here over one file, as public verification needs it. */
export interface StoredFileSignature {
  fileId: number;
  cms: Uint8Array;
  ip: string | null;
  /** Serial of the signing certificate (lower-case hex), as the engine reported it when it was accepted. */
  serial: string | null;
  /** When the service accepted it. */
  at: Date;
  /** The party (BIN, or IIN of an individual) it was accepted for. */
  identityNumber: string;
}

/** The signatures kept for files of documents, oldest first; the public verification API verifies them again. */
export async function signaturesOfFiles(
  db: Kysely<Database>,
  files: ReadonlyArray<{ documentId: number; fileId: number }>,
): Promise<StoredFileSignature[]> {
  const wanted = files.filter((file) => isRowId(file.documentId) && isRowId(file.fileId));
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('signatures')
    .select(['file_id', 'cms', 'ip', 'certificate_serial', 'created_at', 'identity_number'])
    .where('document_id', 'in', [...new Set(wanted.map((file) => file.documentId))])
    .where(
      'file_id',
      'in',
      wanted.map((file) => file.fileId),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    fileId: row.file_id,
    cms: row.cms,
    ip: row.ip,
    serial: row.certificate_serial,
    at: new Date(row.created_at),
    identityNumber: row.identity_number,
  }));
}
