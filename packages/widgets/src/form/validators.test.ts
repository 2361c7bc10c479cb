import { describe, expect, it } from 'vitest';
import {
  channelOf,
  codeError,
  codeTargetOf,
  currentPasswordError,
  displayTarget,
  identityDigits,
  identityNumberError,
  loginTargetError,
  newPasswordError,
  personNameError,
  phoneError,
  repeatPasswordError,
  requiredError,
} from './validators';

describe('validators', () => {
  it('requires a non-blank value', () => {
    expect(requiredError('  ')).toEqual({ code: 'REQUIRED' });
    expect(requiredError('a')).toBeUndefined();
  });

  it('checks an IIN/BIN by its check digit, accepting the NCA test numbers only in test mode', () => {
    expect(identityNumberError('  ', false)).toEqual({ code: 'REQUIRED' });
    expect(identityNumberError('90051530012', false)).toEqual({ code: 'IDENTITY_NUMBER_INVALID' });
    expect(identityNumberError('900515300128', false)).toEqual({ code: 'IDENTITY_NUMBER_INVALID' });
    expect(identityNumberError('900515 300127', false)).toBeUndefined();
    expect(identityNumberError('123456789011', false)).toEqual({ code: 'IDENTITY_NUMBER_INVALID' });
    expect(identityNumberError('123456789011', true)).toBeUndefined();
    expect(identityDigits(' 9005 1530 0127 ')).toBe('900515300127');
  });

  it('requires a login password and caps its length, nothing more', () => {
    expect(currentPasswordError('')).toEqual({ code: 'REQUIRED' });
    expect(currentPasswordError('1')).toBeUndefined();
    expect(currentPasswordError('x'.repeat(128))).toBeUndefined();
    expect(currentPasswordError('x'.repeat(129))).toEqual({ code: 'PASSWORD_TOO_LONG' });
  });

  it('turns a typed e-mail or phone into where a code goes', () => {
    expect(codeTargetOf('8 701 234 56 78')).toEqual({
      channel: 'sms',
      target: '+77012345678',
      shownTarget: '+7 701 234 56 78',
    });
    expect(codeTargetOf('Aigerim@Example.kz')).toEqual({
      channel: 'email',
      target: 'aigerim@example.kz',
      shownTarget: 'aigerim@example.kz',
    });
    expect(codeTargetOf('nope')).toBeUndefined();
  });

  it('accepts only a Kazakh mobile number as phone', () => {
    expect(phoneError(' ')).toEqual({ code: 'REQUIRED' });
    expect(phoneError('+7 727 234 56 78')).toEqual({ code: 'INVALID_PHONE' });
    expect(phoneError('phone')).toEqual({ code: 'INVALID_PHONE' });
    expect(phoneError('8 (701) 234-56-78')).toBeUndefined();
  });

  it('accepts an e-mail or a Kazakh mobile number as login', () => {
    expect(loginTargetError('')).toEqual({ code: 'REQUIRED' });
    expect(loginTargetError('user@')).toEqual({ code: 'INVALID_LOGIN' });
    expect(loginTargetError('+7 727 234 56 78')).toEqual({ code: 'INVALID_LOGIN' });
    expect(loginTargetError('8 701 234 56 78')).toBeUndefined();
    expect(loginTargetError('User@Mail.kz')).toBeUndefined();
  });

  it('asks for the same password twice', () => {
    expect(repeatPasswordError('secret-pass', '')).toEqual({ code: 'REQUIRED' });
    expect(repeatPasswordError('secret-pass', 'secret-past')).toEqual({ code: 'PASSWORDS_DIFFER' });
    expect(repeatPasswordError('secret-pass', 'secret-pass')).toBeUndefined();
  });

  it('checks a new password against 8..128 characters, untrimmed', () => {
    expect(newPasswordError('')).toEqual({ code: 'REQUIRED' });
    expect(newPasswordError('1234567')).toEqual({ code: 'PASSWORD_TOO_SHORT' });
    expect(newPasswordError('12345678')).toBeUndefined();
    expect(newPasswordError('       x')).toBeUndefined();
    expect(newPasswordError('x'.repeat(128))).toBeUndefined();
    expect(newPasswordError('x'.repeat(129))).toEqual({ code: 'PASSWORD_TOO_LONG' });
  });

  it('checks a six-digit code', () => {
    expect(codeError('')).toEqual({ code: 'REQUIRED' });
    expect(codeError('12345')).toEqual({ code: 'INVALID_CODE' });
    expect(codeError('12345a')).toEqual({ code: 'INVALID_CODE' });
    expect(codeError('123456')).toBeUndefined();
  });

  it('bounds names', () => {
    expect(personNameError(' ')).toEqual({ code: 'REQUIRED' });
    expect(personNameError('x'.repeat(101))).toEqual({ code: 'NAME_TOO_LONG' });
    expect(personNameError(' Dana ')).toBeUndefined();
  });

  it('picks the channel and the display form of a target', () => {
    expect(channelOf({ kind: 'email', value: 'a@b.kz' })).toBe('email');
    expect(channelOf({ kind: 'phone', value: '+77012345678' })).toBe('sms');
    expect(displayTarget({ kind: 'phone', value: '+77012345678' })).toBe('+7 701 234 56 78');
    expect(displayTarget({ kind: 'email', value: 'a@b.kz' })).toBe('a@b.kz');
  });
});
