import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEchoModule } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';

describe.each(testDatabases())('GET /api/openapi.json on $name', (backend) => {
  let server: TestApp;
  let document: Record<string, unknown>;
  beforeAll(async () => {
    server = await createTestApp({ backend, modules: [testEchoModule] });
    const res = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    document = res.json();
  });
  afterAll(async () => {
    await server.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists every route registered through the route helper, and hides hidden ones', () => {
    const paths = document.paths as Record<string, Record<string, unknown>>;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Domain modules (under /proxy/) are checked by their own suites and below.
    expect(operations.filter((operation) => !operation.includes(' /proxy/')).sort()).toEqual(
      [
        'GET /healthz',
        'GET /readyz',
        'GET /api/openapi.json',
        'GET /dev/outbox.json',
        'GET /dev/outbox',
        'POST /api/test/echo/{id}',
        'PUT /api/test/items/{id}',
        'GET /api/test/limited',
      ].sort(),
    );
  });

  it('marks the routes that need a user with the bearer security scheme', () => {
    const paths = document.paths as Record<string, Record<string, { security?: unknown }>>;
    const logout = paths['/proxy/account-recovery-api.bpmn/auth/logout']?.get;
    const login = paths['/proxy/account-recovery-api.bpmn/auth/login']?.post;
    expect(logout?.security).toEqual([{ bearerAuth: [] }]);
    expect(login).toBeDefined();
    expect(login?.security).toBeUndefined();
  });

  it('describes parameters, bodies and the error shape from the zod schemas', () => {
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>;
    const echo = paths['/api/test/echo/{id}']?.post ?? {};
    expect(echo.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'id', in: 'path', required: true }),
        expect.objectContaining({ name: 'verbose', in: 'query', required: false }),
      ]),
    );
    const body = echo.requestBody as {
      required: boolean;
      content: Record<string, { schema: Record<string, unknown> }>;
    };
    expect(body.required).toBe(true);
    expect(body.content['application/json']?.schema.required).toEqual(['name', 'count']);
    expect(Object.keys(echo.responses as object)).toEqual(['200', '4XX', '5XX']);
    const components = document.components as {
      schemas: Record<string, { properties: Record<string, unknown> }>;
    };
    expect(Object.keys(components.schemas.ErrorResponse?.properties ?? {})).toEqual(['code', 'message']);
    expect(Object.keys((paths['/api/test/items/{id}']?.put?.responses as object) ?? {})).toContain('201');
  });
});
