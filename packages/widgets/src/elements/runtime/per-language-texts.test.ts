import { describe, expect, it, vi } from 'vitest';
import { languageChunkOf, lazyTextsModule, translationsOnly } from '../../../build/split-widget-texts';
import { zodChains } from '../../../build/stub-zod-schemas';
import { lazyTexts, loadWidgetTexts, onLateWidgetTexts } from './lazy-texts';
import miniI18next from './mini-i18next';

// What the elements build sees of a texts module: JavaScript after TypeScript is stripped.
const TEXTS_MODULE = `import { LIMIT } from '@qoltanba/core';
import { defineTexts } from '../documents-common';
import { EXAMPLE } from '../form/texts';
const kk = { title: 'Тақырып', hint: \`\${LIMIT} дейін\` };
export const EXPORTED_CONSTANT = 'x';
export const fooTexts = { kk, ru: { title: 'Заголовок', hint: EXAMPLE }, en: { title: 'Title', hint: 'up to' } };
export const FOO_NS = 'foo';
export const fooT = defineTexts(FOO_NS, fooTexts);`;

const languageModule = (texts: Record<string, Record<string, unknown>>) => () =>
  Promise.resolve({ default: texts });

describe('split-widget-texts (elements build)', () => {
  it('replaces each translations object with a lazy one importing a module per language', () => {
    const lazy = lazyTextsModule(TEXTS_MODULE, '/src/foo/texts.ts') ?? '';
    expect(lazy).toContain('export const fooTexts = __qoltanbaLazyTexts("fooTexts", {');
    for (const lang of ['kk', 'ru', 'en'])
      expect(lazy).toContain(`${lang}: () => import("/src/foo/texts.ts?qoltanba-lang=${lang}")`);
    // The texts themselves are gone from the module; what else it exports stays.
    expect(lazy).not.toContain("ru: { title: 'Заголовок'");
    expect(lazy).toContain('export const fooT = defineTexts(FOO_NS, fooTexts);');
    expect(lazyTextsModule("export const x = { kk: 'a' };", '/src/x/texts.ts')).toBeUndefined();
  });

  it('evaluates the translations with only the imports and declarations they use', () => {
    const only = translationsOnly(TEXTS_MODULE, '/repo/src/foo/texts.ts');
    expect(only).toContain('import { LIMIT } from "@qoltanba/core";');
    expect(only).toContain('import { EXAMPLE } from "/repo/src/form/texts"');
    // defineTexts pulls in widgets (React, styles): neither the import nor the call is kept.
    expect(only).not.toContain('defineTexts');
    expect(only).toContain("const EXPORTED_CONSTANT = 'x';");
    expect(only).toMatch(/export default \{ "fooTexts": \{ kk, ru:/);
  });

  it('puts every language module, widget texts and error texts alike, in its language chunk', () => {
    expect(languageChunkOf('/src/foo/texts.ts?qoltanba-lang=ru')).toBe('ru');
    expect(languageChunkOf('\0virtual:qoltanba-error-texts/kk')).toBe('kk');
    expect(languageChunkOf('/src/foo/texts.ts')).toBeUndefined();
  });
});

describe('stub-zod-schemas (elements build)', () => {
  it('finds each outermost schema expression built from z, not other calls', () => {
    const code = `const a = z.object({ b: z.string().min(1) }).strict();
const c = other.z.thing();
const d = z.enum(LIST).meta({ description: 'x' });
render(z2(1));`;
    const ranges = zodChains(code).map(({ start, end }) => code.slice(start, end));
    expect(ranges).toEqual([
      'z.object({ b: z.string().min(1) }).strict()',
      "z.enum(LIST).meta({ description: 'x' })",
    ]);
  });
});

describe('lazy widget texts (elements build runtime)', () => {
  it('fills a language in place when it loads, so a translator holding the object sees it', async () => {
    const texts = lazyTexts('barTexts', {
      kk: languageModule({ barTexts: { greeting: 'Сәлем, {{name}}' } }),
      ru: languageModule({ barTexts: { greeting: 'Привет, {{name}}' } }),
      en: languageModule({ barTexts: { greeting: 'Hello, {{name}}' } }),
    });
    const i18n = miniI18next.createInstance();
    await i18n.init({ lng: 'kk', fallbackLng: 'kk' });
    for (const lang of ['kk', 'ru', 'en'] as const) i18n.addResourceBundle(lang, 'bar', texts[lang]);
    // Registered before any language arrived: the key, then the text once its language loads.
    expect(i18n.getFixedT('ru', 'bar')('greeting', { name: 'Айгүл' })).toBe('greeting');
    await loadWidgetTexts('ru');
    expect(i18n.getFixedT('ru', 'bar')('greeting', { name: 'Айгүл' })).toBe('Привет, Айгүл');
    expect(texts.en).toEqual({});
  });

  it('loads the languages already asked for into texts registered later, and says so', async () => {
    await loadWidgetTexts('en');
    const late: string[] = [];
    const stop = onLateWidgetTexts((lang) => late.push(lang));
    const texts = lazyTexts('lateTexts', {
      kk: languageModule({ lateTexts: { word: 'сөз' } }),
      ru: languageModule({ lateTexts: { word: 'слово' } }),
      en: languageModule({ lateTexts: { word: 'word' } }),
    });
    await vi.waitFor(() => expect(texts.en).toEqual({ word: 'word' }));
    expect(late).toContain('en');
    stop();
  });

  it('tries a language again after its module failed to load', async () => {
    let attempts = 0;
    const texts = lazyTexts('flakyTexts', {
      kk: () =>
        ++attempts === 1
          ? Promise.reject(new Error('offline'))
          : languageModule({ flakyTexts: { a: 'ә' } })(),
      ru: languageModule({ flakyTexts: { a: 'а' } }),
      en: languageModule({ flakyTexts: { a: 'a' } }),
    });
    await expect(loadWidgetTexts('kk')).rejects.toThrow('offline');
    await loadWidgetTexts('kk');
    expect(texts.kk).toEqual({ a: 'ә' });
  });
});

describe('mini translator', () => {
  it('lets a later bundle of a namespace win and falls back to the fallback language, then the key', async () => {
    const i18n = miniI18next.createInstance();
    await i18n.init({ lng: 'ru', fallbackLng: 'kk', resources: { kk: { ns: { a: 'kk-a', only: 'тек' } } } });
    i18n.addResourceBundle('ru', 'ns', { a: 'ru-a', nested: { b: 'ru-b' } });
    i18n.addResourceBundle('ru', 'ns', { a: 'ru-a2' });
    const t = i18n.getFixedT('ru', 'ns');
    expect([t('a'), t('nested.b'), t('only'), t('missing')]).toEqual(['ru-a2', 'ru-b', 'тек', 'missing']);
  });
});
