import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { isApiError } from '../api/apiError';
import {
  createNcaLayerClient,
  type NcaLayerSocketConstructor,
  SIGNING_KEY_USAGE_OID,
} from './ncaLayerClient';

const Socket = WebSocket as unknown as NcaLayerSocketConstructor;

type Reply = (request: Record<string, unknown>) => unknown;

interface FakeNcaLayer {
  url: string;
  requests: Record<string, unknown>[];
  /** Connections still open on the server side. */
  open(): number;
  /** Resolves once every connection was closed by the client. */
  allClosed(): Promise<void>;
}

const servers: WebSocketServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A websocket server answering like NCALayer: greeting on connect, then `reply` to each request. */
async function fakeNcaLayer(reply: Reply, greeting: unknown = { result: { version: '1.4' } }) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  await new Promise((done) => server.once('listening', done));
  const requests: Record<string, unknown>[] = [];
  let closed: Promise<void>[] = [];
  server.on('connection', (socket) => {
    closed.push(new Promise((done) => socket.once('close', () => done())));
    socket.send(JSON.stringify(greeting));
    socket.on('message', (raw) => {
      const request = JSON.parse(String(raw)) as Record<string, unknown>;
      requests.push(request);
      const answer = reply(request);
      if (answer !== undefined) socket.send(JSON.stringify(answer));
    });
  });
  const { port } = server.address() as AddressInfo;
  const fake: FakeNcaLayer = {
    url: `ws://127.0.0.1:${port}`,
    requests,
    open: () => server.clients.size,
    allClosed: async () => {
      const pending = closed;
      closed = [];
      await Promise.all(pending);
    },
  };
  return fake;
}

const argsOf = (request: Record<string, unknown> | undefined) =>
  (request?.args ?? {}) as Record<string, unknown>;

describe('createNcaLayerClient().signCms', () => {
  it('waits for the greeting, sends a detached CMS request with the filters and returns the signatures', async () => {
    const nca = await fakeNcaLayer((request) => {
      const data = argsOf(request).data as string[];
      return { status: true, body: { result: data.map((item) => `CMS-${item}`) } };
    });
    const client = createNcaLayerClient({ url: nca.url, WebSocket: Socket });

    const result = await client.signCms([new Uint8Array([1, 2, 3]), 'AAAA'], {
      bin: '990340005977',
      extKeyUsageOids: [SIGNING_KEY_USAGE_OID],
      chain: [],
      locale: 'ru',
    });

    expect(result).toEqual(['CMS-AQID', 'CMS-AAAA']);
    expect(nca.requests).toHaveLength(1);
    expect(nca.requests[0]).toMatchObject({ module: 'kz.gov.pki.knca.basics', method: 'sign' });
    expect(argsOf(nca.requests[0])).toEqual({
      allowedStorages: null,
      format: 'cms',
      data: ['AQID', 'AAAA'],
      signingParams: { decode: true, encapsulate: false, digested: false, tsaProfile: {} },
      signerParams: { extKeyUsageOids: [SIGNING_KEY_USAGE_OID], bin: '990340005977', chain: [] },
      locale: 'ru',
    });
    await nca.allClosed();
    expect(nca.open()).toBe(0);
  });

  it('sends the IIN filter for a person', async () => {
    const nca = await fakeNcaLayer(() => ({ status: true, body: { result: ['CMS'] } }));
    const client = createNcaLayerClient({ url: nca.url, WebSocket: Socket });
    await client.signCms(['AA=='], { iin: '870412300416' });
    expect(argsOf(nca.requests[0]).signerParams).toEqual({ extKeyUsageOids: [], iin: '870412300416' });
  });

  it("answers 'cancelled' when the person closes NCALayer's dialog (status true, empty body)", async () => {
    const nca = await fakeNcaLayer(() => ({ status: true, body: {} }));
    const client = createNcaLayerClient({ url: nca.url, WebSocket: Socket });
    await expect(client.signCms(['AA=='])).resolves.toBe('cancelled');
    await nca.allClosed();
    expect(nca.open()).toBe(0);
  });

  it('turns an NCALayer error into SIGNER_APP_FAILED with its text in the chosen language', async () => {
    const nca = await fakeNcaLayer(() => ({ status: false, code: '500', message: 'password incorrect' }));
    const client = createNcaLayerClient({ url: nca.url, WebSocket: Socket });
    const error = await client.signCms(['AA=='], { locale: 'en' }).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.code).toBe('SIGNER_APP_FAILED');
    expect((error as Error).message).toMatch(/could not sign/);
    await nca.allClosed();
    expect(nca.open()).toBe(0);
  });

  it('refuses an answer with fewer signatures than files', async () => {
    const nca = await fakeNcaLayer(() => ({ status: true, body: { result: ['only-one'] } }));
    const client = createNcaLayerClient({ url: nca.url, WebSocket: Socket });
    await expect(client.signCms(['AA==', 'AQ=='])).rejects.toMatchObject({ code: 'SIGNER_APP_FAILED' });
  });

  it('refuses a server that does not greet like NCALayer', async () => {
    const nca = await fakeNcaLayer(() => undefined, { hello: 'world' });
    const client = createNcaLayerClient({ url: nca.url, WebSocket: Socket });
    await expect(client.signCms(['AA=='])).rejects.toMatchObject({ code: 'SIGNER_APP_FAILED' });
    expect(nca.requests).toHaveLength(0);
  });

  it('says the signing program is not running when the connection is refused', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise((done) => server.once('listening', done));
    const { port } = server.address() as AddressInfo;
    await new Promise((done) => server.close(done));
    const client = createNcaLayerClient({ url: `ws://127.0.0.1:${port}`, WebSocket: Socket });

    const error = await client.signCms(['AA=='], { locale: 'en' }).catch((caught: unknown) => caught);

    expect(isApiError(error) && error.code).toBe('SIGNER_APP_NOT_RUNNING');
    expect((error as Error).message).toBe(
      'The signing program (NCALayer) is not running. Start it and try again',
    );
  });

  it('says not running when NCALayer goes away before answering', async () => {
    const nca = await fakeNcaLayer(() => undefined);
    const client = createNcaLayerClient({ url: nca.url, WebSocket: Socket });
    const pending = client.signCms(['AA==']);
    await expect.poll(() => nca.requests.length).toBe(1);
    for (const socket of servers[0]?.clients ?? []) socket.terminate();
    await expect(pending).rejects.toMatchObject({ code: 'SIGNER_APP_NOT_RUNNING' });
  });

  it('gives up when no greeting arrives in time, and closes the socket', async () => {
    const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    servers.push(server);
    await new Promise((done) => server.once('listening', done));
    const closed = new Promise((done) => server.on('connection', (socket) => socket.once('close', done)));
    const { port } = server.address() as AddressInfo;
    const client = createNcaLayerClient({ url: `ws://127.0.0.1:${port}`, WebSocket: Socket, timeoutMs: 50 });

    await expect(client.signCms(['AA=='])).rejects.toMatchObject({ code: 'SIGNER_APP_NOT_RUNNING' });
    await closed;
    expect(server.clients.size).toBe(0);
  });

  it('stops waiting and closes the socket when aborted', async () => {
    const nca = await fakeNcaLayer(() => undefined);
    const client = createNcaLayerClient({ url: nca.url, WebSocket: Socket });
    const controller = new AbortController();
    const pending = client.signCms(['AA=='], { signal: controller.signal });
    await expect.poll(() => nca.requests.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await nca.allClosed();
    expect(nca.open()).toBe(0);
  });

  it('says not running where there is no WebSocket at all', async () => {
    const client = createNcaLayerClient({ url: 'ws://127.0.0.1:1', WebSocket: undefined });
    const saved = (globalThis as { WebSocket?: unknown }).WebSocket;
    (globalThis as { WebSocket?: unknown }).WebSocket = undefined;
    try {
      await expect(client.signCms(['AA=='])).rejects.toMatchObject({ code: 'SIGNER_APP_NOT_RUNNING' });
    } finally {
      (globalThis as { WebSocket?: unknown }).WebSocket = saved;
    }
  });
});
