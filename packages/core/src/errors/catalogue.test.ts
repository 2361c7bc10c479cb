import { describe, expect, it } from 'vitest';
import { LANGS } from '../i18n/lang';
import { errorResponseParamsSchema } from '../schemas/api';
import { errorCatalogue } from './catalogue';
import { ERROR_CODES } from './codes';
import { placeholderNames } from './error-message';
import { ERROR_PARAMS, isErrorParamName } from './error-params';

const KAZAKH_LETTERS = /[әғқңөұүһі]/i;
const CYRILLIC = /[\u0400-\u04ff]/;

describe('errorCatalogue', () => {
  it('has exactly one entry per code, and no duplicate codes', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    expect(Object.keys(errorCatalogue).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each(ERROR_CODES)('%s has three non-empty texts', (code) => {
    for (const lang of LANGS) {
      expect(errorCatalogue[code][lang].trim()).not.toBe('');
    }
  });

  it.each(ERROR_CODES)('%s has a Kazakh text that is not the Russian one', (code) => {
    const { kk, ru } = errorCatalogue[code];
    expect(kk).not.toBe(ru);
    expect(kk).toMatch(CYRILLIC);
  });

  it.each(ERROR_CODES)('%s is written in Kazakh, with Kazakh-only letters', (code) => {
    expect(errorCatalogue[code].kk).toMatch(KAZAKH_LETTERS);
  });

  it('writes Russian in Cyrillic and English in Latin script', () => {
    for (const code of ERROR_CODES) {
      expect(errorCatalogue[code].ru).toMatch(CYRILLIC);
      expect(errorCatalogue[code].en).not.toMatch(CYRILLIC);
    }
  });

  it.each(ERROR_CODES)('%s uses the same placeholders in all three languages', (code) => {
    const entry = errorCatalogue[code];
    const expected = placeholderNames(entry.en).sort();
    expect(placeholderNames(entry.kk).sort()).toEqual(expected);
    expect(placeholderNames(entry.ru).sort()).toEqual(expected);
  });

  it.each(ERROR_CODES)('%s only has placeholders that are known params', (code) => {
    for (const lang of LANGS) {
      const unknown = placeholderNames(errorCatalogue[code][lang]).filter((name) => !isErrorParamName(name));
      expect(unknown, `${code} ${lang}`).toEqual([]);
    }
  });

  it.each(ERROR_CODES)('%s has a text without values exactly when its text has placeholders', (code) => {
    const { withoutParams, en } = errorCatalogue[code];
    if (placeholderNames(en).length === 0) {
      expect(withoutParams).toBeUndefined();
      return;
    }
    expect(withoutParams).toBeDefined();
    for (const lang of LANGS) {
      const text = withoutParams?.[lang] ?? '';
      expect(text.trim()).not.toBe('');
      expect(placeholderNames(text)).toEqual([]);
      expect(text).not.toBe(errorCatalogue[code][lang]);
    }
    expect(withoutParams?.kk).toMatch(KAZAKH_LETTERS);
    expect(withoutParams?.ru).toMatch(CYRILLIC);
    expect(withoutParams?.en).not.toMatch(CYRILLIC);
  });

  it('documents every known param in the error body schema, and no other', () => {
    expect(Object.keys(errorResponseParamsSchema.shape).sort()).toEqual(Object.keys(ERROR_PARAMS).sort());
  });

  it('uses every known param in some text', () => {
    const used = new Set(ERROR_CODES.flatMap((code) => placeholderNames(errorCatalogue[code].en)));
    expect([...used].sort()).toEqual(Object.keys(ERROR_PARAMS).sort());
  });

  it('keeps the exact English text the tariff rule depends on', () => {
    expect(errorCatalogue.FREE_TARIFF_ALREADY_USED.en).toBe('Free tariff already used');
    expect(errorCatalogue.FREE_TARIFF_ALREADY_USED.status).toBe(402);
  });

  it('has the parameters the server relies on', () => {
    expect(placeholderNames(errorCatalogue.VALIDATION_FAILED.en)).toEqual(['field']);
    expect(placeholderNames(errorCatalogue.RATE_LIMITED.en)).toEqual(['retryAfter']);
    expect(placeholderNames(errorCatalogue.ACCOUNT_BLOCKED.en)).toEqual(['until']);
    expect(placeholderNames(errorCatalogue.PAYMENT_POSSIBLE_DUPLICATE.en)).toEqual(['reference']);
  });

  it('only uses HTTP error statuses', () => {
    for (const code of ERROR_CODES) {
      const { status } = errorCatalogue[code];
      if (status !== undefined) expect(status >= 400 && status <= 599).toBe(true);
    }
  });

  it('takes limits from the constants', () => {
    expect(errorCatalogue.FILE_TOO_LARGE.en).toBe('File size must not exceed 5 MB');
    expect(errorCatalogue.REJECT_COMMENT_LENGTH.ru).toContain('от 5 до 100');
    expect(errorCatalogue.DOCUMENT_NAME_LENGTH.kk).toContain('5–60');
  });
});
