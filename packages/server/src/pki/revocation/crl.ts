import * as pkijs from 'pkijs';
import type { CertificateRecord } from '../chain/certificate.js';
import { asBytes, decodeDer, FormatError, integerHex, sha256Hex, toHex } from '../der.js';
import { OID } from '../oids.js';
import { verifySignature } from '../signature/verify.js';

/** A parsed CRL with its revoked serials indexed. */
export interface CrlRecord {
  id: string;
  /** The CRL as it came, kept as validation data beside signatures checked with it. */
  der: Uint8Array;
  crl: pkijs.CertificateRevocationList;
  issuerKey: string;
  authorityKeyId: string | null;
  thisUpdate: Date;
  nextUpdate: Date | null;
  /** Revoked serial (lower-case hex) -> revocation date. */
  revoked: Map<string, Date>;
  /** Ids of issuer certificates whose key has verified this CRL's signature (true) or not (false). */
  signatureChecks: Map<string, boolean>;
}

/** Parses a DER CRL; throws FormatError when it is not one. */
export function parseCrl(der: Uint8Array): CrlRecord {
  let crl: pkijs.CertificateRevocationList;
  try {
    crl = new pkijs.CertificateRevocationList({ schema: decodeDer(der, 'CRL') });
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`not a CRL: ${(error as Error).message}`);
  }
  const revoked = new Map<string, Date>();
  for (const entry of crl.revokedCertificates ?? []) {
    revoked.set(integerHex(entry.userCertificate), entry.revocationDate.value);
  }
  const aki = crl.crlExtensions?.extensions.find((ext) => ext.extnID === OID.authorityKeyIdentifier)
    ?.parsedValue as pkijs.AuthorityKeyIdentifier | undefined;
  return {
    id: sha256Hex(der),
    der,
    crl,
    issuerKey: toHex(crl.issuer.valueBeforeDecode),
    authorityKeyId: aki?.keyIdentifier ? toHex(aki.keyIdentifier.valueBlock.valueHexView) : null,
    thisUpdate: crl.thisUpdate.value,
    nextUpdate: crl.nextUpdate?.value ?? null,
    revoked,
    signatureChecks: new Map(),
  };
}

/** True when `issuer` issued this CRL: same name, matching key identifier, a valid signature (memoised). */
export function crlIssuedBy(record: CrlRecord, issuer: CertificateRecord): boolean {
  if (record.issuerKey !== issuer.subjectKey) return false;
  if (record.authorityKeyId && issuer.subjectKeyId && record.authorityKeyId !== issuer.subjectKeyId)
    return false;
  let ok = record.signatureChecks.get(issuer.id);
  if (ok === undefined) {
    try {
      const bits = record.crl.signatureValue;
      ok = verifySignature({
        algorithm: record.crl.signatureAlgorithm,
        key: issuer.publicKey(),
        data: record.crl.tbsView,
        signature: asBytes(bits.valueBlock.valueHexView),
      });
    } catch {
      ok = false;
    }
    record.signatureChecks.set(issuer.id, ok);
  }
  return ok;
}

/** True when the CRL is current at `now` (thisUpdate passed, nextUpdate not yet). */
export function crlIsCurrent(record: CrlRecord, now: Date): boolean {
  return record.thisUpdate <= now && (record.nextUpdate === null || now <= record.nextUpdate);
}

/** The revocation date of `serialHex` on this CRL, or null when it is not listed. */
export function crlRevocationDate(record: CrlRecord, serialHex: string): Date | null {
  return record.revoked.get(serialHex) ?? null;
}
