import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';

const SHALLOW = { parseEmbedded: false, copyInput: false } as const;

/** Thrown when bytes are not the DER structure expected; the verifier turns it into FORMAT_FAILURE. */
export class FormatError extends Error {
  override readonly name = 'FormatError';
}

/**
 * Decodes one BER/DER value with asn1js, refusing trailing garbage and decoding errors. `shallow` skips asn1js's
 * speculative decoding of OCTET/BIT STRING contents and its copy of the input: the tree then shares `bytes`.
 */
export function decodeDer(bytes: Uint8Array, what: string, shallow = false): asn1js.AsnType {
  const decoded = asn1js.fromBER(bytes, shallow ? SHALLOW : undefined);
  if (decoded.offset === -1 || decoded.result.error) {
    throw new FormatError(`${what}: not DER (${decoded.result.error || 'decoding failed'})`);
  }
  if (decoded.offset !== bytes.byteLength)
    throw new FormatError(`${what}: trailing bytes after the structure`);
  return decoded.result;
}

/** The contents of an OCTET STRING without a copy (a constructed BER one is joined). */
export function octets(node: asn1js.OctetString): Uint8Array {
  return node.idBlock.isConstructed ? new Uint8Array(node.getValue()) : node.valueBlock.valueHexView;
}

/** Lower-case hex of bytes. */
export function toHex(bytes: Uint8Array | ArrayBuffer): string {
  return Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('hex');
}

/** A copy-free Uint8Array view of an ArrayBuffer or view. */
export function asBytes(value: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return new Uint8Array(value);
}

/** Constant-length byte comparison (the inputs are public; this is about equality, not timing). */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(
    Buffer.from(b.buffer, b.byteOffset, b.byteLength),
  );
}

/** SHA-256 hex of bytes, used as a cache key for certificates and CRLs. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Unsigned big-endian hex of an INTEGER's content (leading zero bytes removed), as serials are shown. */
export function integerHex(integer: asn1js.Integer): string {
  const hex = toHex(integer.valueBlock.valueHexView).replace(/^(00)+(?=.)/, '');
  return hex === '' ? '00' : hex;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** The DER blocks of a PEM text with their labels (`CERTIFICATE`, `X509 CRL`, ...). */
export function pemBlocks(text: string): Array<{ label: string; der: Uint8Array }> {
  const blocks: Array<{ label: string; der: Uint8Array }> = [];
  for (const match of text.matchAll(PEM_BLOCK)) {
    const [, label = '', body = ''] = match;
    blocks.push({ label, der: new Uint8Array(Buffer.from(body.replace(/\s+/g, ''), 'base64')) });
  }
  return blocks;
}
