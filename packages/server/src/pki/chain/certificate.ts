import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { asBytes, decodeDer, FormatError, integerHex, sha256Hex, toHex } from '../der.js';
import { OID } from '../oids.js';
import { importPublicKey, type PublicKeyHandle } from '../signature/public-key.js';

/** KeyUsage bits (RFC 5280 4.2.1.3) as masks over the first two bytes of the BIT STRING. */
export const KEY_USAGE = {
  digitalSignature: 0x8000,
  nonRepudiation: 0x4000,
  keyEncipherment: 0x2000,
  keyCertSign: 0x0400,
  cRLSign: 0x0200,
} as const;

/** A parsed certificate with what path building, revocation and reporting read, computed once. */
export interface CertificateRecord {
  der: Uint8Array;
  /** SHA-256 of the DER, hex: the cache key. */
  id: string;
  cert: pkijs.Certificate;
  /** Hex of the subject / issuer Name DER, for matching issuers. */
  subjectKey: string;
  issuerKey: string;
  subjectDer: Uint8Array;
  serialHex: string;
  notBefore: Date;
  notAfter: Date;
  subjectKeyId: string | null;
  authorityKeyId: string | null;
  /** KeyUsage bits (see {@link KEY_USAGE}); null when the extension is absent. */
  keyUsage: number | null;
  /** ExtendedKeyUsage purposes; null when the extension is absent. */
  extKeyUsage: string[] | null;
  isCa: boolean;
  ocspUrls: string[];
  crlUrls: string[];
  /** Imported on first use and kept. */
  publicKey(): PublicKeyHandle;
}

function extension(cert: pkijs.Certificate, oid: string): pkijs.Extension | undefined {
  return cert.extensions?.find((ext) => ext.extnID === oid);
}

function keyUsageBits(ext: pkijs.Extension | undefined): number | null {
  if (ext === undefined) return null;
  const bits = decodeDer(ext.extnValue.valueBlock.valueHexView, 'keyUsage');
  if (!(bits instanceof asn1js.BitString)) throw new FormatError('keyUsage is not a BIT STRING');
  const bytes = bits.valueBlock.valueHexView;
  return ((bytes[0] ?? 0) << 8) | (bytes[1] ?? 0);
}

function uris(names: pkijs.GeneralName[] | undefined): string[] {
  // GeneralName type 6 is uniformResourceIdentifier.
  return (names ?? [])
    .filter((name) => name.type === 6 && typeof name.value === 'string')
    .map((n) => String(n.value));
}

function httpOnly(urls: string[]): string[] {
  return urls.filter((url) => /^https?:\/\//i.test(url));
}

/** Parses a DER certificate into a {@link CertificateRecord}; throws FormatError when it is not one. */
export function parseCertificate(der: Uint8Array): CertificateRecord {
  let cert: pkijs.Certificate;
  try {
    cert = new pkijs.Certificate({ schema: decodeDer(der, 'certificate') });
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`not a certificate: ${(error as Error).message}`);
  }
  return recordOf(cert, der);
}

/** Wraps an already parsed pkijs certificate (one found inside a CMS) with its original DER. */
export function recordOf(cert: pkijs.Certificate, der: Uint8Array): CertificateRecord {
  const ski = extension(cert, OID.subjectKeyIdentifier)?.parsedValue as asn1js.OctetString | undefined;
  const aki = extension(cert, OID.authorityKeyIdentifier)?.parsedValue as
    | pkijs.AuthorityKeyIdentifier
    | undefined;
  const eku = extension(cert, OID.extKeyUsage)?.parsedValue as pkijs.ExtKeyUsage | undefined;
  const basic = extension(cert, OID.basicConstraints)?.parsedValue as pkijs.BasicConstraints | undefined;
  const aia = extension(cert, OID.authorityInfoAccess)?.parsedValue as pkijs.InfoAccess | undefined;
  const cdp = extension(cert, OID.crlDistributionPoints)?.parsedValue as
    | pkijs.CRLDistributionPoints
    | undefined;
  const subjectDer = asBytes(cert.subject.valueBeforeDecode);
  let publicKey: PublicKeyHandle | undefined;
  return {
    der,
    id: sha256Hex(der),
    cert,
    subjectKey: toHex(subjectDer),
    issuerKey: toHex(cert.issuer.valueBeforeDecode),
    subjectDer,
    serialHex: integerHex(cert.serialNumber),
    notBefore: cert.notBefore.value,
    notAfter: cert.notAfter.value,
    subjectKeyId: ski ? toHex(ski.valueBlock.valueHexView) : null,
    authorityKeyId: aki?.keyIdentifier ? toHex(aki.keyIdentifier.valueBlock.valueHexView) : null,
    keyUsage: keyUsageBits(extension(cert, OID.keyUsage)),
    extKeyUsage: eku ? [...eku.keyPurposes] : null,
    isCa: basic?.cA === true,
    ocspUrls: httpOnly(
      (aia?.accessDescriptions ?? [])
        .filter((d) => d.accessMethod === OID.ocspMethod)
        .flatMap((d) => uris([d.accessLocation])),
    ),
    crlUrls: httpOnly(
      (cdp?.distributionPoints ?? []).flatMap((point) =>
        Array.isArray(point.distributionPoint) ? uris(point.distributionPoint) : [],
      ),
    ),
    publicKey() {
      publicKey ??= importPublicKey(cert.subjectPublicKeyInfo);
      return publicKey;
    },
  };
}

/** True when `bits` (a record's keyUsage) is absent or carries `mask`. */
export function allowsKeyUsage(keyUsage: number | null, mask: number): boolean {
  return keyUsage === null || (keyUsage & mask) !== 0;
}
