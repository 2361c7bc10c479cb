import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from './app-error';
import { ERROR_CODES, isErrorCode } from './codes';
import {
  completeErrorMessage,
  errorCodeFromLegacyMessage,
  errorMessage,
  errorStatus,
  paramsForCode,
  placeholderNames,
} from './error-message';
import { formatErrorParam, isErrorParamName } from './error-params';

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

describe('formatErrorParam', () => {
  it('shows an ISO instant as Almaty date and time in each language, not UTC', () => {
    const until = '2026-03-01T10:15:00.000Z';
    const ru = formatErrorParam('until', until, 'ru');
    expect(ru).toMatch(/^1 мар\.? 2026/);
    expect(ru).not.toContain('10:15');
    expect(ru).toContain('15:15 (UTC+5)');
    expect(formatErrorParam('until', until, 'en')).toBe('1 Mar 2026, 15:15 (UTC+5)');
    expect(formatErrorParam('until', until, 'kk')).toBe('1 наурыз 2026 ж., 15:15 (UTC+5)');
  });

  it('keeps an instant that is not ISO text as written', () => {
    expect(formatErrorParam('until', '12:30', 'en')).toBe('12:30');
    expect(formatErrorParam('until', '12.03.2026, 14:30', 'ru')).toBe('12.03.2026, 14:30');
  });

  it('writes a duration in seconds as hours, minutes and seconds', () => {
    expect(formatErrorParam('wait', 3900, 'en')).toBe('1 h 5 min');
    expect(formatErrorParam('wait', 3900, 'ru')).toBe('1 ч 5 мин');
    expect(formatErrorParam('wait', 45, 'kk')).toBe('45 сек');
    expect(formatErrorParam('wait', 0, 'en')).toBe('0 s');
    expect(formatErrorParam('wait', '5 min', 'en')).toBe('5 min');
  });

  it('writes seconds, text and unknown names as given', () => {
    expect(formatErrorParam('retryAfter', 57, 'kk')).toBe('57');
    expect(formatErrorParam('field', 'signers.0.email', 'ru')).toBe('signers.0.email');
    expect(formatErrorParam('other', 3900, 'en')).toBe('3900');
    expect(isErrorParamName('other')).toBe(false);
    expect(isErrorParamName('toString')).toBe(false);
    expect(isErrorParamName('retryAfter')).toBe(true);
  });
});

describe('completeErrorMessage', () => {
  it('fills placeholders in each language', () => {
    expect(completeErrorMessage('RATE_LIMITED', 'en', { retryAfter: 57 })).toBe(
      'Too many requests. Try again in 57 seconds',
    );
    expect(completeErrorMessage('RATE_LIMITED', 'ru', { retryAfter: 57 })).toContain('через 57 с');
    expect(completeErrorMessage('ACCOUNT_BLOCKED', 'ru', { until: '2026-03-01T10:15:00Z' })).toContain(
      '15:15 (UTC+5)',
    );
  });

  it('gives the text without values when a value is missing, never a placeholder', () => {
    expect(completeErrorMessage('RATE_LIMITED', 'en')).toBe('Too many requests. Try again later');
    expect(completeErrorMessage('RATE_LIMITED', 'en', { other: 1 })).toBe(
      'Too many requests. Try again later',
    );
    for (const code of ERROR_CODES) {
      for (const lang of ['kk', 'ru', 'en'] as const) {
        expect(completeErrorMessage(code, lang), `${code} ${lang}`).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it('is the plain text for codes without placeholders', () => {
    expect(completeErrorMessage('NOT_FOUND', 'ru', { retryAfter: 5 })).toBe('Не найдено');
  });
});

describe('paramsForCode', () => {
  it("keeps only the values of the code's placeholders", () => {
    expect(paramsForCode('RATE_LIMITED', { retryAfter: 5, extra: 'x' })).toEqual({ retryAfter: 5 });
    expect(paramsForCode('NOT_FOUND', { retryAfter: 5 })).toBeUndefined();
    expect(paramsForCode('RATE_LIMITED', { other: 5 })).toBeUndefined();
    expect(paramsForCode('RATE_LIMITED', undefined)).toBeUndefined();
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
