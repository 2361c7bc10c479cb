import { ERROR_PARAMS } from '@qoltanba/core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testEchoModule } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';

type JsonSchema = Record<string, unknown>;
interface Operation {
  operationId?: unknown;
  summary?: unknown;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { required?: unknown; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

const TYPED = ['type', 'const', 'enum', '$ref', 'anyOf', 'oneOf', 'allOf'];

/**
 * Where a JSON schema says nothing about a value (`{}`, what zod emits for what it cannot represent): the
 * schema itself, its properties, items and alternatives. Free-form maps (`additionalProperties: {}`) are allowed.
 */
function untypedPlaces(schema: JsonSchema | undefined, at: string): string[] {
  if (!schema || !TYPED.some((key) => key in schema)) return [at];
  const children: Array<[string, unknown]> = [
    ...Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(
      ([name, child]): [string, unknown] => [`${at}.${name}`, child],
    ),
    ...(schema.items ? [[`${at}[]`, schema.items] as [string, unknown]] : []),
    ...['anyOf', 'oneOf', 'allOf'].flatMap((key) =>
      ((schema[key] ?? []) as unknown[]).map((child, index): [string, unknown] => [
        `${at}.${key}[${index}]`,
        child,
      ]),
    ),
  ];
  return children.flatMap(([where, child]) => untypedPlaces(child as JsonSchema, where));
}

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
    const errorSchema = components.schemas.ErrorResponse as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
      required?: string[];
    };
    expect(Object.keys(errorSchema.properties)).toEqual(['code', 'message', 'params', 'link']);
    // params and link are additive: clients written before them keep working.
    expect(errorSchema.required).toEqual(['code', 'message']);
    expect(Object.keys(errorSchema.properties.params?.properties ?? {}).sort()).toEqual(
      Object.keys(ERROR_PARAMS).sort(),
    );
    expect(Object.keys((paths['/api/test/items/{id}']?.put?.responses as object) ?? {})).toContain('201');
  });

  describe('every operation', () => {
    const operations = () =>
      Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          label: `${method.toUpperCase()} ${path}`,
          path,
          operation,
        })),
      );

    it('has a unique camelCase operationId and a summary', () => {
      const ids = operations().map(({ label, operation }) => {
        expect(operation.operationId, label).toMatch(/^[a-z][A-Za-z0-9]*$/);
        expect(operation.summary, label).toEqual(expect.any(String));
        return operation.operationId;
      });
      expect(ids.length).toBeGreaterThanOrEqual(25);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('names the ids partners already generate clients from', () => {
      const ids = new Set(operations().map(({ operation }) => operation.operationId));
      for (const id of [
        'login',
        'logout',
        'refreshToken',
        'sendEmailCode',
        'sendSmsCode',
        'verifyEmailRegistrationCode',
        'loginWithSmsCode',
        'completeRegistration',
        'recoverySendCode',
        'recoveryChange',
        'getProfile',
        'updateProfile',
        'getAvatar',
        'putAvatar',
        'setLocale',
        'listCompanies',
        'setMainCompany',
        'attachByIin',
        'confirmAttachByIin',
        'lookupRegistry',
        'health',
        'readiness',
      ]) {
        expect(ids.has(id), id).toBe(true);
      }
    });

    it('declares every path parameter, and only those, with a typed schema', () => {
      for (const { label, path, operation } of operations()) {
        const inPath = Array.from(path.matchAll(/\{(\w+)\}/g), (match) => match[1]).sort();
        const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect(declared.map((parameter) => parameter.name).sort(), label).toEqual(inPath);
        for (const parameter of operation.parameters ?? []) {
          expect(['path', 'query', 'header'], label).toContain(parameter.in);
          expect(untypedPlaces(parameter.schema, `${label} ${parameter.name}`)).toEqual([]);
        }
      }
    });

    it('has typed request and success response schemas, and the error shape for 4XX and 5XX', () => {
      for (const { label, operation } of operations()) {
        if (operation.requestBody) {
          expect(typeof operation.requestBody.required, label).toBe('boolean');
          const content = Object.entries(operation.requestBody.content ?? {});
          expect(content.length, label).toBeGreaterThan(0);
          for (const [type, { schema }] of content) {
            expect(untypedPlaces(schema, `${label} body ${type}`)).toEqual([]);
            if (type === 'application/json') expect(schema?.type, label).toBe('object');
          }
        }
        const responses = operation.responses ?? {};
        const success = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
        expect(success, label).toHaveLength(1);
        const [status = ''] = success;
        const content = Object.entries(responses[status]?.content ?? {});
        if (status === '204') expect(content, label).toEqual([]);
        else expect(content.length, label).toBeGreaterThan(0);
        for (const [type, { schema }] of content) {
          expect(untypedPlaces(schema, `${label} ${status} ${type}`)).toEqual([]);
        }
        for (const errors of ['4XX', '5XX']) {
          expect(responses[errors]?.content?.['application/json']?.schema, `${label} ${errors}`).toEqual({
            $ref: '#/components/schemas/ErrorResponse',
          });
        }
      }
    });

    it('finds untyped places where there are some', () => {
      const schema = { type: 'object', properties: { a: {}, b: { type: 'array', items: {} } } };
      expect(untypedPlaces(schema, 'x')).toEqual(['x.a', 'x.b[]']);
      expect(untypedPlaces({}, 'x')).toEqual(['x']);
      expect(untypedPlaces({ type: 'object', additionalProperties: {} }, 'x')).toEqual([]);
    });
  });
});
