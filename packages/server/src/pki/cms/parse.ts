import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { asBytes, decodeDer, FormatError, integerHex, toHex } from '../der.js';
import { OID } from '../oids.js';

/** How a SignerInfo names its certificate. */
export type SignerIdentifier = { issuerKey: string; serialHex: string } | { subjectKeyId: string };

/** One SignerInfo with the parts verification reads. */
export interface ParsedSigner {
  sid: SignerIdentifier;
  digestAlgorithm: string;
  signatureAlgorithm: pkijs.AlgorithmIdentifier;
  signature: Uint8Array;
  /** DER of the signed attributes re-tagged as SET OF (the bytes the signature covers); null when absent. */
  signedAttrsDer: Uint8Array | null;
  signedAttrs: pkijs.Attribute[];
}

/** A parsed CMS SignedData. */
export interface ParsedCms {
  contentType: string;
  /** The encapsulated content of an attached CMS; null for a detached one. */
  content: Uint8Array | null;
  /** Certificates carried in the CMS with their original DER. */
  certificates: Array<{ cert: pkijs.Certificate; der: Uint8Array }>;
  signers: ParsedSigner[];
}

function signerIdentifier(sid: pkijs.SignerInfo['sid']): SignerIdentifier {
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return { issuerKey: toHex(sid.issuer.valueBeforeDecode), serialHex: integerHex(sid.serialNumber) };
  }
  if (sid instanceof asn1js.Constructed || sid instanceof asn1js.Primitive) {
    // [0] SubjectKeyIdentifier, implicitly tagged OCTET STRING.
    const block = sid.valueBlock as { valueHexView?: Uint8Array; value?: asn1js.AsnType[] };
    const first = block.value?.[0];
    const bytes =
      block.valueHexView ?? (first instanceof asn1js.OctetString ? first.valueBlock.valueHexView : undefined);
    if (bytes !== undefined) return { subjectKeyId: toHex(bytes) };
  }
  throw new FormatError('SignerInfo: unreadable signer identifier');
}

/** The original DER of each certificate in the SignedData's `certificates [0]` field, in order. */
function certificateBytes(signedDataNode: asn1js.AsnType): Uint8Array[] {
  if (!(signedDataNode instanceof asn1js.Sequence)) return [];
  const field = signedDataNode.valueBlock.value.find(
    (node) => node.idBlock.tagClass === 3 && node.idBlock.tagNumber === 0,
  );
  if (!(field instanceof asn1js.Constructed)) return [];
  return field.valueBlock.value.map((node) => asBytes(node.valueBeforeDecodeView));
}

/**
 * Parses a DER (or BER) CMS ContentInfo holding SignedData with pkijs. Throws {@link FormatError} for anything
 * else.
 */
export function parseCms(der: Uint8Array): ParsedCms {
  const root = decodeDer(der, 'CMS');
  let signedData: pkijs.SignedData;
  let contentNode: asn1js.AsnType;
  try {
    const info = new pkijs.ContentInfo({ schema: root });
    if (info.contentType !== OID.signedData) throw new FormatError(`CMS content type ${info.contentType}`);
    contentNode = info.content as asn1js.AsnType;
    signedData = new pkijs.SignedData({ schema: contentNode });
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`not a CMS SignedData: ${(error as Error).message}`);
  }
  const eContent = signedData.encapContentInfo.eContent;
  const raw = certificateBytes(contentNode);
  const certificates: ParsedCms['certificates'] = [];
  (signedData.certificates ?? []).forEach((cert, index) => {
    const bytes = raw[index];
    // Attribute certificates and other formats are skipped; only X.509 certificates can sign.
    if (cert instanceof pkijs.Certificate && bytes !== undefined) certificates.push({ cert, der: bytes });
  });
  return {
    contentType: signedData.encapContentInfo.eContentType,
    content: eContent ? new Uint8Array(eContent.getValue()) : null,
    certificates,
    signers: signedData.signerInfos.map((info) => ({
      sid: signerIdentifier(info.sid),
      digestAlgorithm: info.digestAlgorithm.algorithmId,
      signatureAlgorithm: info.signatureAlgorithm,
      signature: asBytes(info.signature.valueBlock.valueHexView),
      signedAttrsDer: info.signedAttrs ? new Uint8Array(info.signedAttrs.encodedValue) : null,
      signedAttrs: info.signedAttrs?.attributes ?? [],
    })),
  };
}
