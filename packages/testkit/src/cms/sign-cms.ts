import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { algorithmIdentifier, type SigningKey } from '../keys/signing-key';
import { OID } from '../oids';
import { berInput } from '../pki/ber-input';

/** A certificate with the key that signs for it. */
export interface CmsSigner {
  readonly certificateDer: Uint8Array;
  readonly key: SigningKey;
}

/** Options of {@link signCms}. */
export interface SignCmsOptions {
  readonly signer: CmsSigner;
  readonly content: Uint8Array;
  /** Leave the content out of the CMS (NCALayer's `encapsulate: false`). Default true. */
  readonly detached?: boolean;
  /** Default: now. */
  readonly signingTime?: Date;
  /** Add the ESS signingCertificateV2 attribute, as NCALayer does. Default true. */
  readonly signingCertificateV2?: boolean;
  /** eContentType; default id-data. */
  readonly contentTypeOid?: string;
  /** Extra certificates to carry (e.g. the CA chain); NCALayer carries the signer's only. */
  readonly extraCertificatesDer?: readonly Uint8Array[];
}

/** What {@link addSigner} needs besides the CMS. */
export type AddSignerOptions = Omit<SignCmsOptions, 'content' | 'detached' | 'contentTypeOid'> & {
  /** The signed content; required when the CMS is detached. */
  readonly content?: Uint8Array;
};

function attribute(type: string, value: asn1js.BaseBlock): pkijs.Attribute {
  return new pkijs.Attribute({ type, values: [value] });
}

// ESSCertIDv2 with its issuerSerial; hashAlgorithm omitted when it is the DEFAULT sha256 (RFC 5035).
function signingCertificateV2(signer: CmsSigner): asn1js.Sequence {
  const certificate = pkijs.Certificate.fromBER(berInput(signer.certificateDer));
  const hash = signer.key.digestAlgorithm;
  const essCertId: asn1js.BaseBlock[] = [];
  if (hash.oid !== OID.sha256) essCertId.push(algorithmIdentifier(hash).toSchema());
  essCertId.push(new asn1js.OctetString({ valueHex: signer.key.digest(signer.certificateDer) }));
  const issuer = new pkijs.GeneralNames({
    names: [new pkijs.GeneralName({ type: 4, value: certificate.issuer })],
  });
  essCertId.push(new asn1js.Sequence({ value: [issuer.toSchema(), certificate.serialNumber] }));
  return new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: essCertId })] })],
  });
}

// DER orders a SET OF by the encodings of its members; BouncyCastle (NCALayer) emits it so.
function derSorted(attributes: pkijs.Attribute[]): pkijs.Attribute[] {
  const encoded = attributes.map((a) => ({ a, der: Buffer.from(a.toSchema().toBER()) }));
  return encoded.sort((x, y) => Buffer.compare(x.der, y.der)).map(({ a }) => a);
}

/** One SignerInfo over a content digest, signed attributes as NCALayer produces them. */
export function buildSignerInfo(
  options: Omit<SignCmsOptions, 'content' | 'detached'> & { digest: Uint8Array },
): pkijs.SignerInfo {
  const { signer } = options;
  const certificate = pkijs.Certificate.fromBER(berInput(signer.certificateDer));
  const attributes = [
    attribute(OID.contentType, new asn1js.ObjectIdentifier({ value: options.contentTypeOid ?? OID.data })),
    attribute(OID.signingTime, new asn1js.UTCTime({ valueDate: options.signingTime ?? new Date() })),
    attribute(OID.messageDigest, new asn1js.OctetString({ valueHex: options.digest })),
  ];
  if (options.signingCertificateV2 ?? true)
    attributes.push(attribute(OID.signingCertificateV2, signingCertificateV2(signer)));
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: derSorted(attributes) });
  const toBeSigned = new Uint8Array(signedAttrs.toSchema().toBER());
  toBeSigned[0] = 0x31; // signed over as a SET OF, not as the [0] IMPLICIT it is carried in
  signedAttrs.encodedValue = toBeSigned.buffer;
  return new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer,
      serialNumber: certificate.serialNumber,
    }),
    digestAlgorithm: algorithmIdentifier(signer.key.digestAlgorithm),
    signedAttrs,
    signatureAlgorithm: algorithmIdentifier(signer.key.signatureAlgorithm),
    signature: new asn1js.OctetString({ valueHex: signer.key.sign(toBeSigned) }),
  });
}

function contentInfoDer(signedData: pkijs.SignedData): Uint8Array {
  const contentInfo = new pkijs.ContentInfo({
    contentType: OID.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER());
}

function assemble(
  options: Omit<SignCmsOptions, 'content'>,
  digest: Uint8Array,
  eContent?: Uint8Array,
): Uint8Array {
  const { signer } = options;
  const eContentType = options.contentTypeOid ?? OID.data;
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [algorithmIdentifier(signer.key.digestAlgorithm)],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType,
      ...(eContent ? { eContent: new asn1js.OctetString({ valueHex: eContent }) } : {}),
    }),
    certificates: [signer.certificateDer, ...(options.extraCertificatesDer ?? [])].map((der) =>
      pkijs.Certificate.fromBER(berInput(der)),
    ),
    signerInfos: [buildSignerInfo({ ...options, contentTypeOid: eContentType, digest })],
  });
  return contentInfoDer(signedData);
}

/**
 * A CMS SignedData as NCALayer produces it: the signer's certificate, signed attributes contentType,
 * signingTime, messageDigest and signingCertificateV2; detached unless told otherwise. Returns DER.
 */
export function signCms(options: SignCmsOptions): Uint8Array {
  const detached = options.detached ?? true;
  return assemble(
    options,
    options.signer.key.digest(options.content),
    detached ? undefined : options.content,
  );
}

/** A detached CMS over a digest computed elsewhere (NCALayer's `digested: true`). */
export function signDigestCms(
  options: Omit<SignCmsOptions, 'content' | 'detached'> & { digest: Uint8Array },
): Uint8Array {
  return assemble(options, options.digest);
}

/** Adds a further SignerInfo (and its certificate) to an existing CMS SignedData; returns the new DER. */
export function addSigner(cmsDer: Uint8Array, options: AddSignerOptions): Uint8Array {
  const contentInfo = pkijs.ContentInfo.fromBER(berInput(cmsDer));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const eContent = signedData.encapContentInfo.eContent;
  const content = options.content ?? (eContent ? eContent.getValue() : undefined);
  if (!content) throw new Error('the CMS is detached: pass the signed content');
  const digestAlgorithm = algorithmIdentifier(options.signer.key.digestAlgorithm);
  if (!signedData.digestAlgorithms.some((a) => a.algorithmId === digestAlgorithm.algorithmId))
    signedData.digestAlgorithms.push(digestAlgorithm);
  const certificate = pkijs.Certificate.fromBER(berInput(options.signer.certificateDer));
  const certificates = signedData.certificates ?? [];
  const known = certificates.some(
    (c) =>
      c instanceof pkijs.Certificate &&
      c.serialNumber.isEqual(certificate.serialNumber) &&
      c.issuer.isEqual(certificate.issuer),
  );
  signedData.certificates = known ? certificates : [...certificates, certificate];
  signedData.signerInfos.push(
    buildSignerInfo({
      ...options,
      contentTypeOid: signedData.encapContentInfo.eContentType,
      digest: options.signer.key.digest(new Uint8Array(content)),
    }),
  );
  return contentInfoDer(signedData);
}
