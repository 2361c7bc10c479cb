import type { Server } from 'node:http';
import { BlockList, isIPv4, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Config, HttpTimeouts } from '../config/config.js';
import type { TrustProxy } from '../config/trust-proxy.js';
import { isEventStreamRoute } from './route.js';

/** The Fastify server options that bound how long slow clients are held (see {@link HttpTimeouts}). */
export function serverTimeoutOptions(timeouts: HttpTimeouts) {
  return {
    // Fastify's socket idle timeout (server.setTimeout): a stalled body or a silent connection is destroyed.
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks the headers and request deadlines on this beat (30 s by default, too coarse for short limits).
      connectionsCheckingInterval: Math.max(50, Math.min(5000, Math.floor(timeouts.headersMs / 4))),
    },
  };
}

/**
 * Fastify's `trustProxy` for a {@link TrustProxy}: a hop count becomes the function proxy-addr makes of one (trust
 * the nearest `hops` addresses), the form Fastify's types take.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Lifts the idle timeout while the server works on a request whose body has arrived (a preview conversion or a
 * revocation check may take longer than a client may stay silent) and sets it again when the answer is sent, so
 * only a silent client is cut. Event streams keep it throughout: their heartbeats beat it.
 */
export function idleTimeoutOnlyForClients(app: FastifyInstance, idleMs: number): void {
  // Injected requests (tests) have a stand-in socket without timers.
  const setIdle = (socket: Socket | undefined, ms: number) => {
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(ms);
  };
  app.addHook('preHandler', async (request) => {
    if (isEventStreamRoute(request)) return;
    const { raw } = request;
    // A multipart body is read by the handler: the idle timeout guards it until its end.
    if (raw.complete) setIdle(raw.socket, 0);
    else raw.once('end', () => setIdle(raw.socket, 0));
  });
  app.addHook('onSend', async (request) => {
    setIdle(request.raw.socket, idleMs);
  });
}

/** Default milliseconds between heartbeat comments of event streams. */
const HEARTBEAT_MS = 15_000;

/**
 * Milliseconds between heartbeat comments of server-sent event streams: at most half the idle timeout, so a stream
 * with nothing to say is never closed as idle.
 */
export function streamHeartbeatMs(config: Pick<Config, 'httpTimeouts'>): number {
  return Math.max(10, Math.min(HEARTBEAT_MS, Math.floor(config.httpTimeouts.idleMs / 2)));
}

// The ranges proxy-addr gives these names (Fastify's trustProxy understands them).
const NAMED_RANGES: Record<string, ReadonlyArray<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/** An IPv4-mapped IPv6 socket address (`::ffff:10.0.0.1`) as the IPv4 address it is. */
function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/** Whether a socket address is one of the proxies trusted by address (never true for a hop count or none). */
export function trustedProxyMatcher(trust: TrustProxy): (address: string) => boolean {
  if (!Array.isArray(trust) || trust.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) {
      for (const [network, prefix, family] of named) list.addSubnet(network, prefix, family);
      continue;
    }
    const [network = '', prefix] = entry.split('/');
    const family = isIPv4(network) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(network, family);
    else list.addSubnet(network, Number(prefix), family);
  }
  return (address) => {
    const plain = plainAddress(address);
    return list.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  };
}

/**
 * Bounds the connections one socket address may hold open: beyond `max` a new connection is destroyed as it is
 * accepted, before a byte is read. Keyed on the socket's address (the forwarded one is unknown at accept time), so
 * proxies trusted by address are exempt; `max` 0 turns the bound off. Answers the live count per address.
 */
export function limitConnectionsPerAddress(
  server: Server,
  max: number,
  exempt: (address: string) => boolean = () => false,
): ReadonlyMap<string, number> {
  const open = new Map<string, number>();
  if (max <= 0) return open;
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || exempt(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return open;
}
