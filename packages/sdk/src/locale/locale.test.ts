// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, readCookie, writeCookie } from '../cookies';
import { getT, i18n } from '../i18n';
import { $locale, initLocale, setLocale } from './locale';

function cookieLine(name: string): string | undefined {
  return document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
}

// happy-dom's global Document is not the class of `document`, so find the prototype that defines `cookie`.
function cookieOwner(): Document {
  let proto: object | null = document;
  while (proto && !Object.hasOwn(proto, 'cookie')) proto = Object.getPrototypeOf(proto);
  if (!proto) throw new Error('no cookie accessor');
  return proto as Document;
}

describe('locale', () => {
  beforeEach(() => {
    deleteCookie('lang');
    setLocale('kk');
    deleteCookie('lang');
    document.documentElement.lang = '';
  });
  afterEach(() => deleteCookie('lang'));

  describe('setLocale', () => {
    it('updates the atom, i18n, <html lang> and the cookie at once', () => {
      const seen: string[] = [];
      const unsubscribe = $locale.listen((lang) => seen.push(lang));
      setLocale('ru');
      unsubscribe();
      expect(seen).toEqual(['ru']);
      expect($locale.get()).toBe('ru');
      expect(i18n.language).toBe('ru');
      expect(document.documentElement.lang).toBe('ru');
      expect(readCookie('lang')).toBe('ru');
    });

    it('keeps the cookie 9600 hours at path / and on the given domain', () => {
      const setter = vi.spyOn(cookieOwner(), 'cookie', 'set');
      setLocale('en', { cookieDomain: '.qoltanba.kz' });
      expect(setter).toHaveBeenCalledTimes(1);
      const written = String(setter.mock.calls[0]?.[0]);
      expect(written).toMatch(
        /^lang=en; path=\/; domain=\.qoltanba\.kz; expires=[^;]+; max-age=34560000; SameSite=Lax$/,
      );
    });

    it('writes no cookie with persist: false (an embedded frame follows its host page)', () => {
      const setter = vi.spyOn(cookieOwner(), 'cookie', 'set');
      setLocale('en', { persist: false });
      expect($locale.get()).toBe('en');
      expect(document.documentElement.lang).toBe('en');
      expect(setter).not.toHaveBeenCalled();
    });

    it('reuses the cookie domain given to initLocale when a switch names none', () => {
      initLocale({ search: '', cookieDomain: '.qoltanba.kz' });
      const setter = vi.spyOn(cookieOwner(), 'cookie', 'set');
      setLocale('ru');
      initLocale({ search: '' });
      expect(String(setter.mock.calls[0]?.[0])).toContain('domain=.qoltanba.kz');
      setter.mockRestore();
    });

    it('makes translations follow immediately', () => {
      setLocale('en');
      expect(getT('common', $locale.get())('close')).toBe('Close');
    });
  });

  describe('initLocale', () => {
    it('defaults to kk with no query and no cookie, and writes no cookie', () => {
      expect(initLocale({ search: '' })).toBe('kk');
      expect($locale.get()).toBe('kk');
      expect(document.documentElement.lang).toBe('kk');
      expect(cookieLine('lang')).toBeUndefined();
    });

    it.each([
      ['?lang=ru', 'ru'],
      ['?lang=en', 'en'],
      ['?lang=kk', 'kk'],
      ['?lang=kz', 'kk'],
      ['?x=1&lang=KZ', 'kk'],
    ] as const)('takes %s from the query and stores it in the cookie', (search, expected) => {
      writeCookie('lang', 'en');
      expect(initLocale({ search })).toBe(expected);
      expect($locale.get()).toBe(expected);
      expect(i18n.language).toBe(expected);
      expect(document.documentElement.lang).toBe(expected);
      expect(readCookie('lang')).toBe(expected);
    });

    it('uses the cookie when the query has no valid lang', () => {
      writeCookie('lang', 'ru');
      expect(initLocale({ search: '?lang=de' })).toBe('ru');
      expect(initLocale({ search: '' })).toBe('ru');
    });

    it('ignores an invalid cookie value', () => {
      writeCookie('lang', 'fr');
      expect(initLocale({ search: '' })).toBe('kk');
    });

    it('reads location.search by default', () => {
      window.history.replaceState(null, '', '/?lang=en');
      try {
        expect(initLocale()).toBe('en');
      } finally {
        window.history.replaceState(null, '', '/');
      }
    });
  });
});
