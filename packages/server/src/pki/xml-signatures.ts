import type { CertificateRecord } from './chain/certificate.js';
import { SIGNATURE_HASHES, signatureFamily } from './signature/algorithms.js';
import { UnsupportedAlgorithmError } from './signature/digest.js';
import { verifySignature } from './signature/verify.js';
import {
  type CertificateReader,
  fail,
  readCertificates,
  type SignatureSubject,
  WEAK_HASHES,
} from './verdict.js';
import { XML_DIGEST_OIDS, XML_SIGNATURE_OIDS } from './xml/algorithms.js';
import { canonicalElement } from './xml/c14n.js';
import { readSignedXml, type SignedXml } from './xml/outline.js';
import { type ParsedXmlSignature, readSignatureElement } from './xml/signature-element.js';
import { referencesMatch } from './xml/signed-document.js';
import type { XmlLimits } from './xml/xml-document.js';

/** Signed XML parsed from `xml`, or null for XML the engine refuses (over the cap too) or that carries no signature. */
export function signedXmlOf(xml: Uint8Array | SignedXml, limits: XmlLimits = {}): SignedXml | null {
  if (!(xml instanceof Uint8Array)) return xml;
  try {
    return readSignedXml(xml, limits);
  } catch {
    return null;
  }
}

/**
 * The ds:Signature elements of `signed` as subjects for the verifier's shared checks, in document order; null in
 * place of an element that cannot be read as XMLDSig. Each checks its algorithms, the SignedInfo signature, then
 * every reference's digest (the referenced element must be the one reported as signed).
 */
export function xmlSubjects(
  signed: SignedXml,
  readCertificate: CertificateReader,
): Array<SignatureSubject | null> {
  return signed.signatures.map((element, index) => {
    let parsed: ParsedXmlSignature;
    try {
      parsed = readSignatureElement(element);
    } catch {
      return null;
    }
    const records = readCertificates(parsed.certificates, readCertificate);
    const signatureOid = XML_SIGNATURE_OIDS[parsed.signatureMethod];
    return {
      // KalkanCrypt and NCANode write the signer's certificate alone or first.
      leaf: records[0] ?? null,
      pool: records,
      packaging: 'enveloped',
      algorithmType: signatureOid ? signatureFamily(signatureOid) : null,
      // Plain XMLDSig signs no time.
      signingTime: () => null,
      check: (leaf) => checkXmlSigner(signed, index, parsed, leaf),
    };
  });
}

function checkXmlSigner(
  signed: SignedXml,
  index: number,
  parsed: ParsedXmlSignature,
  leaf: CertificateRecord,
): void {
  const signatureOid = XML_SIGNATURE_OIDS[parsed.signatureMethod];
  if (signatureOid === undefined) throw new UnsupportedAlgorithmError(`signature ${parsed.signatureMethod}`);
  const hashes = [
    SIGNATURE_HASHES[signatureOid],
    ...parsed.references.map((r) => XML_DIGEST_OIDS[r.digestMethod]),
  ];
  if (hashes.some((oid) => oid !== undefined && WEAK_HASHES.has(oid))) fail('CRYPTO_CONSTRAINTS_FAILURE');
  const signedInfo = canonicalElement(parsed.signedInfo, parsed.c14n.method, {
    comments: true,
    inclusivePrefixes: parsed.c14n.inclusivePrefixes,
  });
  const ok = verifySignature({
    algorithm: { algorithmId: signatureOid },
    key: leaf.publicKey(),
    data: Buffer.from(signedInfo, 'utf8'),
    signature: parsed.signatureValue,
  });
  if (!ok) fail('SIG_CRYPTO_FAILURE');
  if (!referencesMatch(signed.document, signed.signatures, index, parsed)) fail('HASH_FAILURE');
}
