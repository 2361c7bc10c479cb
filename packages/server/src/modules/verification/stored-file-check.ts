import type { VerificationResult } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../blob/blob-store.js';
import type { Database } from '../../db/schema.js';
import type { CmsVerifier } from '../../signature-verifier.js';
import type { VerifiableFile } from '../documents/index.js';
import { signedStoredFile } from './signed-files-here.js';
import { verifyStoredFile } from './verify-files.js';

/** What a stored-file check reads: the database, the file bytes and the engine. */
export interface StoredFileCheckDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  verifier: CmsVerifier;
}

/**
 * The one stored-file verification (`verifyStoredFile`, and the external document links): every signature kept for
 * file `fileId` of document `docId`, verified again now over the stored bytes. Undefined, whatever the reason,
 * when the file carries no signature, belongs to a draft or another document, `accept` refuses it (the route's
 * hash check), or its bytes are no longer kept.
 */
export async function checkStoredFile(
  deps: StoredFileCheckDeps,
  docId: number,
  fileId: number,
  accept: (file: VerifiableFile) => boolean = () => true,
): Promise<VerificationResult | undefined> {
  const found = await signedStoredFile(deps.db, docId, fileId);
  if (!found || !accept(found.file)) return undefined;
  const bytes = await deps.blobs.get(found.file.blobKey);
  if (!bytes) return undefined;
  const { file, document, signatures } = found;
  return verifyStoredFile(
    { name: file.name, kind: file.format, sha256: file.sha256, bytes, document },
    signatures,
    deps.verifier,
  );
}
