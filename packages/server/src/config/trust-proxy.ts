import { isIP } from 'node:net';

/**
 * Which reverse proxies the server believes about the client's address (Fastify's `trustProxy`): `false` reads the
 * socket's address only; a hop count trusts that many proxies in front; a list trusts the proxies at those addresses.
 */
export type TrustProxy = false | number | string[];

/** The names proxy-addr (under Fastify's `trustProxy`) understands as address ranges. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const MAX_HOPS = 10;

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads QOLTANBA_TRUST_PROXY: unset, `false` or `0` trusts no proxy; a whole number 1..10 is a hop count; otherwise a
 * comma-separated list of addresses, CIDR ranges or `loopback` / `linklocal` / `uniquelocal`. `true` is refused:
 * trusting every address would let any client write its own X-Forwarded-For.
 *
 * @example parseTrustProxy('10.0.0.0/8, 127.0.0.1') // ['10.0.0.0/8', '127.0.0.1']
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (['', '0', 'false', 'off', 'no'].includes(text.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(text.toLowerCase())) {
    throw new Error(
      'QOLTANBA_TRUST_PROXY=true would trust X-Forwarded-For from anyone: give the proxies’ addresses or CIDR ' +
        `ranges (e.g. 10.0.0.0/8) or the number of proxies in front (1 to ${MAX_HOPS})`,
    );
  }
  if (/^[0-9]+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_HOPS) throw new Error(`QOLTANBA_TRUST_PROXY: at most ${MAX_HOPS} proxies, not ${hops}`);
    return hops;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (invalid.length > 0) {
    throw new Error(
      `QOLTANBA_TRUST_PROXY: ${invalid.join(', ')} is not an IP address, a CIDR range, loopback, linklocal or ` +
        'uniquelocal',
    );
  }
  return entries;
}
