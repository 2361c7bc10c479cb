import { AppError, type CertificateSigner, type ErrorCode, type SignatureReport } from '@qoltanba/core';
import { TimestampUnavailableError } from '../../pki/index.js';
import type { CmsVerification, CmsVerifier, SigningVerifier } from '../../signature-verifier.js';

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
  const input = packaging === 'detached' ? { cms, content } : { cms };
  return acceptedReport(await checked(() => verifier.verifyCms(input)), content, packaging);
}

/** A signature accepted for keeping: the CMS to store (long-term when a TSA is configured) and its report. */
export interface SecuredSignature {
  cms: Uint8Array;
  report: SignatureReport;
}

/**
 * Checks one CMS as {@link verifySignatureOver} does and makes it long-term (`secureCms`: a TSA timestamp over the
 * signature value, the OCSP answers / CRLs and paths it was checked with as unsigned attributes), so the stored and
 * packaged signature verifies offline after its certificate expired. An unreachable TSA (after the engine's three
 * tries) refuses the signing with TIMESTAMP_UNAVAILABLE: nothing is stored, the signer signs again later. (A
 * signature kept unstamped for a job to stamp later would only prove its existence from then, after a revocation
 * that may have come in between; and the signer is there now to retry.)
 */
export async function secureSignatureOver(
  verifier: SigningVerifier,
  cms: Uint8Array,
  content: Uint8Array,
  packaging: CmsPackaging,
): Promise<SecuredSignature> {
  const input = packaging === 'detached' ? { cms, content } : { cms };
  const secured = await checked(() => verifier.secureCms(input));
  return { cms: secured.cms, report: acceptedReport(secured.verification, content, packaging) };
}

/** Runs the engine; its failures are SIGNATURE_INVALID, a TSA that gave nothing TIMESTAMP_UNAVAILABLE. */
async function checked<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof TimestampUnavailableError) {
      throw new AppError('TIMESTAMP_UNAVAILABLE', undefined, { cause: error });
    }
    throw new AppError('SIGNATURE_INVALID', undefined, { cause: error });
  }
}

/** The one signer's report of a verification that passed over exactly `content`; else the refusal. */
function acceptedReport(
  verification: CmsVerification,
  content: Uint8Array,
  packaging: CmsPackaging,
): SignatureReport {
  const [only, ...others] = verification.signers;
  if (!only || others.length > 0) throw new AppError('SIGNATURE_INVALID');
  const refusal = refusalOf(only.report);
  if (refusal) throw new AppError(refusal);
  if (packaging === 'attached' && (!verification.content || !sameBytes(verification.content, content))) {
    throw new AppError('SIGNED_FILE_MISMATCH');
  }
  return only.report;
}
