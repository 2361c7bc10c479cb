import { errorMessage } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEchoModule } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';
import { errorBody, retryAfterOf } from './error-reply.js';

describe.each(testDatabases())('error responses on $name', (backend) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ backend, modules: [testEchoModule] });
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (
    body: string,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    url = '/api/test/echo/abc',
  ) => server.app.inject({ method: 'POST', url, headers, payload: body });

  it('accepts a valid request', async () => {
    const res = await post(JSON.stringify({ name: 'Айгерім', count: 3 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'abc', name: 'Айгерім', count: 3 });
  });

  it('answers unknown API routes with 404 ROUTE_NOT_FOUND in kk by default', async () => {
    for (const url of ['/api/nope', '/proxy/profile-api.bpmn/api/v1/unknown', '/api']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'ROUTE_NOT_FOUND', message: errorMessage('ROUTE_NOT_FOUND', 'kk') });
      expect(res.headers['content-type']).toContain('application/json');
    }
    const post404 = await server.app.inject({ method: 'POST', url: '/proxy/x/y', payload: {} });
    expect(post404.statusCode).toBe(404);
    expect(post404.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('answers a known path with the wrong method with 405 METHOD_NOT_ALLOWED and Allow', async () => {
    const res = await server.app.inject({ method: 'DELETE', url: '/api/test/echo/abc?lang=en' });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json()).toEqual({
      code: 'METHOD_NOT_ALLOWED',
      message: errorMessage('METHOD_NOT_ALLOWED', 'en'),
    });
    const health = await server.app.inject({ method: 'POST', url: '/healthz' });
    expect(health.statusCode).toBe(405);
    expect(health.headers.allow).toBe('GET, HEAD');
  });

  it('picks the message language from ?lang, then Accept-Language, then kk', async () => {
    const cases: Array<[string, Record<string, string>, 'kk' | 'ru' | 'en']> = [
      ['/api/nope?lang=ru', {}, 'ru'],
      ['/api/nope?lang=en', { 'accept-language': 'ru' }, 'en'],
      ['/api/nope?lang=kz', { 'accept-language': 'en' }, 'kk'],
      ['/api/nope', { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8' }, 'ru'],
      ['/api/nope', { 'accept-language': 'de, en;q=0.5' }, 'en'],
      ['/api/nope?lang=xx', { 'accept-language': 'fr' }, 'kk'],
      ['/api/nope', {}, 'kk'],
    ];
    for (const [url, headers, lang] of cases) {
      const res = await server.app.inject({ method: 'GET', url, headers });
      expect(res.json(), `${url} ${JSON.stringify(headers)}`).toEqual({
        code: 'ROUTE_NOT_FOUND',
        message: errorMessage('ROUTE_NOT_FOUND', lang),
      });
    }
    const ru = await server.app.inject({ method: 'GET', url: '/api/nope?lang=ru' });
    const kk = await server.app.inject({ method: 'GET', url: '/api/nope' });
    expect(ru.json().message).not.toBe(kk.json().message);
  });

  it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
    for (const body of ['{"name": ', '{name: 1}', 'nope', '{"a":1}}', '']) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('MALFORMED_JSON');
    }
  });

  it('rejects prototype poisoning attempts without a 5xx', async () => {
    const res = await post('{"__proto__": {"polluted": true}, "name": "x", "count": 1}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('code');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers wrong types with 400 VALIDATION_FAILED naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ name: 'x', count: 'three' }, 'count'],
      [{ count: 1 }, 'name'],
      [{ name: 'x', count: 1, signer: { iin: 'abc' } }, 'signer.iin'],
      [[1, 2], 'body'],
      ['just a string', 'body'],
      [null, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await post(JSON.stringify(body), {
        'content-type': 'application/json',
        'accept-language': 'en',
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: errorMessage('VALIDATION_FAILED', 'en', { field }),
        params: { field },
      });
    }
    const badParam = await post(JSON.stringify({ name: 'x', count: 1 }), undefined, '/api/test/echo/NOT_OK!');
    expect(badParam.statusCode).toBe(400);
    expect(badParam.json().message).toBe(errorMessage('VALIDATION_FAILED', 'kk', { field: 'id' }));
    expect(badParam.json().params).toEqual({ field: 'id' });
    const badQuery = await post(
      JSON.stringify({ name: 'x', count: 1 }),
      undefined,
      '/api/test/echo/ok?verbose=maybe',
    );
    expect(badQuery.json().message).toBe(errorMessage('VALIDATION_FAILED', 'kk', { field: 'verbose' }));
  });

  it('answers a body without a JSON content type with 415', async () => {
    for (const contentType of [
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'image/png',
    ]) {
      const res = await post('name=x', { 'content-type': contentType, 'accept-language': 'ru' });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json()).toEqual({
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: errorMessage('UNSUPPORTED_MEDIA_TYPE', 'ru'),
      });
    }
  });

  it('answers an oversize body with 413 PAYLOAD_TOO_LARGE', async () => {
    const huge = JSON.stringify({ name: 'x', count: 1, pad: 'a'.repeat(1024 * 1024 + 10) });
    const res = await post(huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: errorMessage('PAYLOAD_TOO_LARGE', 'kk'),
    });
  });

  it('answers badly encoded URLs with 400 in the error shape', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/test/echo/%E0%A4%A?lang=en',
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: errorMessage('BAD_REQUEST', 'en') });
  });

  it('answers unexpected exceptions with 500 INTERNAL_ERROR, no details, logged with the request id', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/test/crash?lang=en',
      headers: { 'x-request-id': 'crash-req-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: errorMessage('INTERNAL_ERROR', 'en') });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.headers['x-request-id']).toBe('crash-req-1');
    const logged = server.logRecords().find((r) => r.msg === 'unexpected error');
    expect(logged?.requestId).toBe('crash-req-1');
    expect(JSON.stringify(logged)).toContain('secret internal detail');
  });

  it('uses the route success status', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/api/test/items/7',
      payload: { tags: ['a'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: 7, tags: ['a'] });
  });
});

describe('errorBody', () => {
  it("carries only the params the code's text has placeholders for, and none for texts without", () => {
    expect(errorBody({ code: 'RATE_LIMITED', params: { retryAfter: 7, extra: 'x' } }, 'ru')).toEqual({
      code: 'RATE_LIMITED',
      message: errorMessage('RATE_LIMITED', 'ru', { retryAfter: 7 }),
      params: { retryAfter: 7 },
    });
    expect(errorBody({ code: 'NOT_FOUND', params: { retryAfter: 7 } }, 'en')).toEqual({
      code: 'NOT_FOUND',
      message: errorMessage('NOT_FOUND', 'en'),
    });
    expect(retryAfterOf({ code: 'RATE_LIMITED', params: { retryAfter: 7 } })).toBe('7');
    expect(retryAfterOf({ code: 'SIGNING_LINK_RESEND_TOO_EARLY', params: { retryAfter: 90 } })).toBe('90');
    expect(retryAfterOf({ code: 'NOT_FOUND', params: { retryAfter: 7 } })).toBeUndefined();
    expect(
      retryAfterOf({ code: 'ACCOUNT_BLOCKED', params: { until: '2026-01-01T00:00:00Z' } }),
    ).toBeUndefined();
  });
});
