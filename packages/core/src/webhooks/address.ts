// Which destinations a webhook may be posted to. Pure parsing, no DNS: the server resolves names and judges every
// address it got with ipAddressKind; the sdk's fake server judges literal hosts alike.

/**
 * What an IP address reaches. Only `public` may receive webhooks; every other kind is a network the server sits
 * in, a special-purpose range, or no single host at all.
 */
export type IpAddressKind =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'documentation'
  | 'reserved';

type Bytes = readonly number[];

/** Four bytes of a strict dotted quad (`127.0.0.1`; no leading zeros, no short forms), else undefined. */
function parseIpv4(text: string): Bytes | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    bytes.push(value);
  }
  return bytes;
}

/** Sixteen bytes of an IPv6 address (`::` compression, a dotted IPv4 tail, a `%zone` ignored), else undefined. */
function parseIpv6(text: string): Bytes | undefined {
  const address = text.replace(/%[^%]*$/, '');
  if (!/^[0-9a-f:.]+$/i.test(address) || address.split('::').length > 2) return undefined;
  // A dotted IPv4 tail may end the address only, not the part before `::`.
  const groupsOf = (part: string, endsAddress: boolean): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (endsAddress && index === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (!v4) return undefined;
        groups.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (/^[0-9a-f]{1,4}$/i.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return undefined;
      }
    }
    return groups;
  };
  const [head = '', tail] = address.split('::');
  const before = groupsOf(head, tail === undefined);
  const after = tail === undefined ? [] : groupsOf(tail, true);
  if (!before || !after) return undefined;
  const missing = 8 - before.length - after.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const groups = [...before, ...new Array<number>(Math.max(missing, 0)).fill(0), ...after];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** True when the first `bits` bits of `bytes` equal those of `prefix`. */
function inPrefix(bytes: Bytes, prefix: Bytes, bits: number): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if (((bytes[bit / 8] ?? 0) & mask) !== ((prefix[bit / 8] ?? 0) & mask)) return false;
  }
  return true;
}

// IANA's IPv4 special-purpose ranges that are not one public host (RFC 6890 and its updates).
const IPV4_RANGES: ReadonlyArray<readonly [Bytes, number, IpAddressKind]> = [
  [[0, 0, 0, 0], 8, 'unspecified'],
  [[10, 0, 0, 0], 8, 'private'],
  [[100, 64, 0, 0], 10, 'shared'],
  [[127, 0, 0, 0], 8, 'loopback'],
  [[169, 254, 0, 0], 16, 'link-local'],
  [[172, 16, 0, 0], 12, 'private'],
  [[192, 0, 0, 0], 24, 'reserved'],
  [[192, 0, 2, 0], 24, 'documentation'],
  [[192, 88, 99, 0], 24, 'reserved'],
  [[192, 168, 0, 0], 16, 'private'],
  [[198, 18, 0, 0], 15, 'reserved'],
  [[198, 51, 100, 0], 24, 'documentation'],
  [[203, 0, 113, 0], 24, 'documentation'],
  [[224, 0, 0, 0], 4, 'multicast'],
  [[240, 0, 0, 0], 4, 'reserved'],
];

function ipv4Kind(bytes: Bytes): IpAddressKind {
  return IPV4_RANGES.find(([prefix, bits]) => inPrefix(bytes, prefix, bits))?.[2] ?? 'public';
}

const v6 = (text: string): Bytes => parseIpv6(text) ?? [];
// IPv6 forms that carry an IPv4 address in their last (or, for 6to4, second to fifth) bytes: judged as that address.
const EMBEDDING_IPV4: ReadonlyArray<readonly [Bytes, number, number]> = [
  [v6('::ffff:0:0'), 96, 12], // IPv4-mapped
  [v6('::'), 96, 12], // IPv4-compatible (deprecated), after :: and ::1 below
  [v6('64:ff9b::'), 96, 12], // NAT64
  [v6('2002::'), 16, 2], // 6to4
];
const IPV6_RANGES: ReadonlyArray<readonly [Bytes, number, IpAddressKind]> = [
  [v6('64:ff9b:1::'), 48, 'reserved'],
  [v6('100::'), 64, 'reserved'],
  [v6('2001:db8::'), 32, 'documentation'],
  [v6('2001::'), 23, 'reserved'],
  [v6('3fff::'), 20, 'documentation'],
  [v6('fc00::'), 7, 'unique-local'],
  [v6('fe80::'), 10, 'link-local'],
  [v6('fec0::'), 10, 'private'],
  [v6('ff00::'), 8, 'multicast'],
];

function ipv6Kind(bytes: Bytes): IpAddressKind {
  const zeros = bytes.slice(0, 15).every((byte) => byte === 0);
  if (zeros && bytes[15] === 0) return 'unspecified';
  if (zeros && bytes[15] === 1) return 'loopback';
  for (const [prefix, bits, at] of EMBEDDING_IPV4) {
    if (inPrefix(bytes, prefix, bits)) return ipv4Kind(bytes.slice(at, at + 4));
  }
  const special = IPV6_RANGES.find(([prefix, bits]) => inPrefix(bytes, prefix, bits))?.[2];
  if (special) return special;
  // Only 2000::/3 is allocated for global unicast; anything else is not a public host today.
  return inPrefix(bytes, v6('2000::'), 3) ? 'public' : 'reserved';
}

/**
 * What the IP address `address` reaches: an IPv4 dotted quad or an IPv6 address (without brackets); undefined when
 * it is neither. IPv4 inside IPv6 (`::ffff:127.0.0.1`, NAT64, 6to4) is judged as that IPv4 address.
 *
 * @example ipAddressKind('169.254.169.254') // 'link-local'
 */
export function ipAddressKind(address: string): IpAddressKind | undefined {
  const v4 = parseIpv4(address);
  if (v4) return ipv4Kind(v4);
  const v6bytes = address.includes(':') ? parseIpv6(address) : undefined;
  return v6bytes ? ipv6Kind(v6bytes) : undefined;
}

/**
 * What a URL's host reaches when the host says so itself: an IP literal (IPv6 in brackets, as `URL.hostname` gives
 * it) or a `localhost` name (RFC 6761: always loopback); undefined for a name only DNS can answer. Give it
 * `new URL(url).hostname`, which has already turned decimal, octal and hex IPv4 spellings (`2130706433`, `0x7f.1`)
 * into dotted quads.
 *
 * @example literalHostKind(new URL('https://0x7f.1/').hostname) // 'loopback'
 */
export function literalHostKind(hostname: string): IpAddressKind | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (host.startsWith('[') && host.endsWith(']')) return ipAddressKind(host.slice(1, -1));
  return ipAddressKind(host);
}
