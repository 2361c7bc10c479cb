import {
  ERROR_CODES,
  type ErrorCode,
  type ErrorParams,
  errorCatalogue,
  errorMessage,
  errorStatus,
  formatErrorParam,
  LANGS,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/apiError';
import { commonTranslations } from './common';
import { errorTextOf } from './errorText';
import { addTranslations, getT, i18n, translateError } from './i18n';
import type { Translations } from './types';

describe('i18n instance', () => {
  it('is initialised synchronously with Kazakh as default and fallback', () => {
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.language).toBe('kk');
    expect(i18n.options.fallbackLng).toEqual(['kk']);
    expect(i18n.options.supportedLngs).toEqual(expect.arrayContaining(['kk', 'ru', 'en']));
  });

  it('is not the global i18next singleton', async () => {
    const { default: global } = await import('i18next');
    expect(i18n).not.toBe(global);
  });
});

describe('common namespace', () => {
  it.each(LANGS)('names every language by its endonym and short label in %s', (lang) => {
    const t = getT('common', lang);
    expect([t('languageName.kk'), t('languageName.ru'), t('languageName.en')]).toEqual([
      'Қазақша',
      'Русский',
      'English',
    ]);
    expect([t('languageShort.kk'), t('languageShort.ru'), t('languageShort.en')]).toEqual([
      'ҚАЗ',
      'РУС',
      'ENG',
    ]);
  });

  it('has different real texts per language', () => {
    expect(getT('common', 'kk')('close')).toBe('Жабу');
    expect(getT('common', 'ru')('close')).toBe('Закрыть');
    expect(getT('common', 'en')('close')).toBe('Close');
  });

  it('has the same non-empty keys in every language', () => {
    const keys = (lang: keyof typeof commonTranslations) => Object.keys(commonTranslations[lang]).sort();
    expect(keys('ru')).toEqual(keys('kk'));
    expect(keys('en')).toEqual(keys('kk'));
  });
});

describe('addTranslations / getT', () => {
  const kk = { greeting: 'Сәлем, {{name}}!', nested: { title: 'Құжаттар' } };
  const greetings = {
    kk,
    ru: { greeting: 'Привет, {{name}}!', nested: { title: 'Документы' } },
    en: { greeting: 'Hello, {{name}}!', nested: { title: 'Documents' } },
  } satisfies Translations<typeof kk>;

  it('registers a namespace in every language and interpolates without HTML escaping', () => {
    addTranslations('test-greetings', greetings);
    expect(getT('test-greetings', 'ru')('greeting', { name: 'Әлия & Co' })).toBe('Привет, Әлия & Co!');
    expect(getT('test-greetings', 'en')('nested.title')).toBe('Documents');
    expect(getT('test-greetings', 'kk')('nested.title')).toBe('Құжаттар');
  });

  it('is independent of the current i18n language', () => {
    addTranslations('test-greetings', greetings);
    expect(i18n.language).toBe('kk');
    expect(getT('test-greetings', 'en')('greeting', { name: 'A' })).toBe('Hello, A!');
  });

  it('falls back to Kazakh for a key missing in another language, then to the key', () => {
    addTranslations('test-partial', { kk: { only: 'Тек қазақша' }, ru: {}, en: {} });
    expect(getT('test-partial', 'ru')('only')).toBe('Тек қазақша');
    expect(getT('test-partial', 'en')('absent')).toBe('absent');
  });

  it('merges later additions into a namespace', () => {
    addTranslations('test-merge', { kk: { a: 'А' }, ru: { a: 'А' }, en: { a: 'A' } });
    addTranslations('test-merge', { kk: { b: 'Б' }, ru: { b: 'Б' }, en: { b: 'B' } });
    const t = getT('test-merge', 'en');
    expect([t('a'), t('b')]).toEqual(['A', 'B']);
  });

  it('rejects, at type level, a locale missing a key of the source locale', () => {
    const source = { a: 'x', b: 'y' };
    const broken = {
      kk: source,
      // @ts-expect-error: 'b' is missing in ru
      ru: { a: 'x' },
      en: source,
    } satisfies Translations<typeof source>;
    expect(broken.ru.a).toBe('x');
  });
});

describe('errors namespace', () => {
  it.each(LANGS)('holds every catalogue code in %s with the catalogue text', (lang) => {
    const t = getT('errors', lang);
    for (const code of ERROR_CODES) {
      if (errorMessage(code, lang).includes('{')) continue;
      expect(t(code)).toBe(errorMessage(code, lang));
    }
  });

  it('interpolates catalogue placeholders through i18next', () => {
    const params = { field: 'email', retryAfter: 30 };
    let checked = 0;
    for (const code of ERROR_CODES) {
      const expected = errorMessage(code, 'ru', params);
      if (expected === errorMessage(code, 'ru')) continue;
      expect(getT('errors', 'ru')(code, params)).toBe(expected);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('translateError', () => {
  it('returns the catalogue text of a known code in each language', () => {
    for (const lang of LANGS) expect(translateError('NOT_FOUND', lang)).toBe(errorMessage('NOT_FOUND', lang));
    expect(translateError('NOT_FOUND', 'kk')).not.toBe(translateError('NOT_FOUND', 'ru'));
  });

  it('falls back to the generic text for an unknown code', () => {
    expect(translateError('SOMETHING_NEW', 'en')).toBe('Something went wrong. Please try again later.');
    expect(translateError('SOMETHING_NEW', 'kk')).toBe(commonTranslations.kk.unknownError);
  });

  it('fills the params in the language asked for', () => {
    expect(translateError('RATE_LIMITED', 'en', { retryAfter: 57 })).toBe(
      'Too many requests. Try again in 57 seconds',
    );
    expect(translateError('RATE_LIMITED', 'kk', { retryAfter: 57 })).toContain('57 секундтан');
    expect(translateError('ACCOUNT_BLOCKED', 'ru', { until: '2026-03-01T10:15:00Z' })).toMatch(
      /заблокирована до 1 мар\. 2026 г\., 15:15 \(UTC\+5\)/,
    );
  });

  it('shows the text without values when a param is missing', () => {
    expect(translateError('RATE_LIMITED', 'en')).toBe('Too many requests. Try again later');
    expect(translateError('ACCOUNT_BLOCKED', 'ru', { other: 1 })).toBe(
      'Учётная запись временно заблокирована. Попробуйте позже',
    );
  });
});

describe('errorTextOf', () => {
  const placeholderNames = (text: string) =>
    Array.from(text.matchAll(/\{(\w+)\}/g), (match) => match[1] ?? '');
  const refused = (code: ErrorCode, params?: ErrorParams) =>
    new ApiError(errorStatus(code), code, 'server text in the server language', params ? { params } : {});

  it("writes an ApiError's code in the interface language with its params, not the server's message", () => {
    const error = refused('RATE_LIMITED', { retryAfter: 57 });
    expect(errorTextOf(error, 'en')).toBe('Too many requests. Try again in 57 seconds');
    expect(errorTextOf(error, 'ru')).toBe('Слишком много запросов. Повторите попытку через 57 с');
    expect(errorTextOf(error, 'kk')).toBe('Сұраныстар тым көп. 57 секундтан соң қайталап көріңіз');
  });

  it('writes a bare catalogue code, and anything else as the generic text', () => {
    expect(errorTextOf('NOT_FOUND', 'ru')).toBe(errorMessage('NOT_FOUND', 'ru'));
    expect(errorTextOf(new TypeError('boom'), 'en')).toBe(commonTranslations.en.unknownError);
    expect(errorTextOf(undefined, 'kk')).toBe(commonTranslations.kk.unknownError);
    expect(errorTextOf('SOMETHING_NEW', 'kk')).toBe(commonTranslations.kk.unknownError);
  });

  // The guard: whatever the failure and whatever params the server sent, no text shows a raw `{name}`.
  it.each(LANGS)('fills every placeholder of every code in %s, or leaves the values out', (lang) => {
    const full: ErrorParams = {
      field: 'signers.0.email',
      retryAfter: 57,
      until: '2026-03-01T10:15:00Z',
      wait: 90,
    };
    for (const code of ERROR_CODES) {
      for (const params of [full, undefined, { retryAfter: 1 }, { unrelated: 'x' }]) {
        const text = errorTextOf(refused(code, params), lang);
        expect(text, `${code} ${JSON.stringify(params)}`).not.toMatch(/\{\w+\}/);
        expect(translateError(code, lang, params)).toBe(text);
      }
      for (const name of placeholderNames(errorCatalogue[code][lang])) {
        expect(errorTextOf(refused(code, full), lang)).toContain(
          formatErrorParam(name, full[name] ?? '', lang),
        );
      }
    }
  });
});
