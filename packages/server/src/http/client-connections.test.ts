import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { SUPPORT_PATHS, SUPPORT_VISITOR_HEADER } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { call, nextIp } from '../testing/accounts.js';
import { type EventStreamReader, openEventStream } from '../testing/event-stream-reader.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { streamHeartbeatMs, trustedProxyMatcher } from './client-connections.js';

/** A raw client socket with what it received and whether the server closed it. */
interface RawClient {
  socket: Socket;
  received(): string;
  closed: Promise<void>;
  isClosed(): boolean;
}

async function rawClient(port: number, localAddress = '127.0.0.1'): Promise<RawClient> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  let data = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    data += chunk;
  });
  socket.on('error', () => undefined);
  const closedPromise = once(socket, 'close').then(() => {
    closed = true;
  });
  await once(socket, 'connect');
  return { socket, received: () => data, closed: closedPromise, isClosed: () => closed };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves true when `client` is closed within `ms` (a generous bound: the point is that it does not hang). */
async function closesWithin(client: RawClient, ms: number): Promise<boolean> {
  await Promise.race([client.closed, sleep(ms)]);
  return client.isClosed();
}

function portOf(server: TestApp): number {
  const address = server.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return address.port;
}

describe('slow clients (timeouts)', () => {
  let server: TestApp;
  let port: number;
  const clients: RawClient[] = [];
  beforeAll(async () => {
    server = await createTestApp({
      env: {
        QOLTANBA_HEADERS_TIMEOUT_SECONDS: '0.5',
        QOLTANBA_REQUEST_TIMEOUT_SECONDS: '8',
        QOLTANBA_IDLE_TIMEOUT_SECONDS: '0.5',
        RATE_LIMIT_MAX: '100000',
      },
      // A handler that works longer than a client may stay silent (a preview conversion, a revocation check).
      modules: [
        {
          name: 'slow-work',
          register({ app }) {
            app.get('/test/slow-work', async () => {
              await sleep(1500);
              return { done: true };
            });
          },
        },
      ],
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(server);
  });
  afterAll(async () => {
    for (const client of clients) client.socket.destroy();
    await server.close();
  });
  async function client(): Promise<RawClient> {
    const opened = await rawClient(port);
    clients.push(opened);
    return opened;
  }

  it('closes a slow-header (slowloris) connection that keeps trickling header lines', async () => {
    const slow = await client();
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
    // A header line every 100 ms keeps the socket busy, so only the headers deadline can end it.
    for (let i = 0; i < 100 && !slow.isClosed(); i++) {
      slow.socket.write(`X-Slow-${i}: x\r\n`);
      await sleep(100);
    }
    expect(slow.isClosed()).toBe(true);
    expect(slow.received()).not.toContain('200 OK');
  });

  it('closes a request whose body stalls', async () => {
    const stalled = await client();
    stalled.socket.write(
      `POST ${SUPPORT_PATHS.visitors} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        'Content-Length: 1000\r\n\r\n{"a":',
    );
    expect(await closesWithin(stalled, 10_000)).toBe(true);
    expect(stalled.received()).not.toContain('201 Created');
  });

  it('keeps a slow body that is moving, past the idle timeout', async () => {
    const moving = await client();
    const body = JSON.stringify({ padding: 'x'.repeat(40) });
    moving.socket.write(
      `POST ${SUPPORT_PATHS.visitors} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    // 2.5 s of body, a few bytes every 250 ms: five idle timeouts long, never idle for one.
    for (let i = 0; i < body.length; i += 5) {
      moving.socket.write(body.slice(i, i + 5));
      await sleep(250);
    }
    await moving.closed;
    // The route refuses the unknown field, but it read the whole body to say so.
    expect(moving.received()).toMatch(/^HTTP\/1\.1 (201|400) /);
  });

  it('does not cut a request while the server works on it longer than the idle timeout', async () => {
    const waiting = await client();
    waiting.socket.write('GET /test/slow-work HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await waiting.closed;
    expect(waiting.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(waiting.received()).toContain('{"done":true}');
  });

  it('closes an idle keep-alive connection after a response', async () => {
    const kept = await client();
    kept.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await closesWithin(kept, 10_000)).toBe(true);
    expect(kept.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('keeps a server-sent event stream with heartbeats open past the idle timeout', async () => {
    expect(streamHeartbeatMs(server.config)).toBe(250);
    const visitor = (await call(server, 'POST', SUPPORT_PATHS.visitors, { ip: nextIp() })).json()
      .visitorToken as string;
    let stream: EventStreamReader | undefined;
    try {
      stream = await openEventStream(`http://127.0.0.1:${port}${SUPPORT_PATHS.myEvents}`, {
        [SUPPORT_VISITOR_HEADER]: visitor,
      });
      expect(stream.status).toBe(200);
      let ended = false;
      void stream.ended.then(() => {
        ended = true;
      });
      await sleep(2000);
      expect(ended).toBe(false);
      expect(stream.blocks.filter((block) => block.comment).length).toBeGreaterThanOrEqual(3);
    } finally {
      stream?.close();
    }
  });
});

describe('connections per address', () => {
  let server: TestApp;
  let port: number;
  const clients: RawClient[] = [];
  beforeAll(async () => {
    server = await createTestApp({ env: { QOLTANBA_MAX_CONNECTIONS_PER_ADDRESS: '3' } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(server);
  });
  afterAll(async () => {
    for (const client of clients) client.socket.destroy();
    await server.close();
  });
  async function client(localAddress: string): Promise<RawClient> {
    const opened = await rawClient(port, localAddress);
    clients.push(opened);
    return opened;
  }
  async function health(opened: RawClient): Promise<string> {
    opened.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    await opened.closed;
    return opened.received();
  }

  it('refuses connections beyond the bound from one address while another address still connects', async () => {
    const held = [await client('127.0.0.1'), await client('127.0.0.1'), await client('127.0.0.1')];
    const beyond = await client('127.0.0.1');
    expect(await closesWithin(beyond, 10_000)).toBe(true);
    expect(beyond.received()).toBe('');

    const other = await client('127.0.0.2');
    expect(await health(other)).toMatch(/^HTTP\/1\.1 200 /);

    // A held connection still works, and once one closes the address may open another.
    const [first] = held;
    if (!first) throw new Error('no connection');
    expect(await health(first)).toMatch(/^HTTP\/1\.1 200 /);
    await sleep(50);
    expect(await health(await client('127.0.0.1'))).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('trustedProxyMatcher', () => {
  it('matches listed addresses, ranges and names; never a hop count', () => {
    const trusted = trustedProxyMatcher(['10.1.0.0/16', '192.0.2.7', 'loopback', 'fd00::/8']);
    expect(['10.1.2.3', '::ffff:10.1.9.9', '192.0.2.7', '127.0.0.1', '::1', 'fd00::5'].map(trusted)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['10.2.0.1', '192.0.2.8', '2001:db8::1'].map(trusted)).toEqual([false, false, false]);
    expect(trustedProxyMatcher(2)('10.1.2.3')).toBe(false);
    expect(trustedProxyMatcher(false)('127.0.0.1')).toBe(false);
  });
});

describe('configuration of slow-client limits', () => {
  const opts = { cwd: '/srv/app', packageDir: '/repo/packages/server' };
  it('has safe defaults, no bound behind proxies counted by hops, and refuses headers longer than the request', () => {
    const { config } = loadConfig({ NODE_ENV: 'test' }, opts);
    expect(config.httpTimeouts).toEqual({ headersMs: 20_000, requestMs: 300_000, idleMs: 30_000 });
    expect(config.maxConnectionsPerAddress).toBe(128);
    expect(streamHeartbeatMs(config)).toBe(15_000);
    expect(
      loadConfig({ NODE_ENV: 'test', QOLTANBA_TRUST_PROXY: '1' }, opts).config.maxConnectionsPerAddress,
    ).toBe(0);
    expect(() =>
      loadConfig(
        { NODE_ENV: 'test', QOLTANBA_HEADERS_TIMEOUT_SECONDS: '60', QOLTANBA_REQUEST_TIMEOUT_SECONDS: '30' },
        opts,
      ),
    ).toThrow(/must not exceed QOLTANBA_REQUEST_TIMEOUT_SECONDS/);
  });
});
