import * as asn1js from 'asn1js';
import { asBytes, decodeDer, FormatError } from '../der.js';
import { OID } from '../oids.js';
import { TAG, tlv } from './der-writer.js';

function constructed(node: asn1js.AsnType | undefined, what: string): asn1js.AsnType[] {
  if (!(node instanceof asn1js.Constructed)) throw new FormatError(`${what}: not a constructed value`);
  return node.valueBlock.value;
}

const raw = (node: asn1js.AsnType) => asBytes(node.valueBeforeDecodeView);

function attributeType(node: asn1js.AsnType): string | null {
  const [type] = node instanceof asn1js.Constructed ? node.valueBlock.value : [];
  return type instanceof asn1js.ObjectIdentifier ? type.valueBlock.toString() : null;
}

/**
 * The CMS with `added[i]` (DER Attributes) appended to the unsigned attributes of its i-th SignerInfo, dropping
 * earlier attributes of the types in `replaces`. Every other byte is copied as it came: the signed attributes, the
 * signature and the content stay exactly what the signer signed (pkijs would re-encode them); only the enclosing
 * lengths are written anew.
 */
export function withUnsignedAttributes(
  cms: Uint8Array,
  added: ReadonlyArray<readonly Uint8Array[]>,
  replaces: ReadonlySet<string>,
): Uint8Array {
  const root = decodeDer(cms, 'CMS', true);
  const [contentType, wrapped] = constructed(root, 'ContentInfo');
  if (contentType === undefined || wrapped === undefined) throw new FormatError('ContentInfo: no content');
  const signedData = constructed(wrapped, 'ContentInfo content')[0];
  const fields = constructed(signedData, 'SignedData');
  const signerInfos = fields[fields.length - 1];
  const signers = constructed(signerInfos, 'SignerInfos').map((signer, index) => {
    const parts = constructed(signer, 'SignerInfo');
    const last = parts[parts.length - 1];
    const hasUnsigned = last !== undefined && last.idBlock.tagClass === 3 && last.idBlock.tagNumber === 1;
    const kept = (hasUnsigned ? parts.slice(0, -1) : parts).map(raw);
    const earlier = hasUnsigned
      ? constructed(last, 'unsignedAttrs').filter((a) => !replaces.has(attributeType(a) ?? ''))
      : [];
    const attributes = [...earlier.map(raw), ...(added[index] ?? [])];
    if (attributes.length > 0) kept.push(tlv(TAG.context1, attributes));
    return tlv(TAG.sequence, kept);
  });
  const newFields = [...fields.slice(0, -1).map(raw), tlv(TAG.set, signers)];
  return tlv(TAG.sequence, [raw(contentType), tlv(TAG.context0, [tlv(TAG.sequence, newFields)])]);
}

/**
 * The CMS with the unsigned attribute at `position` of SignerInfo `signerIndex` replaced by `attribute` (DER); every
 * other byte copied as it came.
 */
export function withUnsignedAttributeReplaced(
  cms: Uint8Array,
  signerIndex: number,
  position: number,
  attribute: Uint8Array,
): Uint8Array {
  const root = decodeDer(cms, 'CMS', true);
  const [contentType, wrapped] = constructed(root, 'ContentInfo');
  if (contentType === undefined || wrapped === undefined) throw new FormatError('ContentInfo: no content');
  const fields = constructed(constructed(wrapped, 'ContentInfo content')[0], 'SignedData');
  const signers = constructed(fields[fields.length - 1], 'SignerInfos').map((signer, index) => {
    if (index !== signerIndex) return raw(signer);
    const parts = constructed(signer, 'SignerInfo');
    const last = parts[parts.length - 1];
    if (last === undefined || last.idBlock.tagClass !== 3 || last.idBlock.tagNumber !== 1) {
      throw new FormatError('SignerInfo: no unsigned attributes');
    }
    const attributes = constructed(last, 'unsignedAttrs').map((a, i) =>
      i === position ? attribute : raw(a),
    );
    return tlv(TAG.sequence, [...parts.slice(0, -1).map(raw), tlv(TAG.context1, attributes)]);
  });
  const newFields = [...fields.slice(0, -1).map(raw), tlv(TAG.set, signers)];
  return tlv(TAG.sequence, [raw(contentType), tlv(TAG.context0, [tlv(TAG.sequence, newFields)])]);
}

/** The DER Attribute `type` with the one value `valueDer`. */
export function attributeDer(type: string, valueDer: Uint8Array): Uint8Array {
  const oid = new Uint8Array(new asn1js.ObjectIdentifier({ value: type }).toBER(false));
  return tlv(TAG.sequence, [oid, tlv(TAG.set, [valueDer])]);
}

/** The signatureTimeStampToken attribute (RFC 3161 appendix A) holding `token` (a DER TimeStampToken). */
export function timestampAttribute(token: Uint8Array): Uint8Array {
  return attributeDer(OID.signatureTimeStampToken, token);
}
