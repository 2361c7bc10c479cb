import { apiPath, DOCUMENT_PATHS } from '@qoltanba/core';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config/trust-proxy.js';
import { call } from '../testing/accounts.js';
import {
  COMPANIES,
  documentPaths,
  multipart,
  testDraft,
  uploadParts,
  useDocumentsSuite,
} from '../testing/documents.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';

const PROXY = '10.20.0.1';

describe('parseTrustProxy', () => {
  it('is off unless set; reads a hop count or a list of addresses, ranges and names', () => {
    for (const off of [undefined, '', ' ', '0', 'false', 'off']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.0/8, 192.0.2.1 ,loopback,fd00::/8 ')).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses true (anyone could choose their address), bad entries and absurd hop counts', () => {
    expect(() => parseTrustProxy('true')).toThrow(/would trust X-Forwarded-For from anyone/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33 is not an IP address/);
    expect(() => parseTrustProxy('proxy.internal')).toThrow(/is not an IP address/);
    expect(() => parseTrustProxy('11')).toThrow(/at most 10 proxies/);
  });
});

describe('the client address behind a reverse proxy', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  const probe = (app: TestApp, remoteAddress: string, forwardedFor?: string) =>
    app.app.inject({
      method: 'GET',
      url: '/api/no-such-route',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  it('without the setting ignores X-Forwarded-For: the rate limit is keyed on the socket address', async () => {
    server = await createTestApp({ env: { RATE_LIMIT_MAX: '3' } });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
      statuses.push((await probe(server, PROXY, client)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });

  it('with the proxy trusted limits two clients behind it separately', async () => {
    server = await createTestApp({ env: { RATE_LIMIT_MAX: '3', QOLTANBA_TRUST_PROXY: PROXY } });
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await probe(server, PROXY, '203.0.113.1')).statusCode);
    expect(first).toEqual([404, 404, 404, 429]);
    expect((await probe(server, PROXY, '203.0.113.2')).statusCode).toBe(404);
    // The client's own claim after a real one: only the address the trusted proxy saw counts.
    expect((await probe(server, PROXY, '203.0.113.1, 203.0.113.9')).statusCode).toBe(404);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    server = await createTestApp({ env: { RATE_LIMIT_MAX: '3', QOLTANBA_TRUST_PROXY: PROXY } });
    const statuses = [];
    for (const spoofed of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      statuses.push((await probe(server, '10.99.0.1', spoofed)).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});

describe.each(testDatabases())('history behind a trusted proxy on $name', (backend) => {
  const suite = useDocumentsSuite(backend, { env: { QOLTANBA_TRUST_PROXY: PROXY } });

  it('records the forwarded client address, not the proxy', async () => {
    const token = await suite.user('owner@example.kz', [COMPANIES.sender]);
    const { payload, contentType } = multipart(
      uploadParts(testDraft(), [
        { filename: 'contract.pdf', bytes: Buffer.from('%PDF-1.4\n%test\n%%EOF\n') },
      ]),
    );
    const created = await call(
      suite.server,
      'POST',
      apiPath(DOCUMENT_PATHS.documents, { bin: COMPANIES.sender.bin }),
      {
        token,
        ip: PROXY,
        body: payload,
        headers: { 'content-type': contentType, 'x-forwarded-for': '203.0.113.77' },
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const history = await call(
      suite.server,
      'GET',
      documentPaths(COMPANIES.sender.bin, created.json().id).history,
      {
        token,
      },
    );
    expect(history.statusCode).toBe(200);
    const ips = JSON.stringify(history.json()).match(/"ip":"[^"]*"/g);
    expect(ips).toEqual(['"ip":"203.0.113.77"']);
  });
});
