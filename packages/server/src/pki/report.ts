import type {
  CertificateInfo,
  CertificateSigner,
  ErrorCode,
  EtsiIndication,
  EtsiSubIndication,
  RevocationInfo,
  SignatureReport,
} from '@qoltanba/core';
import type { CertificateRecord } from './chain/certificate.js';
import { distinguishedName } from './identity/kz-subject.js';
import type { RevocationStatus } from './revocation/checker.js';

/** The signer of a signature whose certificate was not found. */
export const UNKNOWN_SIGNER: CertificateSigner = {
  iin: null,
  bin: null,
  fullName: null,
  surname: null,
  givenName: null,
  patronymic: null,
  organisation: null,
  email: null,
  role: null,
  roles: [],
};

const TOTAL_FAILED: ReadonlySet<EtsiSubIndication> = new Set([
  'FORMAT_FAILURE',
  'HASH_FAILURE',
  'SIG_CRYPTO_FAILURE',
  'REVOKED',
  'EXPIRED',
  'NOT_YET_VALID',
]);

/** The main indication a sub-indication belongs to (ETSI EN 319 102-1 5.1.3); TOTAL_PASSED for none. */
export function indicationOf(sub: EtsiSubIndication | null): EtsiIndication {
  if (sub === null) return 'TOTAL_PASSED';
  return TOTAL_FAILED.has(sub) ? 'TOTAL_FAILED' : 'INDETERMINATE';
}

/** The certificate part of a report. */
export function certificateInfo(record: CertificateRecord): CertificateInfo {
  return {
    serial: record.serialHex,
    notBefore: record.notBefore.toISOString(),
    notAfter: record.notAfter.toISOString(),
    issuer: distinguishedName(record.cert.issuer),
    subject: distinguishedName(record.cert.subject),
  };
}

/** The revocation part of a report ('unknown' when it was not checked). */
export function revocationInfo(status: RevocationStatus | null): RevocationInfo {
  return {
    status: status?.status ?? 'unknown',
    source: status?.source ?? null,
    revokedAt: status?.revokedAt?.toISOString() ?? null,
    checkedAt: status?.checkedAt?.toISOString() ?? null,
  };
}

/**
 * The error catalogue code to show for a signature the product refuses: CERTIFICATE_REVOKED for a revoked
 * certificate, SIGNATURE_MISMATCH for any other failure, null when it passed.
 */
export function signatureErrorCode(report: SignatureReport): ErrorCode | null {
  if (report.indication === 'TOTAL_PASSED') return null;
  return report.subIndication === 'REVOKED' || report.subIndication === 'REVOKED_NO_POE'
    ? 'CERTIFICATE_REVOKED'
    : 'SIGNATURE_MISMATCH';
}
