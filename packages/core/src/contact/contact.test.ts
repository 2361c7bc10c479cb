import { describe, expect, it } from 'vitest';
import { isEmail, normalizeEmail } from './email';
import { parseLoginTarget } from './login';
import { formatKzPhone, normalizeKzPhone } from './phone';

describe('normalizeKzPhone', () => {
  it.each([
    ['+7 701 234 56 78', '+77012345678'],
    ['8 (701) 234-56-78', '+77012345678'],
    ['87012345678', '+77012345678'],
    ['77012345678', '+77012345678'],
    ['7012345678', '+77012345678'],
    ['  +77472345678 ', '+77472345678'],
  ])('reads %s as %s', (input, expected) => {
    expect(normalizeKzPhone(input)).toBe(expected);
  });

  it.each([
    ['+8 701 234 56 78'], // '+8' is not a country code we serve
    ['+7 727 234 56 78'], // Almaty landline, cannot receive SMS
    ['+7 701 234 56'],
    ['+7 701 234 56 789'],
    ['phone'],
    ['7012345678x'],
    [''],
  ])('rejects %s', (input) => {
    expect(normalizeKzPhone(input)).toBeUndefined();
  });

  it('formats for display', () => {
    expect(formatKzPhone('+77012345678')).toBe('+7 701 234 56 78');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Aigerim@Example.KZ ')).toBe('aigerim@example.kz');
  });

  it.each([['no-at.kz'], ['a@b'], ['a b@c.kz'], ['a@@c.kz'], [`${'a'.repeat(250)}@c.kz`]])(
    'rejects %s',
    (input) => {
      expect(isEmail(input)).toBe(false);
    },
  );
});

describe('parseLoginTarget', () => {
  it('tells e-mail from phone', () => {
    expect(parseLoginTarget('User@Mail.kz')).toEqual({ kind: 'email', value: 'user@mail.kz' });
    expect(parseLoginTarget('8 701 234 56 78')).toEqual({ kind: 'phone', value: '+77012345678' });
  });

  it('rejects what is neither', () => {
    expect(parseLoginTarget('user@')).toBeUndefined();
    expect(parseLoginTarget('12345')).toBeUndefined();
  });
});
