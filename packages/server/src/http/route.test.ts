import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { invalidField, RouteRegistry, urlPattern, validationError } from './route.js';

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
    registry.add({ ...base, method: 'GET', url: '/api/docs/:id' });
    registry.add({ ...base, method: 'DELETE', url: '/api/docs/:id' });
    registry.add({ ...base, method: 'POST', url: '/api/docs' });
    expect(registry.methodsFor('/api/docs/42')).toEqual(['GET', 'DELETE']);
    expect(registry.methodsFor('/api/docs')).toEqual(['POST']);
    expect(registry.methodsFor('/api/other')).toEqual([]);
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
