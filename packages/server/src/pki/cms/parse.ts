import * as asn1js from 'asn1js';
import { asBytes, decodeDer, FormatError, integerHex, octets, toHex } from '../der.js';
import { OID } from '../oids.js';
import type { AlgorithmRef } from '../signature/algorithms.js';

/** How a SignerInfo names its certificate. */
export type SignerIdentifier = { issuerKey: string; serialHex: string } | { subjectKeyId: string };

/** One signed attribute: its type and its values as asn1js decoded them. */
export interface SignedAttribute {
  type: string;
  values: asn1js.AsnType[];
}

/** One SignerInfo with the parts verification reads. */
export interface ParsedSigner {
  sid: SignerIdentifier;
  digestAlgorithm: string;
  signatureAlgorithm: AlgorithmRef;
  signature: Uint8Array;
  /** DER of the signed attributes re-tagged as SET OF (the bytes the signature covers); null when absent. */
  signedAttrsDer: Uint8Array | null;
  signedAttrs: SignedAttribute[];
  /** Unsigned attributes (a CAdES-T signatureTimeStampToken among them); empty when absent. */
  unsignedAttrs: SignedAttribute[];
}

/** A parsed CMS SignedData. Its byte arrays are views into the bytes given to {@link parseCms}. */
export interface ParsedCms {
  contentType: string;
  /** The encapsulated content of an attached CMS; null for a detached one. */
  content: Uint8Array | null;
  /** DER of the X.509 certificates carried in the CMS. */
  certificates: Uint8Array[];
  signers: ParsedSigner[];
}

function children(node: asn1js.AsnType | undefined, what: string): asn1js.AsnType[] {
  if (!(node instanceof asn1js.Constructed)) throw new FormatError(`${what}: not a constructed value`);
  return node.valueBlock.value;
}

function isContext(node: asn1js.AsnType | undefined, tag: number): boolean {
  return node !== undefined && node.idBlock.tagClass === 3 && node.idBlock.tagNumber === tag;
}

function oidOf(node: asn1js.AsnType | undefined, what: string): string {
  if (!(node instanceof asn1js.ObjectIdentifier)) throw new FormatError(`${what}: not an OID`);
  return node.valueBlock.toString();
}

/** Reads an AlgorithmIdentifier (RFC 5280 4.1.1.2: SEQUENCE { algorithm OID, parameters ANY OPTIONAL }). */
export function readAlgorithm(node: asn1js.AsnType | undefined, what: string): AlgorithmRef {
  if (!(node instanceof asn1js.Sequence)) throw new FormatError(`${what}: not an AlgorithmIdentifier`);
  const [id, params, extra] = node.valueBlock.value;
  if (extra !== undefined) throw new FormatError(`${what}: not an AlgorithmIdentifier`);
  const algorithmId = oidOf(id, what);
  return params === undefined ? { algorithmId } : { algorithmId, algorithmParams: params };
}

// RFC 5652 5.3: Attribute ::= SEQUENCE { attrType OID, attrValues SET OF AttributeValue }
function attribute(node: asn1js.AsnType): SignedAttribute {
  const [type, values, extra] = children(node, 'Attribute');
  if (!(values instanceof asn1js.Set) || extra !== undefined)
    throw new FormatError('Attribute: no SET of values');
  return { type: oidOf(type, 'Attribute type'), values: values.valueBlock.value };
}

function signerOf(node: asn1js.AsnType): ParsedSigner {
  const fields = children(node, 'SignerInfo');
  let i = 1; // version
  const sidNode = fields[i++];
  let sid: SignerIdentifier;
  if (sidNode instanceof asn1js.Sequence) {
    const [issuer, serial] = sidNode.valueBlock.value;
    if (!(issuer instanceof asn1js.Sequence) || !(serial instanceof asn1js.Integer)) {
      throw new FormatError('SignerInfo: bad IssuerAndSerialNumber');
    }
    sid = { issuerKey: toHex(issuer.valueBeforeDecodeView), serialHex: integerHex(serial) };
  } else if (isContext(sidNode, 0) && sidNode instanceof asn1js.Primitive) {
    sid = { subjectKeyId: toHex(sidNode.valueBlock.valueHexView) };
  } else {
    throw new FormatError('SignerInfo: unreadable signer identifier');
  }
  const digestAlgorithm = readAlgorithm(fields[i++], 'digestAlgorithm').algorithmId;
  let signedAttrsDer: Uint8Array | null = null;
  let signedAttrs: SignedAttribute[] = [];
  if (isContext(fields[i], 0)) {
    const attrsNode = fields[i++];
    signedAttrs = children(attrsNode, 'signedAttrs').map(attribute);
    // A copy: the input is not ours to change, and the signature covers the attributes tagged as SET OF.
    signedAttrsDer = new Uint8Array(attrsNode?.valueBeforeDecodeView ?? []);
    signedAttrsDer[0] = 0x31;
  }
  const signatureAlgorithm = readAlgorithm(fields[i++], 'signatureAlgorithm');
  const signature = fields[i++];
  if (!(signature instanceof asn1js.OctetString))
    throw new FormatError('SignerInfo: signature is not an OCTET STRING');
  const unsignedAttrs = isContext(fields[i], 1) ? children(fields[i], 'unsignedAttrs').map(attribute) : [];
  return {
    sid,
    digestAlgorithm,
    signatureAlgorithm,
    signature: octets(signature),
    signedAttrsDer,
    signedAttrs,
    unsignedAttrs,
  };
}

/**
 * Parses a DER (or BER) CMS ContentInfo holding SignedData: asn1js decodes it once without copying it or looking
 * inside OCTET STRINGs, and the SignedData fields are read from its tree directly (pkijs's schema matching of a
 * whole SignedData costs milliseconds). Certificates stay raw DER (views into `der`), so callers parse each one
 * once and cache it. Throws {@link FormatError} for anything else.
 */
export function parseCms(der: Uint8Array): ParsedCms {
  const root = decodeDer(der, 'CMS', true);
  const [typeNode, wrapped] = children(root, 'ContentInfo');
  const contentType = oidOf(typeNode, 'ContentInfo');
  if (contentType !== OID.signedData) throw new FormatError(`CMS content type ${contentType}`);
  if (!isContext(wrapped, 0)) throw new FormatError('ContentInfo: no [0] content');
  const fields = children(children(wrapped, 'ContentInfo content')[0], 'SignedData');
  const [, , encap] = fields;
  const [eContentType, eContentWrapper] = children(encap, 'EncapsulatedContentInfo');
  let content: Uint8Array | null = null;
  if (eContentWrapper !== undefined) {
    const eContent = children(eContentWrapper, 'eContent')[0];
    if (!(eContent instanceof asn1js.OctetString)) throw new FormatError('eContent is not an OCTET STRING');
    content = octets(eContent);
  }
  const certificates = fields
    .filter((node) => isContext(node, 0))
    .flatMap((node) => children(node, 'certificates'))
    // Attribute certificates and other choices are tagged; only plain X.509 certificates can sign.
    .filter((node) => node instanceof asn1js.Sequence)
    .map((node) => asBytes(node.valueBeforeDecodeView));
  const signerInfos = fields[fields.length - 1];
  if (!(signerInfos instanceof asn1js.Set)) throw new FormatError('SignedData: no SignerInfos');
  try {
    return {
      contentType: oidOf(eContentType, 'eContentType'),
      content,
      certificates,
      signers: signerInfos.valueBlock.value.map(signerOf),
    };
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`not a CMS SignedData: ${(error as Error).message}`);
  }
}
