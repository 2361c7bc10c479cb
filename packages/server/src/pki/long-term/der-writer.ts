/** DER length octets of `n` (X.690 8.1.3, definite form). */
function lengthOctets(n: number): Uint8Array {
  if (n < 0x80) return Uint8Array.of(n);
  const bytes: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

/** One TLV with a definite length around already encoded `parts` (which may be BER themselves). */
export function tlv(tag: number, parts: readonly Uint8Array[]): Uint8Array {
  const length = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const head = lengthOctets(length);
  const out = new Uint8Array(1 + head.byteLength + length);
  out[0] = tag;
  out.set(head, 1);
  let at = 1 + head.byteLength;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/** Tags used when building CMS structures around raw parts. */
export const TAG = {
  sequence: 0x30,
  set: 0x31,
  context0: 0xa0,
  context1: 0xa1,
} as const;
