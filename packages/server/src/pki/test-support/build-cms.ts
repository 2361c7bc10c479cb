// A small CMS SignedData builder for GOST tests (pkijs builds the structures; the caller's key signs). RSA and
// ECDSA test CMS come from `openssl cms -sign` instead.
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID } from '../oids.js';

/** What {@link buildCms} signs with and how. */
export interface BuildCmsOptions {
  content: Uint8Array;
  certificateDer: Uint8Array;
  digestOid: string;
  signatureOid: string;
  digest(data: Uint8Array): Uint8Array;
  /** Signs the DER of the signed attributes (the key hashes them itself). */
  sign(data: Uint8Array): Uint8Array;
  detached?: boolean;
  signingTime?: Date;
  /** Adds signingCertificateV2 with this hash of the certificate (its algorithm is `digestOid`). */
  signingCertificateHash?: Uint8Array;
  /** Certificates to carry besides the signer's (the issuing CA). */
  extraCertificates?: Uint8Array[];
  /** Replaces the messageDigest (to build a CMS over other content). */
  messageDigest?: Uint8Array;
}

function attribute(type: string, value: asn1js.BaseBlock): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

/** A DER CMS SignedData with one SignerInfo carrying contentType, signingTime, messageDigest (and ESS v2). */
export function buildCms(options: BuildCmsOptions): Uint8Array {
  const certificate = pkijs.Certificate.fromBER(options.certificateDer);
  const attributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: OID.data })),
    attribute(OID.signingTime, new asn1js.UTCTime({ valueDate: options.signingTime ?? new Date() })),
    attribute(
      OID.messageDigest,
      new asn1js.OctetString({ valueHex: options.messageDigest ?? options.digest(options.content) }),
    ),
  ];
  if (options.signingCertificateHash) {
    const essCertId = new asn1js.Sequence({
      value: [
        new pkijs.AlgorithmIdentifier({ algorithmId: options.digestOid }).toSchema(),
        new asn1js.OctetString({ valueHex: options.signingCertificateHash }),
      ],
    });
    const value = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertId] })] });
    attributes.push(attribute(OID.signingCertificateV2, value));
  }
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes });
  const toBeSigned = new Uint8Array(signedAttrs.toSchema().toBER());
  toBeSigned[0] = 0x31; // signed as SET OF, carried as [0] IMPLICIT
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: options.digestOid }),
    signedAttrs,
    signatureAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: options.signatureOid }),
    signature: new asn1js.OctetString({ valueHex: options.sign(toBeSigned) }),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [new pkijs.AlgorithmIdentifier({ algorithmId: options.digestOid })],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.data,
      ...(options.detached === false
        ? { eContent: new asn1js.OctetString({ valueHex: options.content }) }
        : {}),
    }),
    certificates: [
      certificate,
      ...(options.extraCertificates ?? []).map((der) => pkijs.Certificate.fromBER(der)),
    ],
    signerInfos: [signerInfo],
  });
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER());
}
