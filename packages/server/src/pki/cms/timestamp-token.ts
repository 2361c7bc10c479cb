import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { FormatError } from '../der.js';
import { OID } from '../oids.js';
import { type ParsedCms, type ParsedSigner, parseCms } from './parse.js';

/** An RFC 3161 TimeStampToken as read from a SignerInfo: the token's own CMS and what its TSTInfo states. */
export interface TimestampToken {
  cms: ParsedCms;
  /** The TSTInfo (the token's attached content), which the TSA signed. */
  tstInfo: Uint8Array;
  genTime: Date;
  imprint: { hashAlgorithm: string; hash: Uint8Array };
}

/**
 * The signatureTimeStampToken of a SignerInfo (CAdES-T, RFC 3161 appendix A), or null when it carries none;
 * throws FormatError when the attribute is there but is no readable token.
 */
export function signatureTimestamp(signer: ParsedSigner): TimestampToken | null {
  const attributes = signer.unsignedAttrs.filter((a) => a.type === OID.signatureTimeStampToken);
  if (attributes.length === 0) return null;
  // Several tokens (several TSAs) are allowed; the first is reported, as the earliest applied.
  const value = attributes[0]?.values[0];
  if (value === undefined) throw new FormatError('signatureTimeStampToken without a value');
  return readTimestampToken(new Uint8Array(value.valueBeforeDecodeView));
}

/** Reads an RFC 3161 TimeStampToken (DER); throws FormatError for anything else. */
export function readTimestampToken(der: Uint8Array): TimestampToken {
  const cms = parseCms(der);
  if (cms.contentType !== OID.tstInfo || cms.content === null || cms.signers.length !== 1) {
    throw new FormatError('signatureTimeStampToken is not a TSTInfo signed by one TSA');
  }
  let info: pkijs.TSTInfo;
  try {
    // A copy backed by an ArrayBuffer, as pkijs types its input.
    info = pkijs.TSTInfo.fromBER(cms.content.slice());
  } catch (error) {
    throw new FormatError(`TSTInfo: ${(error as Error).message}`);
  }
  return {
    cms,
    tstInfo: cms.content,
    genTime: info.genTime,
    imprint: {
      hashAlgorithm: info.messageImprint.hashAlgorithm.algorithmId,
      hash: new Uint8Array((info.messageImprint.hashedMessage as asn1js.OctetString).valueBlock.valueHexView),
    },
  };
}
