import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID } from '../oids';
import { berInput } from '../pki/ber-input';
import { type CmsSigner, signCms } from './sign-cms';

/** Options of {@link timestampToken}. */
export interface TimestampTokenOptions {
  /** The time-stamping unit (a certificate from `TestPki.issueTsa`) and its key. */
  readonly tsa: CmsSigner;
  /** The bytes the token proves existed: for a CMS signature timestamp, the SignerInfo's signature value. */
  readonly data: Uint8Array;
  /** genTime; default now. */
  readonly time?: Date;
  /** The TSA's policy OID; default a test arc. */
  readonly policy?: string;
}

/** A test TSA policy (NCA RK's TSA names its own; nothing checks the value). */
const TEST_POLICY = '1.2.398.3.3.2.6.1';

/**
 * An RFC 3161 TimeStampToken as NCA RK's TSA issues it: a CMS SignedData over a TSTInfo (SHA-256 message imprint
 * of `data`, genTime, a random serial), signed by the TSA with signingCertificateV2. Returns DER.
 */
export function timestampToken(options: TimestampTokenOptions): Uint8Array {
  const tstInfo = new pkijs.TSTInfo({
    version: 1,
    policy: options.policy ?? TEST_POLICY,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: createHash('sha256').update(options.data).digest() }),
    }),
    serialNumber: new asn1js.Integer({ valueHex: new Uint8Array([1, ...randomBytes(8)]) }),
    genTime: options.time ?? new Date(),
  });
  return signCms({
    signer: options.tsa,
    content: new Uint8Array(tstInfo.toSchema().toBER()),
    detached: false,
    contentTypeOid: OID.tstInfo,
    ...(options.time ? { signingTime: options.time } : {}),
  });
}

/** Options of {@link addSignatureTimestamps}. */
export interface SignatureTimestampOptions {
  readonly tsa: CmsSigner;
  /** genTime; default now. */
  readonly time?: Date;
}

/**
 * Adds a signatureTimeStampToken (unsigned attribute, RFC 3161 appendix A) over each SignerInfo's signature value
 * of a CMS, as a CAdES-T signer does after NCALayer signed; returns the new DER.
 */
export function addSignatureTimestamps(cmsDer: Uint8Array, options: SignatureTimestampOptions): Uint8Array {
  const contentInfo = pkijs.ContentInfo.fromBER(berInput(cmsDer));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  for (const signerInfo of signedData.signerInfos) {
    const token = timestampToken({
      tsa: options.tsa,
      data: signerInfo.signature.valueBlock.valueHexView,
      ...(options.time ? { time: options.time } : {}),
    });
    const attribute = new pkijs.Attribute({
      type: OID.signatureTimeStampToken,
      values: [asn1js.fromBER(token).result],
    });
    signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [attribute] });
  }
  const out = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(out.toSchema().toBER());
}
