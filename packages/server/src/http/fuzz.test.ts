import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEchoModule } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';

/** Random requests per run. */
const RANDOM_REQUESTS = 1000;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  'image/png',
  'application/json; charset=koi8-r',
  ';;;',
  '',
];

/** Printable ASCII only: what a real HTTP client can put in a header. */
const headerValue = fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

const segment = fc.oneof(
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom(
    '%',
    '%E0%A4%A',
    '%00',
    '..',
    '.',
    '%2e%2e',
    'a'.repeat(600),
    '-1',
    '0',
    '1e309',
    'null',
    '😀',
  ),
  fc.stringMatching(/^[a-z0-9-]{1,36}$/),
);

const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('lang', 'limit', 'recipient', 'verbose'), fc.string({ maxLength: 10 })),
      fc.oneof(
        fc.constantFrom('kk', 'ru', 'en', 'kz', 'true', '-5', '%', '%E0%A4%A', ''),
        fc.string({ maxLength: 30 }),
      ),
      fc.boolean(),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => {
    // Mostly well-encoded values; sometimes raw ones (only what cannot end the URL is removed).
    const parts = pairs.map(
      ([k, v, raw]) => `${encodeURIComponent(k)}=${raw ? v.replace(/[#\s]/g, '') : encodeURIComponent(v)}`,
    );
    return parts.length === 0 ? '' : `?${parts.join('&')}`;
  });

const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  fc
    .record({
      name: fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.constant(null)),
      count: fc.oneof(fc.integer(), fc.double(), fc.string({ maxLength: 5 })),
      tags: fc.array(fc.string({ maxLength: 30 }), { maxLength: 7 }),
      signer: fc.oneof(fc.constant(undefined), fc.record({ iin: fc.string({ maxLength: 14 }) })),
    })
    .map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"name": "x", "count": 1',
    '[]',
    'null',
    '"a"',
    '{"__proto__":{"x":1}}',
    'x'.repeat(200_000),
  ),
  fc.integer({ min: 1, max: 3 }).map((n) => JSON.stringify({ name: 'x'.repeat(n * 400_000), count: 1 })),
);

describe.each(testDatabases())('fuzzing every route in the OpenAPI document on $name', (backend) => {
  let server: TestApp;
  let routes: Array<{ method: string; path: string }>;

  beforeAll(async () => {
    server = await createTestApp({
      backend,
      modules: [testEchoModule],
      env: { RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'error' },
    });
    const doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThanOrEqual(5);
  });
  afterAll(async () => {
    await server.close();
  });

  it('never answers 5xx, and every 4xx has {code, message}', async () => {
    const statuses = new Map<number, number>();
    let sent = 0;
    const request = fc.record({
      routeIndex: fc.nat(),
      useRouteMethod: fc.boolean(),
      method: fc.constantFrom(...METHODS),
      segments: fc.array(segment, { minLength: 1, maxLength: 3 }),
      extraPath: fc.oneof(
        fc.constant(''),
        segment.map((s) => `/${s}`),
      ),
      query: queryString,
      contentType: fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerValue),
      acceptLanguage: fc.oneof(
        fc.constantFrom('kk', 'ru-RU,ru;q=0.9', 'en;q=0', '*', 'kz', ';q=abc', ''),
        headerValue,
      ),
      body,
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const route = routes[r.routeIndex % routes.length] ?? { method: 'GET', path: '/healthz' };
        let i = 0;
        const path = route.path.replace(/\{[^}]+\}/g, () => r.segments[i++ % r.segments.length] ?? 'x');
        const method = r.useRouteMethod ? route.method : r.method;
        const options: InjectOptions = {
          method: method as InjectOptions['method'],
          url: `${path}${r.extraPath}${r.query}`,
          headers: {
            ...(r.contentType ? { 'content-type': r.contentType } : {}),
            ...(r.acceptLanguage ? { 'accept-language': r.acceptLanguage } : {}),
          },
          ...(r.body !== undefined && method !== 'GET' && method !== 'HEAD' ? { payload: r.body } : {}),
        };
        const res = await server.app.inject(options);
        sent += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const label = `${options.method} ${options.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode >= 400 && method !== 'HEAD') {
          const parsed = JSON.parse(res.body) as { code?: unknown; message?: unknown };
          expect(typeof parsed.code, label).toBe('string');
          expect(typeof parsed.message, label).toBe('string');
          expect(String(parsed.message).length, label).toBeGreaterThan(0);
        }
      }),
      { numRuns: RANDOM_REQUESTS },
    );
    // Counted, so that the run cannot shrink unnoticed (openapi-fuzz.test.ts adds its schema-derived probes).
    expect(sent).toBe(RANDOM_REQUESTS);
    // The generator must reach real handlers, not only the router's 404.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(10);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(10);
  }, 90_000); // Thousands of requests: a loaded 2-core machine needs more than the default (as openapi-fuzz.test.ts).
});
