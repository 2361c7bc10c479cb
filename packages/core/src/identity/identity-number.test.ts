import { describe, expect, it } from 'vitest';
import {
  identityKind,
  isValidBin,
  isValidIin,
  NCA_TEST_IDENTITY_NUMBERS,
  validateIdentityNumber,
} from './identity-number';

// Numbers below were computed with an independent implementation of the check digit.
const VALID_IINS = [
  '900515300127', // 1990-05-15, man
  '851203400564', // 1985-12-03, woman
  '000229601230', // 2000-02-29, leap day, woman born in the 2000s
  '490101100343', // 1849-01-01, century digit 1
  '991206400112', // 1999-12-06
  '880214300608', // check digit needs the second weights
];
const VALID_BINS = [
  '070940000718', // 2007-09, resident legal entity, head office
  '990541001233', // non-resident, branch
  '161060000419', // joint entrepreneurship
  '050843002072', // peasant farm attribute 3
  '070940000505', // check digit needs the second weights
];

describe('validateIdentityNumber', () => {
  it.each(VALID_IINS)('accepts IIN %s', (iin) => {
    expect(validateIdentityNumber(iin)).toEqual({ ok: true, kind: 'IIN', value: iin });
  });

  it.each(VALID_BINS)('accepts BIN %s', (bin) => {
    expect(validateIdentityNumber(bin)).toEqual({ ok: true, kind: 'BIN', value: bin });
  });

  it('trims surrounding whitespace and returns the trimmed value', () => {
    expect(validateIdentityNumber(' 900515300127\n')).toEqual({
      ok: true,
      kind: 'IIN',
      value: '900515300127',
    });
  });

  it.each(['', '90051530012', '9005153001270', '90051530012a', '9005 15300127', '+90051530012'])(
    'refuses %j for format',
    (value) => {
      expect(validateIdentityNumber(value)).toEqual({ ok: false, reason: 'format' });
    },
  );

  it('refuses a wrong check digit', () => {
    expect(validateIdentityNumber('900515300128')).toEqual({ ok: false, reason: 'checksum' });
    expect(validateIdentityNumber('070940000719')).toEqual({ ok: false, reason: 'checksum' });
  });

  it('refuses every number whose prefix has no check digit', () => {
    for (let last = 0; last <= 9; last++) {
      expect(validateIdentityNumber(`88021430061${last}`)).toEqual({ ok: false, reason: 'checksum' });
    }
  });

  it('refuses an IIN whose birth date does not exist', () => {
    expect(validateIdentityNumber('021131503175')).toEqual({ ok: false, reason: 'date' }); // 31 November
    expect(validateIdentityNumber('000229301231')).toEqual({ ok: false, reason: 'date' }); // 29.02.1900
  });

  it('refuses a BIN with month 13', () => {
    expect(validateIdentityNumber('071340000719')).toEqual({ ok: false, reason: 'date' });
  });

  it('refuses numbers that fit neither structure', () => {
    expect(validateIdentityNumber('900515700122')).toEqual({ ok: false, reason: 'kind' }); // IIN century digit 7
    expect(validateIdentityNumber('900515000128')).toEqual({ ok: false, reason: 'kind' }); // IIN century digit 0
    expect(validateIdentityNumber('070947000716')).toEqual({ ok: false, reason: 'kind' }); // BIN attribute 7
    expect(validateIdentityNumber('070980000716')).toEqual({ ok: false, reason: 'kind' }); // digit 5 is 8
  });

  it('tells IIN from BIN by digit 5', () => {
    expect(identityKind('900515300127')).toBe('IIN');
    expect(identityKind('070940000718')).toBe('BIN');
    expect(identityKind('900515300128')).toBeUndefined();
  });
});

describe('test mode', () => {
  it('refuses the NCA TEST numbers by default, for their checksum', () => {
    for (const value of NCA_TEST_IDENTITY_NUMBERS) {
      expect(validateIdentityNumber(value).ok).toBe(false);
      expect(validateIdentityNumber(value, { testMode: false }).ok).toBe(false);
    }
  });

  it('accepts them with their kinds in test mode', () => {
    expect(validateIdentityNumber('123456789011', { testMode: true })).toEqual({
      ok: true,
      kind: 'IIN',
      value: '123456789011',
    });
    expect(identityKind('123456789012', { testMode: true })).toBe('IIN');
    expect(identityKind('123456789021', { testMode: true })).toBe('BIN');
  });

  it('still validates other numbers normally', () => {
    expect(validateIdentityNumber('123456789013', { testMode: true }).ok).toBe(false);
    expect(validateIdentityNumber('900515300127', { testMode: true }).ok).toBe(true);
  });
});

describe('isValidIin / isValidBin', () => {
  it('accept only their own kind', () => {
    expect(isValidIin('900515300127')).toBe(true);
    expect(isValidBin('900515300127')).toBe(false);
    expect(isValidBin('070940000718')).toBe(true);
    expect(isValidIin('070940000718')).toBe(false);
    expect(isValidIin('123456789011')).toBe(false);
    expect(isValidIin('123456789011', { testMode: true })).toBe(true);
    expect(isValidBin('123456789021', { testMode: true })).toBe(true);
    expect(isValidIin('123456789021', { testMode: true })).toBe(false);
  });
});
