import { describe, expect, it } from 'vitest';
import { DEFAULT_LANG, isLang, LANGS, langFromAcceptLanguage, normalizeLang, resolveLang } from './lang';

describe('normalizeLang', () => {
  it.each([
    ['kk', 'kk'],
    ['ru', 'ru'],
    ['en', 'en'],
    ['kz', 'kk'],
    ['KZ', 'kk'],
    [' Ru ', 'ru'],
    ['ru-RU', 'ru'],
    ['kk-KZ', 'kk'],
    ['kk_KZ', 'kk'],
    ['en-US', 'en'],
    ['EN-gb', 'en'],
    ['kz-KZ', 'kk'],
  ])('%j -> %s', (input, expected) => {
    expect(normalizeLang(input)).toBe(expected);
  });

  it.each([['de'], [''], ['  '], ['rus'], ['kazakh'], ['-ru'], ['e n']])('%j is not supported', (input) => {
    expect(normalizeLang(input)).toBeUndefined();
  });

  it('accepts null and undefined', () => {
    expect(normalizeLang(null)).toBeUndefined();
    expect(normalizeLang(undefined)).toBeUndefined();
  });
});

describe('resolveLang', () => {
  it('takes the first candidate that normalises', () => {
    expect(resolveLang(undefined, 'xx', 'kz', 'ru')).toBe('kk');
    expect(resolveLang(null, 'en-US')).toBe('en');
  });

  it('falls back to Kazakh', () => {
    expect(DEFAULT_LANG).toBe('kk');
    expect(resolveLang()).toBe('kk');
    expect(resolveLang('fr', null, '')).toBe('kk');
  });
});

describe('langFromAcceptLanguage', () => {
  it('picks the first supported language in header order', () => {
    expect(langFromAcceptLanguage('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ru');
    expect(langFromAcceptLanguage('de-DE, kk-KZ, ru')).toBe('kk');
  });

  it('honours q-values over header order', () => {
    expect(langFromAcceptLanguage('en;q=0.5, ru;q=0.8')).toBe('ru');
    expect(langFromAcceptLanguage('fr, en;q=0.1, kk;q=0.9')).toBe('kk');
    expect(langFromAcceptLanguage('ru;q=0.3, kz')).toBe('kk');
  });

  it('keeps header order between equal q-values', () => {
    expect(langFromAcceptLanguage('en;q=0.7, ru;q=0.7')).toBe('en');
  });

  it('skips q=0, malformed q-values and the wildcard', () => {
    expect(langFromAcceptLanguage('ru;q=0, en;q=0.2')).toBe('en');
    expect(langFromAcceptLanguage('ru;q=abc, en;q=0.2')).toBe('en');
    expect(langFromAcceptLanguage('ru;q=1.5, en;q=0.2')).toBe('en');
    expect(langFromAcceptLanguage('*')).toBeUndefined();
  });

  it('returns undefined when nothing is supported', () => {
    expect(langFromAcceptLanguage(undefined)).toBeUndefined();
    expect(langFromAcceptLanguage('')).toBeUndefined();
    expect(langFromAcceptLanguage('de, fr;q=0.8')).toBeUndefined();
  });
});

describe('isLang', () => {
  it('accepts exactly the supported codes', () => {
    for (const lang of LANGS) expect(isLang(lang)).toBe(true);
    expect(isLang('kz')).toBe(false);
    expect(isLang('RU')).toBe(false);
    expect(isLang(1)).toBe(false);
    expect(isLang(undefined)).toBe(false);
  });
});
