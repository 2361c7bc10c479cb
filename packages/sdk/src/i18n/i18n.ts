import {
  completeErrorMessage,
  DEFAULT_LANG,
  ERROR_CODES,
  type ErrorCode,
  type ErrorParams,
  errorCatalogue,
  isErrorCode,
  LANGS,
  type Lang,
} from '@qoltanba/core';
import i18next, { type i18n as I18n } from 'i18next';
import { commonTranslations } from './common';
import type { TranslateFn, Translations } from './types';

/**
 * The SDK's own i18next instance (not the global singleton, so host pages that use i18next are untouched).
 * Initialised synchronously with bundled resources: no backend, no loading state.
 */
export const i18n: I18n = i18next.createInstance();

/** Core's error catalogue in one language, with its `{name}` placeholders rewritten to i18next's `{{name}}`. */
function errorTexts(lang: Lang): Record<ErrorCode, string> {
  const texts = {} as Record<ErrorCode, string>;
  for (const code of ERROR_CODES) texts[code] = errorCatalogue[code][lang].replace(/\{(\w+)\}/g, '{{$1}}');
  return texts;
}

void i18n.init({
  initAsync: false,
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  supportedLngs: [...LANGS],
  load: 'currentOnly',
  ns: ['common', 'errors'],
  defaultNS: 'common',
  resources: {
    kk: { common: commonTranslations.kk, errors: errorTexts('kk') },
    ru: { common: commonTranslations.ru, errors: errorTexts('ru') },
    en: { common: commonTranslations.en, errors: errorTexts('en') },
  },
  // Output goes to React text or textContent, which escape on their own.
  interpolation: { escapeValue: false },
});

/**
 * Registers (or extends) namespace `ns` in every language. Later calls deep-merge and overwrite keys.
 *
 * @example addTranslations('header', header) // header satisfies Translations<typeof headerKk>
 */
export function addTranslations(ns: string, resources: Translations<Record<string, unknown>>): void {
  for (const lang of LANGS) i18n.addResourceBundle(lang, ns, resources[lang], true, true);
}

/**
 * A translate function fixed to namespace `ns` and language `lang`.
 *
 * @example getT('common', 'ru')('languageName.kk') // 'Қазақша'
 */
export function getT(ns: string, lang: Lang): TranslateFn {
  const t = i18n.getFixedT(lang, ns);
  return (key, options) => String(t(key, options ?? {}));
}

/**
 * The text of an error code from core's catalogue in `lang`, with its `{name}` placeholders filled from
 * `params`; without a value for each, the catalogue's text without values (`Too many requests. Try again
 * later`), so it never shows a placeholder. Unknown codes, e.g. from a newer server, get the generic
 * `common:unknownError` text. For a caught error use `errorTextOf`, which passes the error's params.
 *
 * @example translateError('RATE_LIMITED', 'ru', { retryAfter: 30 })
 */
export function translateError(code: ErrorCode | (string & {}), lang: Lang, params?: ErrorParams): string {
  return isErrorCode(code) ? completeErrorMessage(code, lang, params) : getT('common', lang)('unknownError');
}
