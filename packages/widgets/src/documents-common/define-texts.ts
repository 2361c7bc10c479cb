import type { Lang } from '@qoltanba/core';
import { addTranslations, getT, type Translations } from '@qoltanba/sdk';

/** Every dotted key of a texts object whose value is a string, e.g. `'status.DRAFT'`. */
export type TextKey<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${TextKey<T[K]>}`;
}[keyof T & string];

/** A translate function that only takes keys of the source locale `T`, so a typo fails the type check. */
export type TypedT<T> = (key: TextKey<T>, options?: Record<string, unknown>) => string;

/**
 * Registers an i18n namespace on first use and returns its typed translate function per language.
 * `texts` must satisfy `Translations<typeof kk>`: a key missing in ru or en fails the type check.
 *
 * @example const documentsT = defineTexts('documents', documentsTexts); documentsT('ru')('status.DRAFT')
 */
export function defineTexts<T extends Record<string, unknown>>(
  ns: string,
  texts: Translations<T>,
): (lang: Lang) => TypedT<T> {
  let registered = false;
  return (lang) => {
    if (!registered) {
      addTranslations(ns, texts);
      registered = true;
    }
    return getT(ns, lang);
  };
}
