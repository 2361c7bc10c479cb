import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsRegistry } from './registry.js';

/** A running metrics endpoint. */
export interface MetricsServer {
  /** Where it listens (the port chosen when 0 was asked). */
  readonly address: AddressInfo;
  close(): Promise<void>;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Serves `GET /metrics` (Prometheus text format) on its own address, apart from the public port, so a firewall or a
 * private interface keeps it internal; with `token`, a scrape must send `Authorization: Bearer <token>`.
 */
export async function startMetricsServer(
  registry: MetricsRegistry,
  options: { host: string; port: number; token: string | null },
): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    if (options.token !== null && !tokenMatches(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer', 'content-type': 'text/plain; charset=utf-8' });
      response.end('unauthorized\n');
      return;
    }
    registry.render().then(
      (text) =>
        response.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
