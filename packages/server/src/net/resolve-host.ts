import { lookup } from 'node:dns/promises';

/** One address a host name resolved to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name, as the connection that follows would find them (rejects when there are none). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * The system's resolver (`getaddrinfo`: /etc/hosts, then DNS), all addresses in the order it gives them. Callers
 * check what it answered and connect to one of those addresses themselves, never by name again.
 */
export const systemResolver: HostResolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, order: 'verbatim' });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
};
