import { errorMessage } from '@qoltanba/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEchoModule } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';

describe.each(testDatabases())('rate limit on $name', (backend) => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('applies the global per-IP limit with 429 RATE_LIMITED and Retry-After', async () => {
    server = await createTestApp({ backend, env: { RATE_LIMIT_MAX: '3' } });
    for (let i = 0; i < 3; i += 1) {
      expect((await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    }
    const limited = await server.app.inject({ method: 'GET', url: '/api/openapi.json?lang=en' });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The body carries the same seconds as params, so a client can write the text in its own language.
    expect(limited.json()).toEqual({
      code: 'RATE_LIMITED',
      message: errorMessage('RATE_LIMITED', 'en', { retryAfter }),
      params: { retryAfter },
    });
    expect(limited.headers['content-security-policy']).toBeTruthy();
    // Unknown routes count too, so probing cannot bypass the limit.
    const probe = await server.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(probe.statusCode).toBe(429);
    // Another client address has its own budget.
    const other = await server.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(200);
  });

  it('honours a stricter per-route limit', async () => {
    server = await createTestApp({ backend, modules: [testEchoModule], env: { RATE_LIMIT_MAX: '100' } });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await server.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429, 429]);
    const limited = await server.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(limited.json().params).toEqual({ retryAfter: Number(limited.headers['retry-after']) });
    expect(limited.json().params.retryAfter).toBeGreaterThan(0);
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
