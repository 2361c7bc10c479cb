import { describe, expect, it } from 'vitest';
import { bodyLang, langQueryParam, requestLang } from './request-lang.js';

describe('requestLang', () => {
  const req = (url: string, acceptLanguage?: string) => ({
    url,
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
  });

  it('prefers the lang query, mapping kz to kk', () => {
    expect(requestLang(req('/x?lang=ru', 'en'))).toBe('ru');
    expect(requestLang(req('/x?a=1&lang=kz', 'ru'))).toBe('kk');
    expect(requestLang(req('/x?lang=en'))).toBe('en');
  });

  it('falls back to Accept-Language, then to kk', () => {
    expect(requestLang(req('/x?lang=de', 'ru-RU,ru;q=0.9'))).toBe('ru');
    expect(requestLang(req('/x', 'de-DE, en;q=0.5'))).toBe('en');
    expect(requestLang(req('/x', 'de-DE'))).toBe('kk');
    expect(requestLang(req('/x'))).toBe('kk');
  });

  it('copes with malformed URLs', () => {
    expect(langQueryParam('/x?lang=%E0%A4%A')).toBeTypeOf('string');
    expect(requestLang(req('/x?lang=%zz', 'ru'))).toBe('ru');
    expect(langQueryParam('/x')).toBeUndefined();
  });
});

describe('requestLang with a body', () => {
  const req = (body: unknown, url = '/x', acceptLanguage = 'ru') => ({
    url,
    headers: { 'accept-language': acceptLanguage },
    body,
  });

  it("puts the body's valid lang before Accept-Language, after the query", () => {
    expect(requestLang(req({ lang: 'en' }))).toBe('en');
    expect(requestLang(req({ login: 'x', lang: ' KZ ' }, '/x', 'en'))).toBe('kk');
    expect(requestLang(req({ lang: 'ru' }, '/x', 'en'))).toBe('ru');
    expect(requestLang(req({ lang: 'ru' }, '/x?lang=en', 'kk'))).toBe('en');
    expect(requestLang(req({ lang: 'ru' }, '/x?lang=de', 'kk'))).toBe('ru');
  });

  it('ignores a body lang that langSchema refuses, and bodies that are not objects', () => {
    const bodies = [{ lang: 'de' }, { lang: 'en-US' }, { lang: 7 }, { lang: null }, {}, ['en'], 'en', null];
    for (const body of bodies) {
      expect(requestLang(req(body)), JSON.stringify(body)).toBe('ru');
    }
    expect(requestLang(req(Buffer.from('{"lang":"en"}')))).toBe('ru');
    expect(requestLang(req(undefined, '/x', 'en'))).toBe('en');
  });

  it('reads only an own lang property', () => {
    expect(bodyLang(Object.create({ lang: 'en' }))).toBeUndefined();
    expect(bodyLang({ lang: 'EN' })).toBe('en');
  });
});
