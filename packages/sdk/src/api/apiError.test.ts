import { errorMessage } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { getT } from '../i18n';
import { ApiError, isApiError, parseApiError } from './apiError';

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
    expect(error.message).not.toMatch(/\{\w+\}/);
    expect(error.message).toBe(getT('common', 'ru')('unknownError'));
  });

  it('defaults to Kazakh', () => {
    expect(parseApiError(undefined, 404).message).toBe(errorMessage('NOT_FOUND', 'kk'));
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
