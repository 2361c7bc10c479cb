import { AppError, type CertificateSigner, type ErrorCode, type SignatureReport } from '@qoltanba/core';
import type { CmsVerifier } from '../../signature-verifier.js';

/** How a CMS relates to the file it signs: detached (NCALayer, CMS_SIGN_ONLY) or carrying it (CMS_WITH_DATA). */
export type CmsPackaging = 'detached' | 'attached';

/**
 * The catalogue code refusing a signature report, or undefined when it passed: only TOTAL_PASSED is accepted;
 * a revoked certificate is CERTIFICATE_REVOKED, a digest over other bytes SIGNED_FILE_MISMATCH, anything else
 * (broken math, untrusted chain, expired certificate, no revocation answer) SIGNATURE_INVALID.
 */
export function refusalOf(report: SignatureReport): ErrorCode | undefined {
  if (report.indication === 'TOTAL_PASSED') return undefined;
  switch (report.subIndication) {
    case 'REVOKED':
    case 'REVOKED_NO_POE':
    case 'REVOKED_CA_NO_POE':
      return 'CERTIFICATE_REVOKED';
    case 'HASH_FAILURE':
    case 'SIGNED_DATA_NOT_FOUND':
      return 'SIGNED_FILE_MISMATCH';
    default:
      return 'SIGNATURE_INVALID';
  }
}

/** The BIN/IIN a certificate signs for: the company's BIN, or the person's IIN when it names no company. */
export function signerIdentity(signer: CertificateSigner): string | null {
  return signer.bin ?? signer.iin;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b)) === 0;

/**
 * Verifies one CMS over `content` (detached) or carrying exactly `content` (attached), with one signer, and
 * answers that signer's report; refuses with the code of {@link refusalOf}, SIGNED_FILE_MISMATCH when the carried
 * content differs, SIGNATURE_INVALID for a CMS the engine cannot read or with other than one signer.
 */
export async function verifySignatureOver(
  verifier: CmsVerifier,
  cms: Uint8Array,
  content: Uint8Array,
  packaging: CmsPackaging,
): Promise<SignatureReport> {
  let verification: Awaited<ReturnType<CmsVerifier['verifyCms']>>;
  try {
    verification = await verifier.verifyCms(packaging === 'detached' ? { cms, content } : { cms });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('SIGNATURE_INVALID', undefined, { cause: error });
  }
  const [only, ...others] = verification.signers;
  if (!only || others.length > 0) throw new AppError('SIGNATURE_INVALID');
  const refusal = refusalOf(only.report);
  if (refusal) throw new AppError(refusal);
  if (packaging === 'attached' && (!verification.content || !sameBytes(verification.content, content))) {
    throw new AppError('SIGNED_FILE_MISMATCH');
  }
  return only.report;
}
