import { AppError, type HistoryEvent, type SignatureReport, signatureReportSchema } from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, SigningMethod } from '../../db/schema.js';
import { requireUser } from '../account/index.js';
import type { DocumentCore } from '../documents/index.js';
import { knownParties, listHistory, requireSigningTarget, type SigningFile } from '../documents/index.js';
import { requireMembership } from '../registry/index.js';
import { signaturesOf } from '../signing/index.js';

/** One kept signature as the evidence shows it. */
export interface EvidenceSignature {
  fileId: number;
  /** The party it was accepted for (BIN, or IIN of an individual). */
  identityNumber: string;
  method: SigningMethod;
  /** The address it came from (null when not recorded). */
  ip: string | null;
  /** When the server accepted it. */
  acceptedAt: Date;
  /** The engine's report at acceptance. */
  report: SignatureReport;
  /** The CMS exactly as stored (DER). */
  cms: Uint8Array;
}

/** Everything the signed package, the signature sheet and the printable copy are made of. */
export interface SignedEvidence {
  document: DocumentCore;
  files: SigningFile[];
  signatures: EvidenceSignature[];
  /** As the acting company sees it, oldest first. */
  history: HistoryEvent[];
}

function parseReport(value: unknown): SignatureReport {
  return signatureReportSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
}

/**
 * The evidence of document `id` for the signed-in member of company `bin`: 401 without a user, FORBIDDEN for a
 * non-member, ENTITY_NOT_FOUND when the company takes no part, DOCUMENT_NOT_SIGNED while nobody has signed (a
 * draft never has a signature: signing a draft sends it). Reads through the documents and signing modules.
 */
export async function requireSignedEvidence(
  db: Kysely<Database>,
  request: FastifyRequest,
  bin: string,
  id: number,
): Promise<SignedEvidence> {
  const { userId } = await requireUser(request);
  await requireMembership(db, userId, bin);
  return signedEvidenceOf(db, bin, id);
}

/**
 * The evidence of document `id` for company `bin`, whose right to act the caller checked (a member, or the partner
 * API's key of that company): ENTITY_NOT_FOUND when it takes no part, DOCUMENT_NOT_SIGNED while nobody has signed.
 */
export async function signedEvidenceOf(
  db: Kysely<Database>,
  bin: string,
  id: number,
): Promise<SignedEvidence> {
  const target = await requireSigningTarget(db, id, bin);
  const rows = await signaturesOf(db, id);
  if (rows.length === 0) throw new AppError('DOCUMENT_NOT_SIGNED');
  const history = await listHistory(db, id, bin, knownParties(target.document, target.signers));
  return {
    document: target.document.core,
    files: target.files,
    signatures: rows.map((row) => ({
      fileId: row.file_id,
      identityNumber: row.identity_number,
      method: row.method,
      ip: row.ip,
      acceptedAt: new Date(row.created_at),
      report: parseReport(row.report),
      cms: new Uint8Array(row.cms),
    })),
    history,
  };
}

/** The party a signature names in file names: the certificate's BIN, else its IIN, else the accepted party. */
export function signatureParty(signature: EvidenceSignature): string {
  return signature.report.signer.bin ?? signature.report.signer.iin ?? signature.identityNumber;
}
