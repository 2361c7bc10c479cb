import * as asn1js from 'asn1js';
import { asBytes, bytesEqual, decodeDer, FormatError } from '../der.js';
import { OID } from '../oids.js';
import { digest } from '../signature/digest.js';
import { TAG, tlv } from './der-writer.js';

// ETSI EN 319 122-1 V1.1.1 clauses 5.5.2 (ats-hash-index-v3) and 5.5.3 (archive-time-stamp-v3).

/** One unsigned attribute as encoded: its type and the TLV of its type OID and of each value. */
export interface RawAttribute {
  type: string;
  typeDer: Uint8Array;
  valuesDer: Uint8Array[];
}

/** The encoded parts of a CMS that an archive-time-stamp-v3 of one of its signers covers. */
export interface ArchiveInputs {
  /** SignedData.encapContentInfo.eContentType (TLV). */
  eContentType: Uint8Array;
  /** Each CertificateChoices of SignedData.certificates (TLV). */
  certificates: Uint8Array[];
  /** Each RevocationInfoChoice of SignedData.crls (TLV). */
  crls: Uint8Array[];
  signers: Array<{
    /** version, sid, digestAlgorithm, signedAttrs, signatureAlgorithm, signature: as encoded, in order. */
    signedFields: Uint8Array;
    unsigned: RawAttribute[];
  }>;
}

const DER_SHA256 = OID.sha256;

function constructed(node: asn1js.AsnType | undefined, what: string): asn1js.AsnType[] {
  if (!(node instanceof asn1js.Constructed)) throw new FormatError(`${what}: not a constructed value`);
  return node.valueBlock.value;
}

const raw = (node: asn1js.AsnType) => asBytes(node.valueBeforeDecodeView);
const isContext = (node: asn1js.AsnType | undefined, tag: number) =>
  node !== undefined && node.idBlock.tagClass === 3 && node.idBlock.tagNumber === tag;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** Reads the encoded parts an archive-time-stamp-v3 covers from a CMS ContentInfo (bytes kept as they came). */
export function archiveInputs(cms: Uint8Array): ArchiveInputs {
  const root = decodeDer(cms, 'CMS', true);
  const [, wrapped] = constructed(root, 'ContentInfo');
  const fields = constructed(constructed(wrapped, 'ContentInfo content')[0], 'SignedData');
  const [eContentType] = constructed(fields[2], 'EncapsulatedContentInfo');
  if (eContentType === undefined) throw new FormatError('EncapsulatedContentInfo: no eContentType');
  const tagged = (tag: number) =>
    fields
      .filter((node) => isContext(node, tag))
      .flatMap((node) => constructed(node, 'SignedData set').map(raw));
  const signers = constructed(fields[fields.length - 1], 'SignerInfos').map((signer) => {
    const parts = constructed(signer, 'SignerInfo');
    const last = parts[parts.length - 1];
    const hasUnsigned = isContext(last, 1);
    const unsigned = hasUnsigned
      ? constructed(last, 'unsignedAttrs').map((attribute) => {
          const [type, values] = constructed(attribute, 'Attribute');
          if (!(type instanceof asn1js.ObjectIdentifier)) throw new FormatError('Attribute: no type');
          return {
            type: type.valueBlock.toString(),
            typeDer: raw(type),
            valuesDer: constructed(values, 'Attribute values').map(raw),
          };
        })
      : [];
    return { signedFields: concat((hasUnsigned ? parts.slice(0, -1) : parts).map(raw)), unsigned };
  });
  return { eContentType: raw(eContentType), certificates: tagged(0), crls: tagged(1), signers };
}

/** The hashes an ATSHashIndexV3 lists, with the algorithm they were computed with. */
export interface AtsHashIndex {
  hashAlgorithm: string;
  certificates: Uint8Array[];
  crls: Uint8Array[];
  unsignedAttrValues: Uint8Array[];
}

/** Hash of one unsigned attribute value as 5.5.2 says: over the attrType TLV followed by the AttributeValue TLV. */
function attributeValueHash(algorithm: string, attribute: RawAttribute, value: Uint8Array): Uint8Array {
  return digest(algorithm, [attribute.typeDer, value]);
}

/** The hash index of signer `index` of `inputs` as it stands (every certificate, CRL and unsigned attribute value). */
export function atsHashIndexOf(
  inputs: ArchiveInputs,
  index: number,
  hashAlgorithm: string = DER_SHA256,
): AtsHashIndex {
  const signer = inputs.signers[index];
  if (signer === undefined) throw new FormatError(`no SignerInfo ${index}`);
  return {
    hashAlgorithm,
    certificates: inputs.certificates.map((der) => digest(hashAlgorithm, der)),
    crls: inputs.crls.map((der) => digest(hashAlgorithm, der)),
    unsignedAttrValues: signer.unsigned.flatMap((a) =>
      a.valuesDer.map((value) => attributeValueHash(hashAlgorithm, a, value)),
    ),
  };
}

const octetsDer = (bytes: Uint8Array) =>
  new Uint8Array(new asn1js.OctetString({ valueHex: bytes }).toBER(false));

/**
 * DER of an ATSHashIndexV3. hashIndAlgorithm is always written (SEQUENCE { OID }, no parameters): EN 319 122-1's
 * ASN.1 module gives it no DEFAULT, and DSS requires it for v3 although the clause text says DEFAULT sha256.
 */
export function atsHashIndexDer(index: AtsHashIndex): Uint8Array {
  const list = (hashes: Uint8Array[]) => tlv(TAG.sequence, hashes.map(octetsDer));
  const oid = new Uint8Array(new asn1js.ObjectIdentifier({ value: index.hashAlgorithm }).toBER(false));
  return tlv(TAG.sequence, [
    tlv(TAG.sequence, [oid]),
    list(index.certificates),
    list(index.crls),
    list(index.unsignedAttrValues),
  ]);
}

/** Reads an ATSHashIndexV3 (DER), with or without hashIndAlgorithm (then SHA-256); throws FormatError otherwise. */
export function readAtsHashIndex(der: Uint8Array): AtsHashIndex {
  const fields = [...constructed(decodeDer(der, 'ATSHashIndexV3'), 'ATSHashIndexV3')];
  let hashAlgorithm: string = DER_SHA256;
  if (fields.length === 4) {
    const [id] = constructed(fields.shift(), 'hashIndAlgorithm');
    if (!(id instanceof asn1js.ObjectIdentifier)) throw new FormatError('hashIndAlgorithm: no OID');
    hashAlgorithm = id.valueBlock.toString();
  }
  if (fields.length !== 3) throw new FormatError('ATSHashIndexV3: not three hash lists');
  const [certificates, crls, values] = fields.map((list) =>
    constructed(list, 'ATSHashIndexV3 list').map((node) => {
      if (!(node instanceof asn1js.OctetString)) throw new FormatError('ATSHashIndexV3: not an OCTET STRING');
      return asBytes(node.valueBlock.valueHexView);
    }),
  );
  return {
    hashAlgorithm,
    certificates: certificates ?? [],
    crls: crls ?? [],
    unsignedAttrValues: values ?? [],
  };
}

/**
 * The message imprint input of an archive-time-stamp-v3 (5.5.3): eContentType, the hash of the signed content
 * with the imprint's algorithm, the SignerInfo's signed fields, then the ATSHashIndexV3 value, concatenated.
 */
export function archiveImprintInput(
  inputs: ArchiveInputs,
  index: number,
  contentHash: Uint8Array,
  hashIndexDer: Uint8Array,
): Uint8Array {
  const signer = inputs.signers[index];
  if (signer === undefined) throw new FormatError(`no SignerInfo ${index}`);
  return concat([inputs.eContentType, contentHash, signer.signedFields, hashIndexDer]);
}

/**
 * Whether everything `index` lists is still there: each listed certificate, CRL and unsigned attribute value (the
 * ones before the archive timestamp at `position` among the signer's unsigned attributes) hashes to a present one.
 * A kept attribute changed or removed after stamping leaves its hash unmatched.
 */
export function hashIndexIntact(
  inputs: ArchiveInputs,
  signerIndex: number,
  position: number,
  index: AtsHashIndex,
): boolean {
  const signer = inputs.signers[signerIndex];
  if (signer === undefined) return false;
  const algorithm = index.hashAlgorithm;
  const present = (listed: Uint8Array[], candidates: Uint8Array[]) =>
    listed.every((hash) => candidates.some((candidate) => bytesEqual(candidate, hash)));
  const values = signer.unsigned
    .slice(0, position)
    .flatMap((a) => a.valuesDer.map((value) => attributeValueHash(algorithm, a, value)));
  return (
    present(
      index.certificates,
      inputs.certificates.map((der) => digest(algorithm, der)),
    ) &&
    present(
      index.crls,
      inputs.crls.map((der) => digest(algorithm, der)),
    ) &&
    present(index.unsignedAttrValues, values)
  );
}
