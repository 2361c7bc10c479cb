import { OID } from '../oids.js';
import { allowsKeyUsage, type CertificateRecord, KEY_USAGE } from './certificate.js';

/**
 * True when the certificate may make signatures on documents: key usage (when present) includes
 * nonRepudiation or digitalSignature, and extended key usage (when present) includes e-mail protection (what
 * NCA signing certificates carry) or any purpose. NCA authentication certificates (clientAuth only) are refused.
 */
export function isSigningCertificate(record: CertificateRecord): boolean {
  const keyUsageOk =
    allowsKeyUsage(record.keyUsage, KEY_USAGE.nonRepudiation) ||
    allowsKeyUsage(record.keyUsage, KEY_USAGE.digitalSignature);
  const eku = record.extKeyUsage;
  const ekuOk = eku === null || eku.includes(OID.ekuEmailProtection) || eku.includes(OID.anyExtendedKeyUsage);
  return keyUsageOk && ekuOk && !record.isCa;
}

/** True for a time-stamping unit's certificate (RFC 3161 2.3: EKU timeStamping only, not a CA). */
export function isTimestampingCertificate(record: CertificateRecord): boolean {
  const eku = record.extKeyUsage;
  return eku !== null && eku.length === 1 && eku[0] === OID.ekuTimeStamping && !record.isCa;
}
