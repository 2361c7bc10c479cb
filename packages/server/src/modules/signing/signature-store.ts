import type { SignatureReport } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database, SigningMethod } from '../../db/schema.js';

/** One verified signature to keep: the CMS of one file by one signer, with its report. */
export interface AcceptedSignature {
  fileId: number;
  cms: Uint8Array;
  report: SignatureReport;
}

/** Who signed and how, shared by the signatures of one signing. */
export interface SignatureOrigin {
  documentId: number;
  identityNumber: string;
  actingBin: string | null;
  linkId: number | null;
  userId: string | null;
  method: SigningMethod;
  ip: string | null;
  at: Date;
}

/** Stores the signatures of one signing (inside the transaction that records it on the document). */
export async function insertSignatures(
  db: Kysely<Database>,
  origin: SignatureOrigin,
  signatures: readonly AcceptedSignature[],
): Promise<void> {
  await db
    .insertInto('signatures')
    .values(
      signatures.map((signature) => ({
        document_id: origin.documentId,
        file_id: signature.fileId,
        identity_number: origin.identityNumber,
        acting_bin: origin.actingBin,
        link_id: origin.linkId,
        user_id: origin.userId,
        cms: signature.cms,
        certificate_serial: signature.report.certificate?.serial ?? null,
        certificate_subject: signature.report.certificate?.subject ?? null,
        report: JSON.stringify(signature.report),
        method: origin.method,
        ip: origin.ip,
        created_at: origin.at,
      })),
    )
    .execute();
}

/** The signatures kept for a document, oldest first (file, signer, method, report, CMS, IP, time). */
export async function signaturesOf(db: Kysely<Database>, documentId: number) {
  return db
    .selectFrom('signatures')
    .select([
      'id',
      'file_id',
      'identity_number',
      'method',
      'link_id',
      'user_id',
      'report',
      'cms',
      'ip',
      'created_at',
    ])
    .where('document_id', '=', documentId)
    .orderBy('id')
    .execute();
}

/**
 * Deletes the signatures of a rejected document that its sender edited back into a draft (inside the editing
 * transaction): the rejected round is over, everybody signs anew, and one signature per file and signer holds.
 */
export async function forgetRejectedRound(db: Kysely<Database>, documentId: number): Promise<void> {
  await db.deleteFrom('signatures').where('document_id', '=', documentId).execute();
}

/** Deletes everything this module keeps of the given documents (the documents purge deletes them). */
export async function forgetDocuments(db: Kysely<Database>, documentIds: readonly number[]): Promise<void> {
  if (documentIds.length === 0) return;
  const ids = [...documentIds];
  await db.deleteFrom('signatures').where('document_id', 'in', ids).execute();
  await db.deleteFrom('signing_links').where('document_id', 'in', ids).execute();
  await db.deleteFrom('qr_signing_sessions').where('document_id', 'in', ids).execute();
  await db.deleteFrom('signing_locks').where('document_id', 'in', ids).execute();
}
