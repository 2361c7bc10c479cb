import type { CertificateRecord } from '../chain/certificate.js';
import type { RevocationChecker, RevocationStatus } from '../revocation/checker.js';
import type { ValidationData } from './validation-data.js';

/** A signature's kept validation data and the time its timestamp proves it existed. */
export interface KeptEvidence {
  data: ValidationData;
  at: Date;
}

/**
 * The status of `cert` (issued by `issuer`) that a signature's kept evidence gives as of its proven time: a
 * revocation the trust folder knows wins (its date is weighed against the proof by the caller), else the kept
 * OCSP answers and CRLs; null when neither says anything, so the caller asks elsewhere.
 */
export function keptRevocation(
  checker: RevocationChecker,
  cert: CertificateRecord,
  issuer: CertificateRecord,
  kept: KeptEvidence,
): RevocationStatus | null {
  const local = checker.local(cert, issuer);
  if (local?.status === 'revoked') return local;
  return checker.fromEvidence(cert, issuer, kept.data, kept.at);
}

/** The CRL or OCSP answer a status came from, as validation data to keep (none for a status without one). */
export function evidenceData(status: RevocationStatus | null): ValidationData {
  const evidence = status?.evidence;
  return {
    certificates: [],
    crls: evidence?.kind === 'crl' ? [evidence.der] : [],
    ocsp: evidence?.kind === 'ocsp' ? [evidence.der] : [],
  };
}
