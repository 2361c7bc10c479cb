import * as asn1js from 'asn1js';
import type { SignedAttribute } from '../cms/parse.js';
import { asBytes, decodeDer, FormatError } from '../der.js';
import { OID } from '../oids.js';
import { TAG, tlv } from './der-writer.js';
import { attributeDer } from './unsigned-attributes.js';

/**
 * What a signature was checked with, kept beside it so it verifies without the network years later (CAdES-LT in
 * spirit, written as TS 101 733's CAdES-X-L attributes): the certificates of the signer's and the TSA's paths,
 * the CRLs and the basic OCSP responses.
 */
export interface ValidationData {
  certificates: Uint8Array[];
  crls: Uint8Array[];
  /** DER BasicOCSPResponse (as RevocationValues.ocspVals holds them, without the OCSPResponse wrapper). */
  ocsp: Uint8Array[];
}

/** No validation data. */
export function emptyValidationData(): ValidationData {
  return { certificates: [], crls: [], ocsp: [] };
}

/** `extra` added to `into`, each DER once (by bytes). */
export function mergeValidationData(into: ValidationData, extra: ValidationData): ValidationData {
  const merged = (a: Uint8Array[], b: Uint8Array[]) => {
    const seen = new Set(a.map((der) => Buffer.from(der).toString('base64')));
    const out = [...a];
    for (const der of b) {
      const key = Buffer.from(der).toString('base64');
      if (!seen.has(key)) {
        seen.add(key);
        out.push(der);
      }
    }
    return out;
  };
  return {
    certificates: merged(into.certificates, extra.certificates),
    crls: merged(into.crls, extra.crls),
    ocsp: merged(into.ocsp, extra.ocsp),
  };
}

/**
 * The unsigned attributes carrying `data` (DER Attribute each): id-aa-ets-certValues (SEQUENCE OF Certificate)
 * and id-aa-ets-revocationValues (SEQUENCE { crlVals [0], ocspVals [1] }, explicit tags as in TS 101 733).
 */
export function validationDataAttributes(data: ValidationData): Uint8Array[] {
  const attributes: Uint8Array[] = [];
  if (data.certificates.length > 0) {
    attributes.push(attributeDer(OID.certValues, tlv(TAG.sequence, data.certificates)));
  }
  if (data.crls.length > 0 || data.ocsp.length > 0) {
    const parts: Uint8Array[] = [];
    if (data.crls.length > 0) parts.push(tlv(TAG.context0, [tlv(TAG.sequence, data.crls)]));
    if (data.ocsp.length > 0) parts.push(tlv(TAG.context1, [tlv(TAG.sequence, data.ocsp)]));
    attributes.push(attributeDer(OID.revocationValues, tlv(TAG.sequence, parts)));
  }
  return attributes;
}

/** The raw DER of each element of a constructed value. */
function elements(node: asn1js.AsnType | undefined, what: string): Uint8Array[] {
  if (!(node instanceof asn1js.Constructed)) throw new FormatError(`${what}: not a constructed value`);
  return node.valueBlock.value.map((child) => asBytes(child.valueBeforeDecodeView));
}

function explicitSequence(node: asn1js.AsnType | undefined, what: string): Uint8Array[] {
  if (!(node instanceof asn1js.Constructed)) throw new FormatError(`${what}: not a constructed value`);
  return elements(node.valueBlock.value[0], what);
}

/**
 * The validation data in a SignerInfo's unsigned attributes (certValues, revocationValues); null when it carries
 * neither. Throws FormatError for attributes that are there but unreadable.
 */
export function readValidationData(unsignedAttrs: readonly SignedAttribute[]): ValidationData | null {
  const data = emptyValidationData();
  let found = false;
  for (const attribute of unsignedAttrs) {
    const [value] = attribute.values;
    if (attribute.type === OID.certValues) {
      found = true;
      data.certificates.push(...elements(value, 'certValues'));
    } else if (attribute.type === OID.revocationValues) {
      found = true;
      if (!(value instanceof asn1js.Constructed)) throw new FormatError('revocationValues: not a SEQUENCE');
      for (const choice of value.valueBlock.value) {
        const tag = choice.idBlock.tagClass === 3 ? choice.idBlock.tagNumber : -1;
        // A shallow decode leaves the tagged choice's inner SEQUENCE to decode here.
        const inner =
          choice instanceof asn1js.Constructed
            ? choice
            : decodeDer(asBytes(choice.valueBeforeDecodeView), 'revocationValues');
        if (tag === 0) data.crls.push(...explicitSequence(inner, 'crlVals'));
        else if (tag === 1) data.ocsp.push(...explicitSequence(inner, 'ocspVals'));
      }
    }
  }
  return found ? data : null;
}
