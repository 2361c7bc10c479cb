// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, readCookie, serializeCookie, writeCookie } from './cookies';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
}

describe('cookies', () => {
  afterEach(clearCookies);

  it('round-trips a value that needs URI encoding, encoded exactly once', () => {
    writeCookie('lastProjectHref', 'https://qoltanba.kz/cabinet?x=1&y=ә');
    expect(document.cookie).toContain(
      `lastProjectHref=${encodeURIComponent('https://qoltanba.kz/cabinet?x=1&y=ә')}`,
    );
    expect(readCookie('lastProjectHref')).toBe('https://qoltanba.kz/cabinet?x=1&y=ә');
  });

  it('returns undefined for a missing cookie and does not match by prefix', () => {
    writeCookie('language', 'ru');
    expect(readCookie('lang')).toBeUndefined();
    expect(readCookie('language')).toBe('ru');
  });

  it('tolerates a malformed foreign value', () => {
    // biome-ignore lint/suspicious/noDocumentCookie: simulates a cookie written by another script, unencoded
    document.cookie = 'broken=%E0%A4%A; path=/';
    expect(readCookie('broken')).toBe('%E0%A4%A');
  });

  it('deletes a cookie', () => {
    writeCookie('lang', 'en', { hours: 1 });
    expect(readCookie('lang')).toBe('en');
    deleteCookie('lang');
    expect(readCookie('lang')).toBeUndefined();
  });

  it('works with an explicit document', () => {
    const doc = document.implementation.createHTMLDocument('x');
    writeCookie('lang', 'kk', {}, doc);
    expect(readCookie('lang', doc)).toBe('kk');
  });
});

describe('serializeCookie', () => {
  const now = Date.UTC(2026, 0, 1, 0, 0, 0);

  it('defaults to path / and SameSite=Lax with no expiry', () => {
    expect(serializeCookie('a', 'b c')).toBe('a=b%20c; path=/; SameSite=Lax');
  });

  it('sets expiry in hours, domain and Secure', () => {
    expect(serializeCookie('lang', 'ru', { hours: 9600, domain: '.qoltanba.kz', secure: true }, now)).toBe(
      `lang=ru; path=/; domain=.qoltanba.kz; expires=${new Date(now + 9600 * 3_600_000).toUTCString()}; max-age=34560000; SameSite=Lax; Secure`,
    );
  });

  it('forces Secure for SameSite=None', () => {
    expect(serializeCookie('a', 'b', { sameSite: 'None', path: '/x' })).toBe(
      'a=b; path=/x; SameSite=None; Secure',
    );
  });
});
