import { ERROR_CODES, type ErrorParams, LANGS } from '@qoltanba/core';
import { ApiError } from '@qoltanba/sdk';
import { describe, expect, it } from 'vitest';
import { errorText, routeError, shownErrorOf } from './shown-error';

describe('shownErrorOf', () => {
  it('keeps the code and params of an ApiError and hides anything else behind UNKNOWN', () => {
    expect(shownErrorOf(new ApiError(401, 'INVALID_PASSWORD', 'Неверный пароль'))).toEqual({
      code: 'INVALID_PASSWORD',
    });
    expect(shownErrorOf(new ApiError(429, 'RATE_LIMITED', 'x', { params: { retryAfter: 57 } }))).toEqual({
      code: 'RATE_LIMITED',
      params: { retryAfter: 57 },
    });
    expect(shownErrorOf(new Error('secret stack'))).toEqual({ code: 'UNKNOWN' });
    expect(shownErrorOf('nope')).toEqual({ code: 'UNKNOWN' });
  });
});

describe('errorText', () => {
  it('uses the catalogue in the requested language', () => {
    const error = { code: 'INVALID_CODE' } as const;
    expect(errorText(error, 'kk')).toBe('Растау коды қате');
    expect(errorText(error, 'ru')).toBe('Неверный код подтверждения');
    expect(errorText(error, 'en')).toBe('Invalid confirmation code');
  });

  it('fills the values only the server knows in the requested language', () => {
    const blocked = { code: 'ACCOUNT_BLOCKED', params: { until: '2026-03-01T10:15:00Z' } } as const;
    expect(errorText(blocked, 'en')).toMatch(
      /^The account is temporarily blocked until 1 Mar 2026, 15:15 \(UTC\+5\)$/,
    );
    expect(errorText(blocked, 'ru')).toMatch(
      /^Учётная запись временно заблокирована до 1 мар\. 2026 г\., 15:15 \(UTC\+5\)$/,
    );
    expect(errorText({ code: 'RATE_LIMITED', params: { retryAfter: 57 } }, 'kk')).toBe(
      'Сұраныстар тым көп. 57 секундтан соң қайталап көріңіз',
    );
  });

  it('leaves the values out when the server sent none, never showing a placeholder', () => {
    expect(errorText({ code: 'ACCOUNT_BLOCKED' }, 'en')).toBe(
      'The account is temporarily blocked. Try again later',
    );
  });

  it('translates the local form codes', () => {
    expect(errorText({ code: 'REQUIRED' }, 'ru')).toBe('Заполните это поле');
    expect(errorText({ code: 'PASSWORDS_DIFFER' }, 'kk')).toBe('Құпиясөздер сәйкес келмейді');
    expect(errorText({ code: 'NAME_TOO_LONG' }, 'en')).toBe('At most 100 characters');
    expect(errorText({ code: 'UNKNOWN' }, 'ru')).toBe('Произошла неизвестная ошибка. Попробуйте позже.');
  });
});

describe('errorText guard', () => {
  // Whatever the code and whatever params arrived, a form never shows a raw `{name}` placeholder.
  it.each(LANGS)('writes every code in %s without a placeholder', (lang) => {
    for (const code of ERROR_CODES) {
      const variants: Array<ErrorParams | undefined> = [undefined, { retryAfter: 3 }, { unrelated: 'x' }];
      for (const params of variants) {
        const text = errorText({ code, ...(params ? { params } : {}) }, lang);
        expect(text, `${code} ${JSON.stringify(params)}`).not.toMatch(/\{\w+\}/);
      }
    }
  });
});

describe('routeError', () => {
  it('sends a mapped code to its field and the rest to the alert', () => {
    const fields = { INVALID_PASSWORD: 'password' } as const;
    expect(routeError(new ApiError(401, 'INVALID_PASSWORD', 'x'), fields)).toEqual({
      field: 'password',
      error: { code: 'INVALID_PASSWORD' },
    });
    expect(routeError(new ApiError(423, 'ACCOUNT_BLOCKED', 'y'), fields).field).toBeUndefined();
    expect(routeError(new TypeError('z'), fields)).toEqual({ field: undefined, error: { code: 'UNKNOWN' } });
  });
});
