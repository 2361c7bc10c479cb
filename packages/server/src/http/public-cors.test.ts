import { apiPath, PROFILE_PATHS, SIGNING_PATHS, VERIFICATION_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { defineRoute, RouteRegistry } from './route.js';

// The anonymous API the custom elements call from partner pages answers any origin, without credentials; the rest
// of the API stays same-origin.

const partner = 'https://shop.example.kz';

describe('public CORS', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp();
  });
  afterAll(() => server.close());

  it('lets any page read the signing config, without credentials', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: SIGNING_PATHS.config,
      headers: { origin: partner },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toContain('x-request-id');
  });

  it('answers a preflight of the verification API with its method and the headers the sdk sends', async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: `${VERIFICATION_PATHS.verify}?lang=kk`,
      headers: {
        origin: partner,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'accept-language, content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toBe('POST');
    expect(res.headers['access-control-allow-headers']).toContain('accept-language');
  });

  it('lets a page read the refusal of a bad verification upload (the element shows its code)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: VERIFICATION_PATHS.verify,
      headers: { origin: partner, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it("answers a QR session's event stream preflight with GET", async () => {
    const res = await server.app.inject({
      method: 'OPTIONS',
      url: apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: 'abc' }),
      headers: { origin: partner, 'access-control-request-method': 'GET' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-methods']).toBe('GET');
  });

  it('gives no CORS to the rest of the API: a cross-origin page cannot read an account route', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: PROFILE_PATHS.user,
      headers: { origin: partner },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await server.app.inject({
      method: 'OPTIONS',
      url: PROFILE_PATHS.user,
      headers: { origin: partner, 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).not.toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses to make a route with a credential public', () => {
    const registry = new RouteRegistry();
    const route = (extra: object) =>
      registry.add({
        ...defineRoute({
          method: 'GET',
          url: '/proxy/x/api/v1/private',
          operationId: 'privateThing',
          summary: 'x',
          response: z.object({}),
          handler: async () => ({}),
        }),
        publicCors: true,
        ...extra,
      });
    expect(() => route({ auth: true })).toThrow(/cannot be publicCors/);
    expect(() => route({ security: 'partnerApiKey' })).toThrow(/cannot be publicCors/);
  });
});
