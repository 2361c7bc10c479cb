// What core's error catalogue becomes in the elements build (build/split-error-texts.ts): a view over the
// languages whose texts have arrived. Plain code, no core imports beyond types: it replaces core's own module.
import type { ErrorEntry, Lang } from '@qoltanba/core';

/** The key of a code's text without values in a language chunk (beside the code's own text). */
export const WITHOUT_PARAMS_SUFFIX = '#withoutParams';

/** One language's chunk: code -> text, and `code#withoutParams` -> the text without values where there is one. */
export type LanguageTexts = Readonly<Record<string, string>>;

/**
 * A language's chunk computed from the full catalogue at build time.
 *
 * @example languageTexts(errorCatalogue, 'ru').RATE_LIMITED // 'Слишком много запросов. Повторите попытку через {retryAfter} с'
 */
export function languageTexts(catalogue: Readonly<Record<string, ErrorEntry>>, lang: Lang): LanguageTexts {
  return Object.fromEntries(
    Object.entries(catalogue).flatMap(([code, entry]) => [
      [code, entry[lang]],
      ...(entry.withoutParams ? [[`${code}${WITHOUT_PARAMS_SUFFIX}`, entry.withoutParams[lang]]] : []),
    ]),
  );
}

/**
 * The catalogue as a view over the chunks loaded so far: `textsOf(lang)` is a language's chunk, or the first one
 * loaded when that language has not arrived (elements wait for theirs before rendering). Codes read as themselves
 * before any chunk; `withoutParams` is there for codes whose chunk has one, as in core's catalogue.
 */
export function lazyErrorCatalogue(
  codes: readonly string[],
  textsOf: (lang: Lang) => LanguageTexts | undefined,
): Record<string, ErrorEntry> {
  const text = (key: string, lang: Lang, fallback: string) => textsOf(lang)?.[key] ?? fallback;
  const entry = (code: string): ErrorEntry => {
    const plain = `${code}${WITHOUT_PARAMS_SUFFIX}`;
    return {
      get kk() {
        return text(code, 'kk', code);
      },
      get ru() {
        return text(code, 'ru', code);
      },
      get en() {
        return text(code, 'en', code);
      },
      get withoutParams() {
        if (textsOf('kk')?.[plain] === undefined) return undefined;
        return {
          get kk() {
            return text(plain, 'kk', code);
          },
          get ru() {
            return text(plain, 'ru', code);
          },
          get en() {
            return text(plain, 'en', code);
          },
        };
      },
    };
  };
  return Object.fromEntries(codes.map((code) => [code, entry(code)]));
}
