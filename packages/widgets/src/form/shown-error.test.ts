import { ApiError } from '@qoltanba/sdk';
import { describe, expect, it } from 'vitest';
import { errorText, routeError, shownErrorOf } from './shown-error';

describe('shownErrorOf', () => {
  it('keeps the code and message of an ApiError and hides anything else behind UNKNOWN', () => {
    expect(shownErrorOf(new ApiError(401, 'INVALID_PASSWORD', 'Неверный пароль'))).toEqual({
      code: 'INVALID_PASSWORD',
      message: 'Неверный пароль',
    });
    expect(shownErrorOf(new Error('secret stack'))).toEqual({ code: 'UNKNOWN' });
    expect(shownErrorOf('nope')).toEqual({ code: 'UNKNOWN' });
  });
});

describe('errorText', () => {
  it('uses the catalogue in the requested language, not the server message', () => {
    const error = { code: 'INVALID_CODE', message: 'server text' } as const;
    expect(errorText(error, 'kk')).toBe('Растау коды қате');
    expect(errorText(error, 'ru')).toBe('Неверный код подтверждения');
    expect(errorText(error, 'en')).toBe('Invalid confirmation code');
  });

  it('uses the server message for catalogue texts with values only the server knows', () => {
    expect(errorText({ code: 'ACCOUNT_BLOCKED', message: 'Blocked until 01:15' }, 'en')).toBe(
      'Blocked until 01:15',
    );
    expect(errorText({ code: 'ACCOUNT_BLOCKED' }, 'en')).toBe(
      'Something went wrong. Please try again later.',
    );
  });

  it('translates the local form codes', () => {
    expect(errorText({ code: 'REQUIRED' }, 'ru')).toBe('Заполните это поле');
    expect(errorText({ code: 'PASSWORDS_DIFFER' }, 'kk')).toBe('Құпиясөздер сәйкес келмейді');
    expect(errorText({ code: 'NAME_TOO_LONG' }, 'en')).toBe('At most 100 characters');
    expect(errorText({ code: 'UNKNOWN' }, 'ru')).toBe('Произошла неизвестная ошибка. Попробуйте позже.');
  });
});

describe('routeError', () => {
  it('sends a mapped code to its field and the rest to the alert', () => {
    const fields = { INVALID_PASSWORD: 'password' } as const;
    expect(routeError(new ApiError(401, 'INVALID_PASSWORD', 'x'), fields)).toEqual({
      field: 'password',
      error: { code: 'INVALID_PASSWORD', message: 'x' },
    });
    expect(routeError(new ApiError(423, 'ACCOUNT_BLOCKED', 'y'), fields).field).toBeUndefined();
    expect(routeError(new TypeError('z'), fields)).toEqual({ field: undefined, error: { code: 'UNKNOWN' } });
  });
});
