import { isIPv4, isIPv6 } from 'node:net';

/**
 * The client a login failure is counted against: the IPv4 address (also when written IPv4-mapped), or the /64
 * network of an IPv6 address, since one subscriber usually holds a whole /64 and could rotate within it.
 *
 * @example clientSource('::ffff:10.0.0.7') // '10.0.0.7'
 * @example clientSource('2001:db8:1:2:a:b:c:d') // '2001:db8:1:2::/64'
 */
export function clientSource(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(ip)) return ip;
  const groups = expandIPv6(ip.replace(/%.*$/, ''));
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The eight hexadecimal groups of a valid IPv6 address (an embedded IPv4 tail as two groups). */
function expandIPv6(ip: string): string[] {
  const v4Tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  let text = ip.toLowerCase();
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(1).map(Number) as [number, number, number, number];
    const hex = (high: number, low: number) => ((high << 8) | low).toString(16);
    text = `${text.slice(0, v4Tail.index)}${hex(a, b)}:${hex(c, d)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return tail === undefined ? headGroups : [...headGroups, ...zeros, ...tailGroups];
}
