import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEchoModule } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';
import { contentSecurityPolicy, securityHeaders } from './security-headers.js';

function expectSecurityHeaders(headers: Record<string, unknown>, label: string): void {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(csp, label).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp, label).toContain("img-src 'self' data: blob:");
  expect(csp, label).toContain("connect-src 'self' wss://127.0.0.1:13579");
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
  expect(headers['x-powered-by'], label).toBeUndefined();
  expect(headers['x-request-id'], label).toBeTruthy();
}

describe.each(testDatabases())('security headers on $name', (backend) => {
  let server: TestApp;
  let portal: string;
  beforeAll(async () => {
    portal = await mkdtemp(join(tmpdir(), 'qoltanba-portal-'));
    await mkdir(join(portal, 'assets'));
    await writeFile(join(portal, 'index.html'), '<!doctype html><title>portal</title>');
    await writeFile(join(portal, 'assets', 'app-abc123.js'), 'console.log(1)');
    server = await createTestApp({
      backend,
      modules: [testEchoModule],
      env: { QOLTANBA_PORTAL_DIR: portal, RATE_LIMIT_MAX: '1000' },
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(portal, { recursive: true, force: true });
  });

  it('are on every kind of response', async () => {
    const requests: Array<[string, InjectOptions]> = [
      ['json 200', { method: 'GET', url: '/healthz' }],
      ['openapi', { method: 'GET', url: '/api/openapi.json' }],
      ['404 api', { method: 'GET', url: '/api/missing' }],
      ['404 file', { method: 'GET', url: '/missing.png' }],
      ['400 validation', { method: 'POST', url: '/api/test/echo/x', payload: { name: 1 } }],
      [
        '400 malformed',
        {
          method: 'POST',
          url: '/api/test/echo/x',
          payload: '{',
          headers: { 'content-type': 'application/json' },
        },
      ],
      ['400 bad url', { method: 'GET', url: '/api/test/echo/%E0%A4%A' }],
      [
        '415',
        { method: 'POST', url: '/api/test/echo/x', payload: 'a', headers: { 'content-type': 'text/plain' } },
      ],
      ['500', { method: 'GET', url: '/api/test/crash' }],
      ['static index', { method: 'GET', url: '/' }],
      ['static asset', { method: 'GET', url: '/assets/app-abc123.js' }],
      ['history fallback', { method: 'GET', url: '/cabinet/incoming', headers: { accept: 'text/html' } }],
      ['dev outbox html', { method: 'GET', url: '/dev/outbox' }],
    ];
    for (const [label, request] of requests) {
      const res = await server.app.inject(request);
      expectSecurityHeaders(res.headers, `${label} (${res.statusCode})`);
    }
  });

  it('adds HSTS only in production and lets embed routes widen frame-ancestors', () => {
    expect(securityHeaders({ production: false })['strict-transport-security']).toBeUndefined();
    expect(securityHeaders({ production: true })['strict-transport-security']).toContain('max-age=');
    const embed = securityHeaders({ production: false, frameAncestors: ["'self'", 'https://partner.kz'] });
    expect(embed['content-security-policy']).toContain("frame-ancestors 'self' https://partner.kz");
    expect(embed['x-frame-options']).toBeUndefined();
    expect(contentSecurityPolicy()).toContain("object-src 'none'");
  });
});
