import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from './app-error';
import { ERROR_CODES, isErrorCode } from './codes';
import { errorCodeFromLegacyMessage, errorMessage, errorStatus, placeholderNames } from './error-message';

describe('errorMessage', () => {
  it('returns the text in the requested language', () => {
    expect(errorMessage('NOT_FOUND', 'en')).toBe('Not found');
    expect(errorMessage('NOT_FOUND', 'ru')).toBe('Не найдено');
    expect(errorMessage('DOCUMENT_ALREADY_SIGNED', 'kk')).toBe('Құжатқа қол қойылып қойған');
  });

  it('fills placeholders in every language', () => {
    expect(errorMessage('RATE_LIMITED', 'en', { retryAfter: 30 })).toBe(
      'Too many requests. Try again in 30 seconds',
    );
    expect(errorMessage('RATE_LIMITED', 'kk', { retryAfter: 30 })).toContain('30 секундтан');
    expect(errorMessage('VALIDATION_FAILED', 'ru', { field: 'name' })).toBe(
      'Недопустимое значение поля «name»',
    );
    expect(errorMessage('ACCOUNT_BLOCKED', 'en', { until: '12:30' })).toBe(
      'The account is temporarily blocked until 12:30',
    );
  });

  it('leaves a placeholder without a value visible and ignores extra params', () => {
    expect(errorMessage('VALIDATION_FAILED', 'en')).toBe('The field "{field}" has an invalid value');
    expect(errorMessage('VALIDATION_FAILED', 'en', { other: 1 })).toBe(
      'The field "{field}" has an invalid value',
    );
    expect(errorMessage('NOT_FOUND', 'en', { field: 'x' })).toBe('Not found');
  });

  it('does not expand placeholders that appear inside parameter values', () => {
    expect(errorMessage('VALIDATION_FAILED', 'en', { field: '{field}' })).toBe(
      'The field "{field}" has an invalid value',
    );
  });
});

describe('errorStatus', () => {
  it('gives the server status of a code', () => {
    expect(errorStatus('ROUTE_NOT_FOUND')).toBe(404);
    expect(errorStatus('PAYLOAD_TOO_LARGE')).toBe(413);
    expect(errorStatus('RATE_LIMITED')).toBe(429);
    expect(errorStatus('INTERNAL_ERROR')).toBe(500);
    expect(errorStatus('ACCOUNT_BLOCKED')).toBe(423);
    expect(errorStatus('DOCUMENT_SIGNING_LOCKED')).toBe(409);
  });

  it('defaults to 400 for codes without one', () => {
    expect(errorStatus('DOCUMENT_NAME_LENGTH')).toBe(400);
    expect(errorStatus('SIGNER_APP_NOT_RUNNING')).toBe(400);
  });
});

describe('isErrorCode', () => {
  it('recognises catalogue codes only', () => {
    for (const code of ERROR_CODES) expect(isErrorCode(code)).toBe(true);
    expect(isErrorCode('not_found')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(404)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('errorCodeFromLegacyMessage', () => {
  it('maps the original backend messages to codes', () => {
    expect(errorCodeFromLegacyMessage('Free tariff already used')).toBe('FREE_TARIFF_ALREADY_USED');
    expect(errorCodeFromLegacyMessage('Status/Company/Document has not found')).toBe('ENTITY_NOT_FOUND');
    expect(errorCodeFromLegacyMessage(' incorrect request ')).toBe('BAD_REQUEST');
    expect(errorCodeFromLegacyMessage('Document is signing by another user now (try in a few seconds)')).toBe(
      'DOCUMENT_SIGNING_LOCKED',
    );
    expect(errorCodeFromLegacyMessage('Rejected document signing is forbidden (edit first)')).toBe(
      'REJECTED_DOCUMENT_SIGNING_FORBIDDEN',
    );
  });

  it('is undefined for unknown or missing messages', () => {
    expect(errorCodeFromLegacyMessage('Something else')).toBeUndefined();
    expect(errorCodeFromLegacyMessage(undefined)).toBeUndefined();
    expect(errorCodeFromLegacyMessage(null)).toBeUndefined();
  });
});

describe('placeholderNames', () => {
  it('lists placeholder names in order', () => {
    expect(placeholderNames('a {x} b {y_1} {x}')).toEqual(['x', 'y_1', 'x']);
    expect(placeholderNames('none')).toEqual([]);
  });
});

describe('AppError', () => {
  it('carries code, status, params and the English message', () => {
    const error = new AppError('RATE_LIMITED', { retryAfter: 5 });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('AppError');
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.status).toBe(429);
    expect(error.params).toEqual({ retryAfter: 5 });
    expect(error.message).toBe('Too many requests. Try again in 5 seconds');
  });

  it('defaults the status to 400 and keeps a cause', () => {
    const cause = new Error('db');
    const error = new AppError('SELF_AS_SIGNER', undefined, { cause });
    expect(error.status).toBe(400);
    expect(error.params).toBeUndefined();
    expect(error.cause).toBe(cause);
  });

  it('takes a status that overrides the catalogue where a route gives the code another meaning', () => {
    expect(new AppError('IIN_NOT_IN_REGISTER').status).toBe(400);
    const lookup = new AppError('IIN_NOT_IN_REGISTER', undefined, { status: 404 });
    expect(lookup.status).toBe(404);
    expect(lookup.cause).toBeUndefined();
  });

  it('is recognised by isAppError, also across package copies', () => {
    expect(isAppError(new AppError('NOT_FOUND'))).toBe(true);
    const lookalike = Object.assign(new Error('x'), { name: 'AppError', code: 'NOT_FOUND', status: 404 });
    expect(isAppError(lookalike)).toBe(true);
    expect(isAppError(new Error('NOT_FOUND'))).toBe(false);
    expect(isAppError({ name: 'AppError', code: 'NOT_FOUND', status: 404 })).toBe(false);
  });
});
