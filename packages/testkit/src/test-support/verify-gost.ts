import { decodeGostPublicKey, gostVerify } from '@qoltanba/gost';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { gostSigningKey } from '../keys/gost-keys';
import { OID } from '../oids';

const CURVE_BY_KEY = { [OID.gost2015Key]: 'tc26-512-a', [OID.gost2004Key]: 'cryptopro-a' } as const;

function profileOf(certificate: pkijs.Certificate) {
  const oid = certificate.subjectPublicKeyInfo.algorithm.algorithmId;
  const curve = CURVE_BY_KEY[oid as keyof typeof CURVE_BY_KEY];
  if (!curve) throw new Error(`not a GOST key: ${oid}`);
  const raw = asn1js.fromBER(
    certificate.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView,
  ).result;
  if (!(raw instanceof asn1js.OctetString)) throw new Error('GOST key bits are not an OCTET STRING');
  // Only the hash of the algorithm is used here; the scalar 1 is a placeholder key.
  const hash = gostSigningKey(curve === 'tc26-512-a' ? 'gost2015' : 'gost2004', 1n);
  return { curve, point: decodeGostPublicKey(curve, raw.valueBlock.valueHexView), digest: hash.digest };
}

/** Whether `signature` over `data` verifies with the GOST key of `certificateDer` (independently of testkit's signer). */
export function gostSignatureVerifies(
  certificateDer: Uint8Array,
  data: Uint8Array,
  signature: Uint8Array,
): boolean {
  const { curve, point, digest } = profileOf(pkijs.Certificate.fromBER(certificateDer));
  return gostVerify(curve, point, digest(data), signature);
}

/** Whether a certificate's signature verifies with its issuer's GOST key. */
export function gostCertificateVerifies(certificateDer: Uint8Array, issuerDer: Uint8Array): boolean {
  const certificate = pkijs.Certificate.fromBER(certificateDer);
  return gostSignatureVerifies(
    issuerDer,
    certificate.tbsView,
    certificate.signatureValue.valueBlock.valueHexView,
  );
}

/** Per SignerInfo of a GOST CMS: messageDigest equals the content's digest and the signature verifies. */
export function gostCmsVerifies(cmsDer: Uint8Array, content: Uint8Array): boolean[] {
  const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(cmsDer).content });
  return signedData.signerInfos.map((signerInfo) => {
    const sid = signerInfo.sid as pkijs.IssuerAndSerialNumber;
    const certificate = (signedData.certificates ?? []).find(
      (c): c is pkijs.Certificate =>
        c instanceof pkijs.Certificate && c.serialNumber.isEqual(sid.serialNumber),
    );
    if (!certificate || !signerInfo.signedAttrs) return false;
    const certificateDer = new Uint8Array(certificate.toSchema().toBER());
    const { digest } = profileOf(certificate);
    const messageDigest = signerInfo.signedAttrs.attributes.find((a) => a.type === OID.messageDigest)
      ?.values[0];
    const expected = Buffer.from(digest(content));
    if (
      !(messageDigest instanceof asn1js.OctetString) ||
      !expected.equals(Buffer.from(messageDigest.valueBlock.valueHexView))
    )
      return false;
    return gostSignatureVerifies(
      certificateDer,
      new Uint8Array(signerInfo.signedAttrs.encodedValue),
      signerInfo.signature.valueBlock.valueHexView,
    );
  });
}
