import { DEFAULT_LANG, LANG_COOKIE, LANG_COOKIE_HOURS, type Lang, normalizeLang } from '@qoltanba/core';
import { atom, type ReadableAtom } from 'nanostores';
import { readCookie, writeCookie } from '../cookies';
import { i18n } from '../i18n';

const locale = atom<Lang>(DEFAULT_LANG);
// The domain given to initLocale, so later switches (e.g. from a widget) scope the cookie the same way.
let defaultCookieDomain: string | undefined;

/** The current interface language; subscribe to re-render on change. */
export const $locale: ReadableAtom<Lang> = locale;

function apply(lang: Lang): void {
  locale.set(lang);
  // Resources are bundled, so the change completes synchronously; the promise carries nothing.
  void i18n.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

function persist(lang: Lang, cookieDomain = defaultCookieDomain): void {
  writeCookie(LANG_COOKIE, lang, {
    hours: LANG_COOKIE_HOURS,
    ...(cookieDomain ? { domain: cookieDomain } : {}),
  });
}

/**
 * Switches the interface language at once, without reload: updates `$locale`, i18n, `<html lang>` and
 * the `lang` cookie (kept LANG_COOKIE_HOURS hours), scoped to `cookieDomain`, else to the domain given to
 * `initLocale`. `persist: false` leaves the cookie alone (an embedded frame: the host page chose the language).
 * Safe on node (no cookie, no document).
 */
export function setLocale(lang: Lang, options: { cookieDomain?: string; persist?: boolean } = {}): void {
  apply(lang);
  if (options.persist !== false) persist(lang, options.cookieDomain);
}

/**
 * Picks the starting language: `?lang=` (kk, ru, en; kz means kk), else the `lang` cookie, else kk.
 * A language taken from the query is also stored in the cookie. `cookieDomain` is remembered for later
 * `setLocale` calls. Returns the language chosen.
 *
 * @param options.search the query string, `location.search` by default
 */
export function initLocale(options: { search?: string; cookieDomain?: string } = {}): Lang {
  defaultCookieDomain = options.cookieDomain;
  const search = options.search ?? (typeof location === 'undefined' ? '' : location.search);
  const fromQuery = normalizeLang(new URLSearchParams(search).get('lang'));
  const lang = fromQuery ?? normalizeLang(readCookie(LANG_COOKIE)) ?? DEFAULT_LANG;
  apply(lang);
  if (fromQuery) persist(lang, options.cookieDomain);
  return lang;
}
