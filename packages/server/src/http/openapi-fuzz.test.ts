import { isErrorCode } from '@qoltanba/core';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccount } from '../testing/accounts.js';
import { createTestApp, type TestApp, testEchoModule } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';

// Every operation of the app's own OpenAPI document gets requests derived from its schemas, with hostile
// values in each field: nothing may answer 5xx. Routes added later are covered because the test reads the
// document, never a list of its own. (fuzz.test.ts beside it throws random URLs, methods and bodies.)

type JsonSchema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown;
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The least number of malformed requests (probes beyond each operation's plausible sample) one run sends. */
const MIN_MALFORMED_REQUESTS = 2000;

/** Hostile strings for JSON bodies (real characters; JSON.stringify escapes the lone surrogates). */
const HOSTILE_TEXT: Record<string, string> = {
  nul: 'a\u0000b',
  loneHighSurrogate: 'a\ud800b',
  loneLowSurrogate: '\udc00',
  rightToLeftOverride: 'abc\u202etxt.exe',
  controls: 'a\u0001\u001b\u007fb',
  lineBreaks: 'a\r\nb\tc',
  tenKilobytes: 'қ'.repeat(10 * 1024),
  empty: '',
};

/** The same ideas in URL form (path segments and query values): percent-encoded, lone surrogates as WTF-8. */
const HOSTILE_URL_TEXT: Record<string, string> = {
  nul: 'a%00b',
  loneSurrogate: '%ED%A0%80',
  rightToLeftOverride: encodeURIComponent('abc\u202etxt'),
  controls: '%01%1B%7F',
  tenKilobytes: 'x'.repeat(10 * 1024),
  badEscape: '%E0%A4%A',
  percent: '%',
  dots: '..',
  negative: '-1',
  fraction: '1.5',
  word: 'null',
  empty: '',
};

/** Values of the wrong JSON type for any field. */
const WRONG_TYPES: Record<string, unknown> = {
  number: 12345,
  huge: 1e308,
  boolean: true,
  null: null,
  array: ['a', 1],
  object: { nested: 'x' },
};

/** Whole bodies that are not the object an operation expects (raw JSON text). */
const WRONG_BODIES: Record<string, string> = {
  array: '[]',
  string: '"text"',
  number: '42',
  null: 'null',
  empty: '{}',
  protoPoisoning: '{"__proto__":{"polluted":true}}',
  constructorPoisoning: '{"constructor":{"prototype":{"polluted":true}}}',
  deep: `${'['.repeat(5000)}${']'.repeat(5000)}`,
};

/** Raw (non-JSON) bodies for operations that take bytes. */
const RAW_BODIES: Record<string, Buffer> = {
  empty: Buffer.alloc(0),
  nulBytes: Buffer.alloc(64),
  json: Buffer.from('{"a":1}'),
  invalidUtf8: Buffer.from([0xed, 0xa0, 0x80, 0xff, 0xfe]),
  tenKilobytes: Buffer.alloc(10 * 1024, 0x41),
  pngSignatureOnly: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};

function resolve(schema: JsonSchema | undefined, doc: OpenApi, root: JsonSchema | undefined): JsonSchema {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema ?? {};
  const [, where, name] = /^#\/(components\/schemas|\$defs)\/(.+)$/.exec(ref) ?? [];
  const found =
    where === '$defs'
      ? (root?.$defs as Record<string, JsonSchema> | undefined)?.[name ?? '']
      : doc.components?.schemas?.[name ?? ''];
  return found ?? {};
}

/** A plausible value of a JSON schema: examples, then const/enum, then something of the right type. */
function sampleOf(
  raw: JsonSchema | undefined,
  doc: OpenApi,
  root: JsonSchema | undefined,
  depth = 0,
): unknown {
  const schema = resolve(raw, doc, root);
  if (depth > 5) return null;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const options = schema[key] as JsonSchema[] | undefined;
    const option = options?.find((candidate) => resolve(candidate, doc, root).type !== 'null');
    if (option) return sampleOf(option, doc, root, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((candidate) => candidate !== 'null');
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
          name,
          sampleOf(property, doc, root, depth + 1),
        ]),
      );
    }
    case 'array':
      return [sampleOf(schema.items as JsonSchema | undefined, doc, root, depth + 1)];
    case 'integer':
    case 'number': {
      const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
      return Math.max(minimum ?? 1, exclusive ?? 1);
    }
    case 'boolean':
      return true;
    case 'string': {
      const digits = typeof schema.pattern === 'string' ? /^\^\\d\{(\d+)\}\$$/.exec(schema.pattern) : null;
      if (digits) return '7'.repeat(Number(digits[1]));
      if (schema.format === 'email') return 'fuzz@example.kz';
      const length = typeof schema.minLength === 'number' ? Math.max(schema.minLength, 5) : 5;
      return 'a'.repeat(typeof schema.maxLength === 'number' ? Math.min(length, schema.maxLength) : length);
    }
    default:
      return 'x';
  }
}

/** Every field of a sample value as a path of keys (nested objects and the first array item included). */
function fieldPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (Array.isArray(value)) {
    return value.length > 0 ? [[...prefix, 0], ...fieldPaths(value[0], [...prefix, 0])] : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [
    [...prefix, key],
    ...fieldPaths(child, [...prefix, key]),
  ]);
}

/** A deep copy of `value` with the field at `path` set to `replacement` (or removed when it is `REMOVE`). */
const REMOVE = Symbol('remove');
function withField(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (replacement === REMOVE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    parent[last] = replacement;
  }
  return copy;
}

/** One request derived from an operation, and what it tries. */
interface Probe {
  label: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  body?: { contentType: string; payload: string | Buffer };
}

const json = (value: unknown) => ({ contentType: 'application/json', payload: JSON.stringify(value) });

/** A plausible request of an operation (path and query parameters, JSON body) built from its schemas. */
function sampleProbe(operation: Operation, doc: OpenApi): Probe & { bodySample: unknown } {
  const sampled = (location: string): Array<[string, string]> =>
    (operation.parameters ?? [])
      .filter((parameter) => parameter.in === location)
      .map((parameter) => [
        parameter.name,
        encodeURIComponent(String(sampleOf(parameter.schema, doc, undefined))),
      ]);
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const bodySample = jsonSchema ? sampleOf(jsonSchema, doc, jsonSchema) : undefined;
  return {
    label: 'sample',
    path: Object.fromEntries(sampled('path')),
    query: sampled('query'),
    ...(bodySample === undefined ? {} : { body: json(bodySample) }),
    bodySample,
  };
}

function probesFor(method: string, operation: Operation, doc: OpenApi): Probe[] {
  const { bodySample, ...base } = sampleProbe(operation, doc);
  const pathSample = base.path;
  const querySample = base.query;
  const content = Object.entries(operation.requestBody?.content ?? {});
  const probes: Probe[] = [base];

  for (const name of Object.keys(pathSample)) {
    for (const [kind, value] of Object.entries(HOSTILE_URL_TEXT)) {
      if (value === '') continue; // an empty segment is another URL, covered by the router's 404
      probes.push({ ...base, label: `path ${name}: ${kind}`, path: { ...pathSample, [name]: value } });
    }
  }
  // Declared query parameters get every hostile value; an undeclared one and `lang` (read for messages) a few.
  const fewUrlValues = ['nul', 'loneSurrogate', 'tenKilobytes', 'badEscape'];
  for (const name of [...querySample.map(([key]) => key), 'extra', 'lang']) {
    const declared = querySample.some(([key]) => key === name);
    const others = querySample.filter(([key]) => key !== name);
    for (const [kind, value] of Object.entries(HOSTILE_URL_TEXT)) {
      if (!declared && !fewUrlValues.includes(kind)) continue;
      probes.push({ ...base, label: `query ${name}: ${kind}`, query: [...others, [name, value]] });
    }
    probes.push({ ...base, label: `query ${name}: repeated`, query: [...others, [name, 'a'], [name, 'b']] });
  }
  probes.push({ ...base, label: 'query: hostile key', query: [...querySample, ['a%00b', '1']] });

  if (bodySample !== undefined) {
    for (const field of fieldPaths(bodySample)) {
      const name = field.join('.');
      for (const [kind, value] of Object.entries({ ...HOSTILE_TEXT, ...WRONG_TYPES })) {
        probes.push({
          ...base,
          label: `body ${name}: ${kind}`,
          body: json(withField(bodySample, field, value)),
        });
      }
      probes.push({
        ...base,
        label: `body ${name}: missing`,
        body: json(withField(bodySample, field, REMOVE)),
      });
    }
    if (typeof bodySample === 'object' && bodySample !== null && !Array.isArray(bodySample)) {
      const extra = { ...bodySample, extra: 'x', 'extra\u0000key': 1, lang: 'en' };
      probes.push({ ...base, label: 'body: extra fields', body: json(extra) });
      probes.push({
        ...base,
        label: 'body: lang of the wrong type',
        body: json({ ...bodySample, lang: ['en'] }),
      });
    }
    for (const [kind, payload] of Object.entries(WRONG_BODIES)) {
      probes.push({ ...base, label: `body: ${kind}`, body: { contentType: 'application/json', payload } });
    }
    probes.push({
      ...base,
      label: 'body: as text/plain',
      body: { ...json(bodySample), contentType: 'text/plain' },
    });
    const { body: _none, ...withoutBody } = base;
    probes.push({ ...withoutBody, label: 'body: none' });
  }
  for (const [contentType] of content.filter(([type]) => type !== 'application/json')) {
    for (const [kind, payload] of Object.entries(RAW_BODIES)) {
      probes.push({ ...base, label: `${contentType} body: ${kind}`, body: { contentType, payload } });
    }
    probes.push({ ...base, label: `${contentType} body as JSON`, body: json({ a: 'b\u0000' }) });
  }
  if (bodySample === undefined && content.length === 0 && ['POST', 'PUT', 'PATCH'].includes(method)) {
    probes.push({ ...base, label: 'unexpected body', body: json({ unexpected: '\u0000' }) });
  }
  return probes;
}

function urlOf(path: string, probe: Probe): string {
  const concrete = path.replace(/\{(\w+)\}/g, (_whole, name: string) => probe.path[name] ?? 'x');
  const query = probe.query.map(([key, value]) => `${key}=${value}`).join('&');
  return query === '' ? concrete : `${concrete}?${query}`;
}

describe.each(testDatabases())('fuzzing every OpenAPI operation from its schemas on $name', (backend) => {
  let server: TestApp;
  let doc: OpenApi;
  let ipCounter = 0;
  const nextAddress = () => {
    ipCounter += 1;
    return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
  };

  beforeAll(async () => {
    server = await createTestApp({
      backend,
      modules: [testEchoModule],
      env: { RATE_LIMIT_MAX: '1000000', LOG_LEVEL: 'error' },
    });
    await registerAccount(server, 'fuzz@example.kz', { password: 'fuzz-password' });
    doc = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
  });
  afterAll(async () => {
    await server.close();
  });

  let token: string | undefined;
  /** A working access token: the one from before unless a probe ended its session (logout), else a new login. */
  async function liveToken(): Promise<string> {
    if (token) {
      const check = await server.app.inject({
        method: 'GET',
        url: '/proxy/profile-api.bpmn/api/v1/profile/user',
        headers: { authorization: `Bearer ${token}` },
      });
      if (check.statusCode === 200) return token;
    }
    const res = await server.app.inject({
      method: 'POST',
      url: '/proxy/account-recovery-api.bpmn/auth/login',
      remoteAddress: nextAddress(),
      payload: { login: 'fuzz@example.kz', password: 'fuzz-password', lang: 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    token = res.json().access_token as string;
    return token;
  }

  async function send(
    method: string,
    url: string,
    token: string | undefined,
    body: Probe['body'],
    stream = false,
  ) {
    const options: InjectOptions = {
      method: method as InjectOptions['method'],
      url,
      remoteAddress: nextAddress(),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': body.contentType } : {}),
      },
      ...(body ? { payload: body.payload } : {}),
      // An event stream that is accepted never ends: answer at the headers, then hang up as a browser would.
      ...(stream ? { payloadAsStream: true } : {}),
    };
    const res = await server.app.inject(options);
    let text = '';
    if (stream) {
      const chunks: Buffer[] = [];
      if (res.statusCode >= 400) for await (const chunk of res.stream()) chunks.push(Buffer.from(chunk));
      else {
        res.raw.res.destroy();
        res.stream().destroy();
      }
      text = Buffer.concat(chunks).toString('utf8');
    } else text = res.body;
    const label = `${options.method} ${url.slice(0, 200)} -> ${res.statusCode} ${text.slice(0, 200)}`;
    expect(res.statusCode, label).toBeLessThan(500);
    if (res.statusCode >= 400) {
      const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
      expect(isErrorCode(parsed.code), label).toBe(true);
      expect(typeof parsed.message === 'string' && parsed.message.length > 0, label).toBe(true);
    }
    return res.statusCode;
  }

  it('never answers 5xx to hostile values, wrong types, missing or extra fields in any operation', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(25);
    const statuses = new Map<number, number>();
    const sentPerOperation = new Map<string, number>();
    for (const { path, method, operation } of operations) {
      const bearer = operation.security ? await liveToken() : undefined;
      const stream = Object.keys(operation.responses?.['200']?.content ?? {}).includes('text/event-stream');
      for (const probe of probesFor(method, operation, doc)) {
        const url = urlOf(path, probe);
        const status = await send(method, url, bearer, probe.body, stream);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        sentPerOperation.set(operation.operationId, (sentPerOperation.get(operation.operationId) ?? 0) + 1);
      }
      // The same operation anonymously: protected ones must refuse before looking at the input.
      if (operation.security) {
        const status = await send(
          method,
          urlOf(path, { label: 'anonymous', path: {}, query: [] }),
          undefined,
          {
            contentType: 'application/json',
            payload: JSON.stringify({ x: '\u0000' }),
          },
        );
        expect(status, `${method} ${path} anonymous`).toBe(401);
      }
    }
    // Every operation got probes beyond its sample, and the probes reached handlers, not only validation.
    for (const { operation } of operations) {
      expect(sentPerOperation.get(operation.operationId) ?? 0, operation.operationId).toBeGreaterThan(10);
    }
    // Counted, so that the run cannot shrink unnoticed: every operation, at least 2,000 malformed requests.
    expect(sentPerOperation.size).toBe(operations.length);
    const malformed =
      [...sentPerOperation.values()].reduce((sum, count) => sum + count, 0) - operations.length;
    expect(malformed).toBeGreaterThanOrEqual(MIN_MALFORMED_REQUESTS);
    const handled = [...statuses].filter(([status]) => status !== 400 && status !== 401);
    expect(handled.reduce((sum, [, count]) => sum + count, 0)).toBeGreaterThan(50);
  }, 90_000); // Dozens of operations with dozens of probes each: a loaded 2-core machine needs more than the default.

  it('never answers 5xx to random JSON in any field of any operation (fast-check)', async () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody?.content?.['application/json'])
        .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    const bearer = await liveToken();
    const hostile = fc.oneof(
      fc.constantFrom(...Object.values(HOSTILE_TEXT), ...Object.values(WRONG_TYPES)),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.nat(),
        hostile,
        hostile,
        async (operationIndex, fieldIndex, first, second) => {
          const { path, method, operation } = operations[operationIndex % operations.length] ?? {};
          if (!path || !method || !operation) return;
          const { bodySample: sample, ...probe } = sampleProbe(operation, doc);
          let body = sample;
          for (const value of [first, second]) {
            // Paths of the body as it is now: the first value may have replaced an object the second reached into.
            const fields = fieldPaths(body);
            const field = fields[fieldIndex % Math.max(fields.length, 1)];
            if (field) body = withField(body, field, value);
          }
          const url = urlOf(path, probe);
          await send(method, url, operation.security ? bearer : undefined, {
            contentType: 'application/json',
            payload: JSON.stringify(body),
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
