import { describe, expect, it } from 'vitest';
import { amountInWords, tengeInWords } from './amount-in-words';

const TENGE = 100;

describe('amountInWords', () => {
  it.each([
    [1_000, 'Одна тысяча тенге 00 тиын', 'Бір мың теңге 00 тиын'],
    [21_500, 'Двадцать одна тысяча пятьсот тенге 00 тиын', 'Жиырма бір мың бес жүз теңге 00 тиын'],
    [
      1_234_567,
      'Один миллион двести тридцать четыре тысячи пятьсот шестьдесят семь тенге 00 тиын',
      'Бір миллион екі жүз отыз төрт мың бес жүз алпыс жеті теңге 00 тиын',
    ],
    [10_000_000, 'Десять миллионов тенге 00 тиын', 'Он миллион теңге 00 тиын'],
  ])('%d tenge', (tenge, ru, kk) => {
    expect(amountInWords(tenge * TENGE, 'ru')).toBe(ru);
    expect(amountInWords(tenge * TENGE, 'kk')).toBe(kk);
  });

  it('writes the tiyn in figures', () => {
    expect(amountInWords(5_000_05, 'ru')).toBe('Пять тысяч тенге 05 тиын');
    expect(amountInWords(99, 'kk')).toBe('Нөл теңге 99 тиын');
  });

  it('refuses fractions and negative amounts', () => {
    expect(() => amountInWords(1.5, 'ru')).toThrow(RangeError);
    expect(() => amountInWords(-100, 'kk')).toThrow(RangeError);
  });
});

describe('tengeInWords', () => {
  it('Russian: feminine thousands, plural forms, teens', () => {
    expect(tengeInWords(2_000, 'ru')).toBe('две тысячи');
    expect(tengeInWords(5_000, 'ru')).toBe('пять тысяч');
    expect(tengeInWords(11_000, 'ru')).toBe('одиннадцать тысяч');
    expect(tengeInWords(1, 'ru')).toBe('один');
    expect(tengeInWords(2_002_000_112, 'ru')).toBe('два миллиарда два миллиона сто двенадцать');
    expect(tengeInWords(3_000_000, 'ru')).toBe('три миллиона');
  });

  it('Kazakh: tens and hundreds', () => {
    expect(tengeInWords(49_800, 'kk')).toBe('қырық тоғыз мың сегіз жүз');
    expect(tengeInWords(100, 'kk')).toBe('бір жүз');
    expect(tengeInWords(90_019, 'kk')).toBe('тоқсан мың он тоғыз');
  });

  it('zero', () => {
    expect(tengeInWords(0, 'ru')).toBe('ноль');
    expect(tengeInWords(0, 'kk')).toBe('нөл');
  });
});
