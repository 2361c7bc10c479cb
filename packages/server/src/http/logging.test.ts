import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';
import { requestIdFor } from './logging.js';

describe.each(testDatabases())('request ids and logs on $name', (backend) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ backend });
  });
  afterAll(async () => {
    await server.close();
  });

  it('accepts a sane incoming X-Request-Id and generates one otherwise', () => {
    expect(requestIdFor({ headers: { 'x-request-id': 'abc-123.X:y_z' } })).toBe('abc-123.X:y_z');
    for (const bad of ['', 'a b', 'x'.repeat(129), '<script>', 'line\nbreak']) {
      const id = requestIdFor({ headers: { 'x-request-id': bad } });
      expect(id).not.toBe(bad);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdFor({ headers: {} })).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes the request id and logs JSON lines carrying it', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'req-42' },
    });
    expect(res.headers['x-request-id']).toBe('req-42');
    const records = server.logRecords().filter((r) => r.requestId === 'req-42');
    expect(records.map((r) => r.msg)).toEqual(['incoming request', 'request completed']);
    await server.app.inject({ method: 'GET', url: '/api/none', headers: { 'x-request-id': 'req-43' } });
    const rejected = server
      .logRecords()
      .find((r) => r.requestId === 'req-43' && r.msg === 'request rejected');
    expect(rejected).toMatchObject({ errorCode: 'ROUTE_NOT_FOUND', status: 404 });
    const generated = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('redacts authorization, cookies, passwords and codes', () => {
    server.app.log.info(
      {
        req: { headers: { authorization: 'Bearer secret-token', cookie: 'GATEWAY=secret-cookie' } },
        body: { login: 'a@b.kz', password: 'hunter2-secret', code: '123456' },
        attempt: { newPassword: 'next-secret' },
      },
      'redaction probe',
    );
    const line = server.logs.find((l) => l.includes('redaction probe')) ?? '';
    for (const secret of ['secret-token', 'secret-cookie', 'hunter2-secret', '123456', 'next-secret']) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('a@b.kz');
    expect(line).toContain('[redacted]');
  });
});
