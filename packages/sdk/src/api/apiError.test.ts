import { errorCatalogue, errorMessage } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { ApiError, errorCodeOf, isApiError, parseApiError } from './apiError';

describe('parseApiError', () => {
  it('keeps a known code and the server message (already in the request language)', () => {
    const error = parseApiError({ code: 'FILE_TOO_LARGE', message: 'Файл тым үлкен' }, 413);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.status, error.code, error.message]).toEqual([
      'ApiError',
      413,
      'FILE_TOO_LARGE',
      'Файл тым үлкен',
    ]);
  });

  it('parses a JSON text body', () => {
    const error = parseApiError('{"code":"ROUTE_NOT_FOUND","message":"Not here"}', 404);
    expect([error.code, error.message]).toEqual(['ROUTE_NOT_FOUND', 'Not here']);
    expect(error.body).toEqual({ code: 'ROUTE_NOT_FOUND', message: 'Not here' });
  });

  it('fills a missing message from the catalogue in the given language', () => {
    expect(parseApiError({ code: 'NOT_FOUND' }, 404, 'ru').message).toBe(errorMessage('NOT_FOUND', 'ru'));
    expect(parseApiError({ code: 'NOT_FOUND', message: '  ' }, 404, 'en').message).toBe(
      errorMessage('NOT_FOUND', 'en'),
    );
  });

  it('maps an English message of the original backend to its code and translates it', () => {
    const error = parseApiError({ message: 'Free tariff already used' }, 400, 'kk');
    expect(error.code).toBe('FREE_TARIFF_ALREADY_USED');
    expect(error.message).toBe(errorMessage('FREE_TARIFF_ALREADY_USED', 'kk'));
    expect(parseApiError('Internal Server Error', 500, 'ru').code).toBe('INTERNAL_ERROR');
  });

  it.each([
    [undefined, 500, 'INTERNAL_ERROR'],
    ['<html>Bad gateway</html>', 502, 'INTERNAL_ERROR'],
    [{ code: 'FROM_THE_FUTURE', message: 'x' }, 404, 'NOT_FOUND'],
    [null, 401, 'UNAUTHORIZED'],
    [42, 403, 'FORBIDDEN'],
    ['', 418, 'BAD_REQUEST'],
    [{ code: 7 }, 503, 'SERVICE_UNAVAILABLE'],
  ] as const)('falls back to the status for body %j (%i)', (body, status, code) => {
    const error = parseApiError(body, status, 'en');
    expect(error.code).toBe(code);
    expect(error.message).toBe(errorMessage(code, 'en'));
  });

  it('never shows a raw placeholder when a text needs parameters it does not have', () => {
    const error = parseApiError(undefined, 429, 'ru');
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.params).toBeUndefined();
    expect(error.message).not.toMatch(/\{\w+\}/);
    expect(error.message).toBe(errorCatalogue.RATE_LIMITED.withoutParams?.ru);
  });

  it('defaults to Kazakh', () => {
    expect(parseApiError(undefined, 404).message).toBe(errorMessage('NOT_FOUND', 'kk'));
  });
});

describe('parseApiError params', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it("keeps the body's params", () => {
    const body = {
      code: 'ACCOUNT_BLOCKED',
      message: 'Учётная запись временно заблокирована до 01.03.2026, 15:15',
      params: { until: '2026-03-01T10:15:00.000Z' },
    };
    const error = parseApiError(JSON.stringify(body), 423, 'en');
    expect([error.code, error.message]).toEqual([body.code, body.message]);
    expect(error.params).toEqual({ until: '2026-03-01T10:15:00.000Z' });
    expect(parseApiError(body, 423).params).toEqual(body.params);
  });

  it('keeps string and number values only, and none from a body without params', () => {
    const error = parseApiError(
      { code: 'VALIDATION_FAILED', message: 'x', params: { field: 'name', n: 2, bad: { x: 1 }, nan: null } },
      400,
    );
    expect(error.params).toEqual({ field: 'name', n: 2 });
    expect(parseApiError({ code: 'NOT_FOUND', message: 'x' }, 404).params).toBeUndefined();
    expect(parseApiError({ code: 'NOT_FOUND', message: 'x', params: ['x'] }, 404).params).toBeUndefined();
  });

  it('takes retryAfter of a 429 from Retry-After when the body lacks it', () => {
    const bare = parseApiError('', 429, 'en', headers({ 'retry-after': '57' }));
    expect([bare.code, bare.params]).toEqual(['RATE_LIMITED', { retryAfter: 57 }]);
    // Without a server message, the catalogue text in the request language carries the seconds.
    expect(bare.message).toBe('Too many requests. Try again in 57 seconds');
    const proxy = parseApiError('<html>Too Many Requests</html>', 429, 'ru', headers({ 'Retry-After': '5' }));
    expect(proxy.params).toEqual({ retryAfter: 5 });
    const coded = parseApiError(
      { code: 'RATE_LIMITED', message: 'm' },
      429,
      'en',
      headers({ 'retry-after': '9' }),
    );
    expect([coded.message, coded.params]).toEqual(['m', { retryAfter: 9 }]);
  });

  it("prefers the body's retryAfter to the header", () => {
    const body = { code: 'RATE_LIMITED', message: 'm', params: { retryAfter: 30 } };
    expect(parseApiError(body, 429, 'en', headers({ 'retry-after': '31' })).params).toEqual({
      retryAfter: 30,
    });
  });

  it('reads an HTTP-date Retry-After as seconds from now, and ignores garbage', () => {
    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    const seconds = parseApiError('', 429, 'en', headers({ 'retry-after': inTwoMinutes })).params?.retryAfter;
    expect(seconds).toBeGreaterThan(100);
    expect(seconds).toBeLessThanOrEqual(120);
    expect(parseApiError('', 429, 'en', headers({ 'retry-after': 'soon' })).params).toBeUndefined();
    // Only RATE_LIMITED reads the header.
    expect(parseApiError('', 503, 'en', headers({ 'retry-after': '5' })).params).toBeUndefined();
  });
});

describe('errorCodeOf', () => {
  it("gives an ApiError's code, a bare catalogue code as itself, and INTERNAL_ERROR for anything else", () => {
    expect(errorCodeOf(new ApiError(429, 'RATE_LIMITED', 'x'))).toBe('RATE_LIMITED');
    expect(errorCodeOf('ENTITY_NOT_FOUND')).toBe('ENTITY_NOT_FOUND');
    expect(errorCodeOf('SOMETHING_NEW')).toBe('INTERNAL_ERROR');
    expect(errorCodeOf(new TypeError('boom'))).toBe('INTERNAL_ERROR');
  });
});

describe('isApiError', () => {
  it('recognises instances and look-alikes from another SDK copy', () => {
    expect(isApiError(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(true);
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', status: 404, code: 'NOT_FOUND' });
    expect(isApiError(foreign)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ name: 'ApiError', status: 404, code: 'NOT_FOUND' })).toBe(false);
  });
});
