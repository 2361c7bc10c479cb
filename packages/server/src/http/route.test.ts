import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineRoute,
  hasUnstorableText,
  invalidField,
  RouteRegistry,
  urlPattern,
  validationError,
} from './route.js';

describe('urlPattern', () => {
  it('matches one segment per parameter and escapes the rest', () => {
    const pattern = urlPattern('/proxy/profile-api.bpmn/api/v1/user-entity/set-locale/:locale');
    expect(pattern.test('/proxy/profile-api.bpmn/api/v1/user-entity/set-locale/kk')).toBe(true);
    expect(pattern.test('/proxy/profile-apiXbpmn/api/v1/user-entity/set-locale/kk')).toBe(false);
    expect(pattern.test('/proxy/profile-api.bpmn/api/v1/user-entity/set-locale/kk/x')).toBe(false);
    expect(urlPattern('/api/openapi.json').test('/api/openapi.json')).toBe(true);
  });
});

describe('RouteRegistry.methodsFor', () => {
  it('lists the methods registered for a concrete path', () => {
    const registry = new RouteRegistry();
    const base = { summary: 's', response: z.object({}), handler: async () => ({}) };
    registry.add({ ...base, method: 'GET', url: '/api/docs/:id', operationId: 'getDoc' });
    registry.add({ ...base, method: 'DELETE', url: '/api/docs/:id', operationId: 'deleteDoc' });
    registry.add({ ...base, method: 'POST', url: '/api/docs', operationId: 'createDoc' });
    expect(registry.methodsFor('/api/docs/42')).toEqual(['GET', 'DELETE']);
    expect(registry.methodsFor('/api/docs')).toEqual(['POST']);
    expect(registry.methodsFor('/api/other')).toEqual([]);
  });
});

describe('RouteRegistry.add', () => {
  const base = { summary: 's', response: z.object({}), handler: async () => ({}) };

  it('refuses an operationId another route already has', () => {
    const registry = new RouteRegistry();
    registry.add({ ...base, method: 'GET', url: '/api/docs', operationId: 'listDocs' });
    expect(() =>
      registry.add({ ...base, method: 'GET', url: '/api/other', operationId: 'listDocs' }),
    ).toThrow(/already taken/);
    expect(registry.list()).toHaveLength(1);
  });

  it('refuses an operationId that is not camelCase', () => {
    const registry = new RouteRegistry();
    for (const operationId of ['', 'ListDocs', 'list-docs', 'list_docs', 'list docs', '1list']) {
      expect(
        () => registry.add({ ...base, method: 'GET', url: '/api/docs', operationId }),
        operationId,
      ).toThrow(/camelCase/);
    }
  });

  it('needs an operationId in every definition (type check)', () => {
    // @ts-expect-error operationId is required
    const definition = defineRoute({ method: 'GET', url: '/api/docs', ...base });
    expect(definition.operationId).toBeUndefined();
  });
});

describe('hasUnstorableText', () => {
  it('finds NUL and lone surrogates in strings, keys, arrays and nested objects', () => {
    for (const input of [
      'a\u0000',
      { name: 'a\ud800' },
      { 'key\u0000': 1 },
      [1, ['x', { deep: ['\udc00'] }]],
      { signer: { iin: '\u0000' } },
    ]) {
      expect(hasUnstorableText(input), JSON.stringify(input)).toBe(true);
    }
  });

  it('accepts other values, other control characters and bytes', () => {
    for (const input of [
      undefined,
      null,
      42,
      true,
      'Айгерім 😀',
      { name: 'a\tb\nc\u0001', list: ['\u202e', 1.5, null] },
      Buffer.from([0, 0xed, 0xa0, 0x80]),
    ]) {
      expect(hasUnstorableText(input), String(input)).toBe(false);
    }
  });

  it('walks bodies nested deeper than the call stack', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(hasUnstorableText(deep)).toBe(true);
  });
});

describe('invalidField', () => {
  it('names the nested field, or the location for a wrong whole value', () => {
    const schema = z.object({ signer: z.object({ iin: z.string() }) });
    const nested = schema.safeParse({ signer: { iin: 1 } });
    const whole = schema.safeParse('x');
    if (nested.success || whole.success) throw new Error('expected failures');
    expect(invalidField(nested.error, 'body')).toBe('signer.iin');
    expect(invalidField(whole.error, 'body')).toBe('body');
  });
});

describe('validationError', () => {
  it('answers the catalogue code a field schema uses as its message', () => {
    const schema = z.object({ password: z.string().min(8, { error: 'PASSWORD_TOO_SHORT' }) });
    const result = schema.safeParse({ password: 'short' });
    if (result.success) throw new Error('expected a failure');
    const error = validationError(result.error, 'body');
    expect(error.code).toBe('PASSWORD_TOO_SHORT');
    expect(error.params).toBeUndefined();
  });

  it('falls back to VALIDATION_FAILED with the field for zod default messages', () => {
    const result = z.object({ count: z.number() }).safeParse({ count: 'x' });
    if (result.success) throw new Error('expected a failure');
    const error = validationError(result.error, 'body');
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.params).toEqual({ field: 'count' });
  });
});
