// The portal's strings one language at a time: a page loads the catalogue of the language it shows (a chunk of
// its own), not all three (issue 22: the two unused languages were ~10 kB of the first load's 175 kB).
import { DEFAULT_LANG, type Lang } from '@qoltanba/core';
import { i18n } from '@qoltanba/sdk';
import { atom, type ReadableAtom } from 'nanostores';
import { PORTAL_NS, type PortalStrings } from './portalStrings';

/** The catalogue modules, each a chunk of its own in the build (static imports would put all three in the entry). */
const LOADERS: Record<Lang, () => Promise<PortalStrings>> = {
  kk: () => import('./kk').then((module) => module.kk),
  ru: () => import('./ru').then((module) => module.ru),
  en: () => import('./en').then((module) => module.en),
};

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

/** Fetches and registers the portal strings of `lang` once; concurrent calls share the request, a failed one is retried on the next call. */
export function loadPortalTexts(lang: Lang): Promise<void> {
  if (loaded.get().includes(lang)) return Promise.resolve();
  let request = pending.get(lang);
  if (!request) {
    request = LOADERS[lang]().then(
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
