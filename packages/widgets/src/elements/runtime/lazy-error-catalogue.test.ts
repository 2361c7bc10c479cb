import { ERROR_CODES, errorCatalogue, LANGS, type Lang } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { type LanguageTexts, languageTexts, lazyErrorCatalogue } from './lazy-error-catalogue';

// The elements build swaps core's catalogue for this view: it must answer what core's catalogue answers, the
// texts without values included, or a 429 in an element would show a raw `{retryAfter}`.
describe('lazyErrorCatalogue (elements build)', () => {
  const chunks = Object.fromEntries(
    LANGS.map((lang) => [lang, languageTexts(errorCatalogue, lang)]),
  ) as Record<Lang, LanguageTexts>;

  it('reads every text and text without values as core has them once the languages arrived', () => {
    const view = lazyErrorCatalogue(ERROR_CODES, (lang) => chunks[lang]);
    for (const code of ERROR_CODES) {
      for (const lang of LANGS) {
        expect(view[code]?.[lang]).toBe(errorCatalogue[code][lang]);
        expect(view[code]?.withoutParams?.[lang]).toBe(errorCatalogue[code].withoutParams?.[lang]);
      }
    }
    expect(view.RATE_LIMITED?.withoutParams?.ru).toBe('Слишком много запросов. Повторите попытку позже');
  });

  it('reads a language not loaded yet as the one that is, and codes before any', () => {
    const onlyRu = lazyErrorCatalogue(ERROR_CODES, () => chunks.ru);
    expect(onlyRu.RATE_LIMITED?.withoutParams?.kk).toBe(errorCatalogue.RATE_LIMITED.withoutParams?.ru);
    const none = lazyErrorCatalogue(ERROR_CODES, () => undefined);
    expect(none.NOT_FOUND?.en).toBe('NOT_FOUND');
    expect(none.RATE_LIMITED?.withoutParams).toBeUndefined();
  });
});
