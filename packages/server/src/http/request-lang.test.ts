import { describe, expect, it } from 'vitest';
import { langQueryParam, requestLang } from './request-lang.js';

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
