import * as asn1js from 'asn1js';
import { decodeDer, FormatError, toHex } from '../der.js';
import { OID } from '../oids.js';
import type { AlgorithmRef } from '../signature/algorithms.js';
import {
  childrenOf,
  contentsOf,
  encodingOf,
  isContext,
  isUniversal,
  octetsOf,
  readRoot,
  TAG,
  type Tlv,
  oidOf as tlvOid,
} from '../tlv.js';

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

// RFC 5280 4.1.1.2 on the TLV walker; the parameters (read only for RSA-PSS) are decoded by asn1js on first use.
function readAlgorithmTlv(node: Tlv | undefined, what: string): AlgorithmRef {
  if (!isUniversal(node, TAG.sequence)) throw new FormatError(`${what}: not an AlgorithmIdentifier`);
  const [id, params, extra] = childrenOf(node, what);
  if (extra !== undefined) throw new FormatError(`${what}: not an AlgorithmIdentifier`);
  const algorithmId = tlvOid(id, what);
  if (params === undefined) return { algorithmId };
  return lazily({ algorithmId }, 'algorithmParams', () => decodeDer(encodingOf(params), what, true));
}

/** `target` with a getter `key` that computes its value once, on first read. */
function lazily<T extends object, K extends string, V>(
  target: T,
  key: K,
  compute: () => V,
): T & Record<K, V> {
  let value: V | undefined;
  let done = false;
  return Object.defineProperty(target, key, {
    enumerable: true,
    get: () => {
      if (!done) {
        value = compute();
        done = true;
      }
      return value;
    },
  }) as T & Record<K, V>;
}

// RFC 5652 5.3: Attribute ::= SEQUENCE { attrType OID, attrValues SET OF AttributeValue }. The values are decoded
// by asn1js when read: a verification reads a few attributes, and a timestamp token or revocation values are large.
function attribute(node: Tlv): SignedAttribute {
  const [type, values, extra] = childrenOf(node, 'Attribute');
  if (!isUniversal(values, TAG.set) || extra !== undefined)
    throw new FormatError('Attribute: no SET of values');
  return lazily({ type: tlvOid(type, 'Attribute type') }, 'values', () => {
    const set = decodeDer(encodingOf(values), 'Attribute values', true);
    return (set as asn1js.Set).valueBlock.value;
  });
}

// Unsigned big-endian hex of an INTEGER's contents, leading zero bytes removed (as integerHex does).
function integerHexTlv(node: Tlv): string {
  const hex = toHex(contentsOf(node)).replace(/^(00)+(?=.)/, '');
  return hex === '' ? '00' : hex;
}

function signerOf(node: Tlv): ParsedSigner {
  if (!isUniversal(node, TAG.sequence)) throw new FormatError('SignerInfo: not a SEQUENCE');
  const fields = childrenOf(node, 'SignerInfo');
  let i = 1; // version
  const sidNode = fields[i++];
  if (sidNode === undefined) throw new FormatError('SignerInfo: unreadable signer identifier');
  let sid: SignerIdentifier;
  // Tags compared directly: a type guard's false branch would leave nothing for the [0] case.
  if (sidNode.tagClass === 0 && sidNode.tagNumber === TAG.sequence) {
    const [issuer, serial, extra] = childrenOf(sidNode, 'IssuerAndSerialNumber');
    if (!isUniversal(issuer, TAG.sequence) || !isUniversal(serial, TAG.integer) || extra !== undefined) {
      throw new FormatError('SignerInfo: bad IssuerAndSerialNumber');
    }
    sid = { issuerKey: toHex(encodingOf(issuer)), serialHex: integerHexTlv(serial) };
  } else if (sidNode.tagClass === 2 && sidNode.tagNumber === 0 && !sidNode.constructed) {
    sid = { subjectKeyId: toHex(contentsOf(sidNode)) };
  } else {
    throw new FormatError('SignerInfo: unreadable signer identifier');
  }
  const digestAlgorithm = readAlgorithmTlv(fields[i++], 'digestAlgorithm').algorithmId;
  let signedAttrsDer: Uint8Array | null = null;
  let signedAttrs: SignedAttribute[] = [];
  const attrsNode = fields[i];
  if (isContext(attrsNode, 0)) {
    i += 1;
    signedAttrs = childrenOf(attrsNode, 'signedAttrs').map(attribute);
    // A copy: the input is not ours to change, and the signature covers the attributes tagged as SET OF.
    signedAttrsDer = new Uint8Array(encodingOf(attrsNode));
    signedAttrsDer[0] = 0x31;
  }
  const signatureAlgorithm = readAlgorithmTlv(fields[i++], 'signatureAlgorithm');
  const signature = fields[i++];
  if (signature === undefined) throw new FormatError('SignerInfo: signature is not an OCTET STRING');
  const unsignedNode = fields[i];
  const unsignedAttrs = isContext(unsignedNode, 1)
    ? childrenOf(unsignedNode, 'unsignedAttrs').map(attribute)
    : [];
  return {
    sid,
    digestAlgorithm,
    signatureAlgorithm,
    signature: octetsOf(signature, 'SignerInfo signature'),
    signedAttrsDer,
    signedAttrs,
    unsignedAttrs,
  };
}

/**
 * Parses a DER (or BER) CMS ContentInfo holding SignedData. The outer structure is walked with the TLV reader
 * (`tlv.ts`) without decoding or copying: certificates stay raw DER (views into `der`, parsed once each by the
 * caller's cache) and the eContent a view. Only each SignerInfo, small, is decoded with asn1js for its fields (asn1js
 * decoding the whole CMS, certificates included, was most of a verification's time). Throws {@link FormatError}
 * for anything else.
 */
export function parseCms(der: Uint8Array): ParsedCms {
  const root = readRoot(der, 'CMS');
  const [typeNode, wrapped] = childrenOf(root, 'ContentInfo');
  const contentType = tlvOid(typeNode, 'ContentInfo');
  if (contentType !== OID.signedData) throw new FormatError(`CMS content type ${contentType}`);
  if (!isContext(wrapped, 0)) throw new FormatError('ContentInfo: no [0] content');
  const signedData = childrenOf(wrapped, 'ContentInfo content')[0];
  if (!isUniversal(signedData, TAG.sequence)) throw new FormatError('SignedData: not a SEQUENCE');
  const fields = childrenOf(signedData, 'SignedData');
  const encap = fields[2];
  if (!isUniversal(encap, TAG.sequence)) throw new FormatError('SignedData: no EncapsulatedContentInfo');
  const [eContentType, eContentWrapper] = childrenOf(encap, 'EncapsulatedContentInfo');
  let content: Uint8Array | null = null;
  if (eContentWrapper !== undefined) {
    if (!isContext(eContentWrapper, 0)) throw new FormatError('EncapsulatedContentInfo: no [0] eContent');
    const eContent = childrenOf(eContentWrapper, 'eContent')[0];
    if (eContent === undefined) throw new FormatError('eContent is not an OCTET STRING');
    content = octetsOf(eContent, 'eContent');
  }
  const certificates = fields
    .slice(3)
    .filter((node) => isContext(node, 0))
    .flatMap((node) => childrenOf(node, 'certificates'))
    // Attribute certificates and other choices are tagged; only plain X.509 certificates can sign.
    .filter((node) => isUniversal(node, TAG.sequence))
    .map(encodingOf);
  const signerInfos = fields[fields.length - 1];
  if (fields.length < 4 || !isUniversal(signerInfos, TAG.set))
    throw new FormatError('SignedData: no SignerInfos');
  try {
    return {
      contentType: tlvOid(eContentType, 'eContentType'),
      content,
      certificates,
      signers: childrenOf(signerInfos, 'SignerInfos').map(signerOf),
    };
  } catch (error) {
    if (error instanceof FormatError) throw error;
    throw new FormatError(`not a CMS SignedData: ${(error as Error).message}`);
  }
}
