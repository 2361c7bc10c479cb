// The portal's strings one language at a time: a page loads the catalogue of the language it shows (a chunk of
// its own), not all three (issue 22: the two unused languages were ~10 kB of the first load's 175 kB), and core's
// error texts of that language with them (errorTexts.ts), so a language is usable once both are in.
import { DEFAULT_LANG, type Lang } from '@qoltanba/core';
import { i18n } from '@qoltanba/sdk';
import { atom, type ReadableAtom } from 'nanostores';
import { type ErrorTexts, loadErrorTexts } from './errorTexts';
import { PORTAL_NS, type PortalStrings } from './portalStrings';

/** The catalogue modules, each a chunk of its own in the build (static imports would put all three in the entry). */
const STRINGS: Record<Lang, () => Promise<PortalStrings>> = {
  kk: () => import('./kk').then((module) => module.kk),
  ru: () => import('./ru').then((module) => module.ru),
  en: () => import('./en').then((module) => module.en),
};

/** A language's portal strings, once its error texts are in too (both chunks fetched at once). */
function loadStrings(lang: Lang): Promise<PortalStrings> {
  return Promise.all([STRINGS[lang](), loadErrorTexts(lang)]).then(([strings, errors]) => {
    // The sdk's `errors` namespace was filled from the catalogue before any texts were in: give it this language's.
    i18n.addResourceBundle(lang, 'errors', i18nextTexts(errors), true, true);
    return strings;
  });
}

/** The texts of the codes themselves, `{name}` rewritten to i18next's `{{name}}` (as the sdk's i18n module does). */
function i18nextTexts(errors: ErrorTexts): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([key]) => !key.includes('#'))
      .map(([code, text]) => [code, text.replace(/\{(\w+)\}/g, '{{$1}}')]),
  );
}

const loaded = atom<readonly Lang[]>([]);
const pending = new Map<Lang, Promise<void>>();

/** The languages whose portal strings are registered, in the order they arrived. */
export const $portalLangs: ReadableAtom<readonly Lang[]> = loaded;

/** Registers one language's portal strings with the sdk's translator (idempotent). */
export function registerPortalLanguage(lang: Lang, strings: PortalStrings): void {
  if (loaded.get().includes(lang)) return;
  i18n.addResourceBundle(lang, PORTAL_NS, strings, true, true);
  loaded.set([...loaded.get(), lang]);
}

/** Fetches and registers the portal strings (and error texts) of `lang` once; concurrent calls share the request, a failed one is retried on the next call. */
export function loadPortalTexts(lang: Lang): Promise<void> {
  if (loaded.get().includes(lang)) return Promise.resolve();
  let request = pending.get(lang);
  if (!request) {
    request = loadStrings(lang).then(
      (strings) => {
        pending.delete(lang);
        registerPortalLanguage(lang, strings);
      },
      (error: unknown) => {
        pending.delete(lang);
        throw error;
      },
    );
    pending.set(lang, request);
  }
  return request;
}

/**
 * The language to show portal strings in when `lang` is wanted: itself once loaded, else the default or the first
 * loaded one (a language switch shows the previous language for the moment its chunk takes, never raw keys).
 */
export function shownPortalLang(lang: Lang, langs: readonly Lang[] = loaded.get()): Lang {
  if (langs.includes(lang)) return lang;
  if (langs.includes(DEFAULT_LANG)) return DEFAULT_LANG;
  return langs[0] ?? lang;
}
