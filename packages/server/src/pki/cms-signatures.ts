import type { CertificateRecord } from './chain/certificate.js';
import type { ParsedCms, ParsedSigner } from './cms/parse.js';
import { readSignedAttributes } from './cms/signed-attributes.js';
import { readTimestampToken, signatureTimestamp, type TimestampToken } from './cms/timestamp-token.js';
import { bytesEqual, FormatError } from './der.js';
import {
  archiveImprintInput,
  archiveInputs,
  hashIndexIntact,
  readAtsHashIndex,
} from './long-term/archive-timestamp.js';
import { readValidationData } from './long-term/validation-data.js';
import { OID } from './oids.js';
import { SIGNATURE_HASHES, signatureFamily } from './signature/algorithms.js';
import { type ContentBytes, digest, digestMemo, joinedBytes } from './signature/digest.js';
import { verifySignature } from './signature/verify.js';
import {
  type CertificateReader,
  fail,
  readCertificates,
  type SignatureSubject,
  type SignatureTimestampToken,
  WEAK_HASHES,
} from './verdict.js';

/** The document a CMS signature is checked against and its digests (each algorithm computed once). */
export interface SignedContent {
  bytes: ContentBytes;
  hashOf: (oid: string) => Uint8Array;
}

/** One SignerInfo of a CMS as a subject for the verifier's shared checks. */
export interface CmsSubject extends SignatureSubject {
  packaging: 'attached' | 'detached';
}

/**
 * The SignerInfos of `cms` as subjects, in order: each found signing certificate among the CMS's own, and the
 * checks of CAdES-BES as NCALayer makes it (algorithms, messageDigest over `content`, signingCertificate(V2),
 * the signature value).
 */
export function cmsSubjects(
  cms: ParsedCms,
  content: SignedContent | null,
  readCertificate: CertificateReader,
  der?: Uint8Array,
): CmsSubject[] {
  const records = readCertificates(cms.certificates, readCertificate);
  return cms.signers.map((signer, index) => ({
    leaf: findSigner(signer, records),
    pool: records,
    packaging: cms.content === null ? 'detached' : 'attached',
    algorithmType: signatureFamily(signer.signatureAlgorithm.algorithmId),
    signingTime: () => readSignedAttributes(signer.signedAttrs).signingTime,
    check: (leaf) => checkCmsSigner(cms, signer, leaf, content),
    timestamp: () => timestampOf(signer, readCertificate),
    validationData: () => readValidationData(signer.unsignedAttrs),
    archiveTimestamps: () =>
      der === undefined ? [] : archiveTimestampsOf(der, index, signer, content, readCertificate),
  }));
}

/** The token's TSA as a subject judged at the time it stamped. */
function tsaSubject(token: TimestampToken, readCertificate: CertificateReader): SignatureSubject {
  const tstInfo = token.tstInfo;
  const [tsa] = cmsSubjects(token.cms, { bytes: tstInfo, hashOf: digestMemo(tstInfo) }, readCertificate);
  if (tsa === undefined) throw new FormatError('timestamp token without a signer');
  return { ...tsa, purpose: 'timestamp', signingTime: () => token.genTime, timestamp: () => null };
}

/**
 * The archive-time-stamp-v3 tokens of SignerInfo `index` of the CMS `der` (EN 319 122-1 5.5.3): each imprint is
 * recomputed from its own ats-hash-index-v3, and what that index lists must still be present before it.
 */
function archiveTimestampsOf(
  der: Uint8Array,
  index: number,
  signer: ParsedSigner,
  content: SignedContent | null,
  readCertificate: CertificateReader,
): SignatureTimestampToken[] {
  if (!signer.unsignedAttrs.some((a) => a.type === OID.archiveTimestampV3)) return [];
  const inputs = archiveInputs(der);
  const tokens: SignatureTimestampToken[] = [];
  signer.unsignedAttrs.forEach((attribute, position) => {
    if (attribute.type !== OID.archiveTimestampV3) return;
    const value = attribute.values[0];
    if (value === undefined) throw new FormatError('archive-time-stamp-v3 without a value');
    const token = readTimestampToken(new Uint8Array(value.valueBeforeDecodeView));
    const indexValue = token.cms.signers[0]?.unsignedAttrs.find((a) => a.type === OID.atsHashIndexV3)
      ?.values[0];
    let imprintMatches = false;
    if (indexValue !== undefined && content !== null) {
      const indexDer = new Uint8Array(indexValue.valueBeforeDecodeView);
      const algorithm = token.imprint.hashAlgorithm;
      const input = archiveImprintInput(inputs, index, content.hashOf(algorithm), indexDer);
      imprintMatches =
        bytesEqual(digest(algorithm, input), token.imprint.hash) &&
        hashIndexIntact(inputs, index, position, readAtsHashIndex(indexDer));
    }
    tokens.push({ genTime: token.genTime, tsa: tsaSubject(token, readCertificate), imprintMatches });
  });
  return tokens;
}

/** The signatureTimeStampToken of `signer` with its TSA as a subject; null without one. */
function timestampOf(
  signer: ParsedSigner,
  readCertificate: CertificateReader,
): SignatureTimestampToken | null {
  const token = signatureTimestamp(signer);
  if (token === null) return null;
  const imprint = digest(token.imprint.hashAlgorithm, signer.signature);
  return {
    genTime: token.genTime,
    // The TSA's certificate is judged at the time it stamped.
    tsa: tsaSubject(token, readCertificate),
    imprintMatches: bytesEqual(imprint, token.imprint.hash),
  };
}

function findSigner(signer: ParsedSigner, records: CertificateRecord[]): CertificateRecord | null {
  const { sid } = signer;
  return (
    records.find((record) =>
      'subjectKeyId' in sid
        ? record.subjectKeyId === sid.subjectKeyId
        : record.issuerKey === sid.issuerKey && record.serialHex === sid.serialHex,
    ) ?? null
  );
}

function checkCmsSigner(
  cms: ParsedCms,
  signer: ParsedSigner,
  leaf: CertificateRecord,
  content: SignedContent | null,
): void {
  const attrs = readSignedAttributes(signer.signedAttrs);
  const signatureHash = SIGNATURE_HASHES[signer.signatureAlgorithm.algorithmId];
  if (WEAK_HASHES.has(signer.digestAlgorithm) || (signatureHash && WEAK_HASHES.has(signatureHash))) {
    fail('CRYPTO_CONSTRAINTS_FAILURE');
  }
  if (content === null) fail('SIGNED_DATA_NOT_FOUND');
  if (signer.signedAttrsDer !== null) {
    if (attrs.contentType !== cms.contentType || attrs.messageDigest === null) fail('FORMAT_FAILURE');
    if (!bytesEqual(attrs.messageDigest, content.hashOf(signer.digestAlgorithm))) fail('HASH_FAILURE');
    const ref = attrs.signingCertificate;
    if (ref && !bytesEqual(ref.hash, digest(ref.hashAlgorithm, leaf.der)))
      fail('NO_SIGNING_CERTIFICATE_FOUND');
  }
  // RFC 5652 5.3: signed attributes are required unless the content type is id-data.
  if (signer.signedAttrsDer === null && cms.contentType !== OID.data) fail('FORMAT_FAILURE');
  // Without signed attributes the signature covers the content itself.
  const signed = signer.signedAttrsDer ?? joinedBytes(content.bytes);
  const ok = verifySignature({
    algorithm: signer.signatureAlgorithm,
    digestAlgorithm: signer.digestAlgorithm,
    key: leaf.publicKey(),
    data: signed,
    signature: signer.signature,
  });
  if (!ok) fail('SIG_CRYPTO_FAILURE');
}
