import { FormatError } from './der.js';

/**
 * One BER/DER value located in a buffer: its identifier and where its header and contents lie. Nothing is decoded or
 * copied until asked, so a walker can skip what it does not need (the certificates inside a CMS, a large eContent).
 */
export interface Tlv {
  /** The buffer the value lies in. */
  readonly bytes: Uint8Array;
  /** 0 universal, 1 application, 2 context-specific, 3 private. */
  readonly tagClass: number;
  readonly constructed: boolean;
  readonly tagNumber: number;
  /** Offset of the identifier octet. */
  readonly start: number;
  /** Offset of the first content octet. */
  readonly contentStart: number;
  /** Offset after the contents (after the end-of-contents octets of an indefinite length). */
  readonly end: number;
  /** Offset after the contents proper (before the end-of-contents octets of an indefinite length). */
  readonly contentEnd: number;
}

/** Universal tag numbers the walkers read. */
export const TAG = {
  integer: 2,
  octetString: 4,
  oid: 6,
  sequence: 16,
  set: 17,
} as const;

// Nesting deeper than this is no structure a signature needs: a bound against stack exhaustion by crafted input.
const MAX_DEPTH = 64;

/** Reads the value that starts at `offset` and must end by `limit`; throws {@link FormatError} when it cannot. */
export function readTlv(bytes: Uint8Array, offset: number, limit: number, depth = 0): Tlv {
  if (depth > MAX_DEPTH) throw new FormatError('BER: nested too deeply');
  let at = offset;
  const identifier = byteAt(bytes, at++, limit);
  const tagClass = identifier >> 6;
  const constructed = (identifier & 0x20) !== 0;
  let tagNumber = identifier & 0x1f;
  if (tagNumber === 0x1f) {
    tagNumber = 0;
    for (let octet = 0x80; octet & 0x80; ) {
      octet = byteAt(bytes, at++, limit);
      if (tagNumber > 0xffffff) throw new FormatError('BER: tag number too large');
      tagNumber = tagNumber * 128 + (octet & 0x7f);
    }
  }
  const first = byteAt(bytes, at++, limit);
  if (first === 0x80) {
    if (!constructed) throw new FormatError('BER: indefinite length on a primitive value');
    // Indefinite length: children until the end-of-contents octets 00 00.
    const contentStart = at;
    while (true) {
      if (byteAt(bytes, at, limit) === 0 && byteAt(bytes, at + 1, limit) === 0) {
        return {
          bytes,
          tagClass,
          constructed,
          tagNumber,
          start: offset,
          contentStart,
          contentEnd: at,
          end: at + 2,
        };
      }
      at = readTlv(bytes, at, limit, depth + 1).end;
    }
  }
  let length = first;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count > 4) throw new FormatError('BER: length too large');
    length = 0;
    for (let i = 0; i < count; i += 1) length = length * 256 + byteAt(bytes, at++, limit);
  }
  const end = at + length;
  if (end > limit) throw new FormatError('BER: value runs past its container');
  return { bytes, tagClass, constructed, tagNumber, start: offset, contentStart: at, contentEnd: end, end };
}

function byteAt(bytes: Uint8Array, at: number, limit: number): number {
  if (at >= limit) throw new FormatError('BER: truncated value');
  return bytes[at] as number;
}

/**
 * The single value filling `bytes`, nothing after it. The views it hands out are plain Uint8Arrays even for a Buffer
 * (whose `slice()` would be a view, not the copy callers expect).
 */
export function readRoot(input: Uint8Array, what: string): Tlv {
  const bytes =
    input.constructor === Uint8Array
      ? input
      : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  const root = readTlv(bytes, 0, bytes.byteLength);
  if (root.end !== bytes.byteLength) throw new FormatError(`${what}: trailing bytes after the structure`);
  return root;
}

/** The values inside a constructed one, in order. */
export function childrenOf(node: Tlv, what: string): Tlv[] {
  if (!node.constructed) throw new FormatError(`${what}: not a constructed value`);
  const children: Tlv[] = [];
  for (let at = node.contentStart; at < node.contentEnd; ) {
    const child = readTlv(node.bytes, at, node.contentEnd);
    children.push(child);
    at = child.end;
  }
  return children;
}

/** Whether `node` is the universal `tagNumber` (see {@link TAG}). */
export function isUniversal(node: Tlv | undefined, tagNumber: number): node is Tlv {
  return node !== undefined && node.tagClass === 0 && node.tagNumber === tagNumber;
}

/** Whether `node` is context-specific [`tagNumber`]. */
export function isContext(node: Tlv | undefined, tagNumber: number): node is Tlv {
  return node !== undefined && node.tagClass === 2 && node.tagNumber === tagNumber;
}

/** The whole encoding of `node` (identifier, length, contents) as a view, no copy. */
export function encodingOf(node: Tlv): Uint8Array {
  return node.bytes.subarray(node.start, node.end);
}

/** The contents of a primitive value as a view, no copy. */
export function contentsOf(node: Tlv): Uint8Array {
  return node.bytes.subarray(node.contentStart, node.contentEnd);
}

/** The contents of an OCTET STRING: a view when primitive, the joined segments when constructed (BER). */
export function octetsOf(node: Tlv, what: string): Uint8Array {
  if (!isUniversal(node, TAG.octetString)) throw new FormatError(`${what}: not an OCTET STRING`);
  if (!node.constructed) return contentsOf(node);
  const joined = Buffer.concat(childrenOf(node, what).map((part) => octetsOf(part, what)));
  return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
}

/** The dotted form of an OBJECT IDENTIFIER. */
export function oidOf(node: Tlv | undefined, what: string): string {
  if (!isUniversal(node, TAG.oid) || node.constructed) throw new FormatError(`${what}: not an OID`);
  const arcs: number[] = [];
  let value = 0;
  for (let at = node.contentStart; at < node.contentEnd; at += 1) {
    const octet = node.bytes[at] as number;
    if (value > Number.MAX_SAFE_INTEGER / 128) throw new FormatError(`${what}: OID arc too large`);
    value = value * 128 + (octet & 0x7f);
    if (octet & 0x80) continue;
    if (arcs.length === 0)
      arcs.push(value < 80 ? Math.floor(value / 40) : 2, value < 80 ? value % 40 : value - 80);
    else arcs.push(value);
    value = 0;
  }
  if (
    arcs.length === 0 ||
    (node.contentEnd > node.contentStart && (node.bytes[node.contentEnd - 1] as number) & 0x80)
  )
    throw new FormatError(`${what}: not an OID`);
  return arcs.join('.');
}
