import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { filesWithContent, type VerifiableFile, verifiableFile } from '../documents/index.js';
import { signaturesOfFiles } from '../signing/index.js';
import type { SignedFileHere, StoredSignature } from './verify-files.js';

/** A stored file of a document signed here, with its signatures (at least one). */
export interface StoredSignedFile extends SignedFileHere {
  file: VerifiableFile;
}

async function withSignatures(
  db: Kysely<Database>,
  files: readonly VerifiableFile[],
): Promise<StoredSignedFile[]> {
  const signatures = await signaturesOfFiles(db, files);
  return files.flatMap((file) => {
    const own: StoredSignature[] = signatures.filter((signature) => signature.fileId === file.fileId);
    return own.length > 0 ? [{ file, document: file.document, signatures: own }] : [];
  });
}

/** Files of documents here with this content that carry at least one signature, oldest first. */
export async function signedFilesWithContent(
  db: Kysely<Database>,
  sha256: string,
): Promise<StoredSignedFile[]> {
  return withSignatures(db, await filesWithContent(db, sha256));
}

/** The file of a document here when it carries at least one signature; otherwise undefined (whatever the reason). */
export async function signedStoredFile(
  db: Kysely<Database>,
  documentId: number,
  fileId: number,
): Promise<StoredSignedFile | undefined> {
  const file = await verifiableFile(db, documentId, fileId);
  return file ? (await withSignatures(db, [file]))[0] : undefined;
}
