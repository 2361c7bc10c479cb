import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorEntry } from '@qoltanba/core';
import { type Plugin, runnerImport } from 'vite';
import { languageTexts } from '../src/elements/runtime/lazy-error-catalogue.ts';

const here = dirname(fileURLToPath(import.meta.url));
const CORE_ERRORS = resolve(here, '../../core/src/errors');
const CORE_CATALOGUE = resolve(CORE_ERRORS, 'catalogue');
const LANGUAGES_MODULE = resolve(here, '../src/elements/runtime/languages.ts');
const LAZY_CATALOGUE_MODULE = resolve(here, '../src/elements/runtime/lazy-error-catalogue.ts');
const LOADER = 'virtual:qoltanba-error-texts';
const TEXTS_PREFIX = `${LOADER}/`;
const LAZY_CATALOGUE = '\0qoltanba-lazy-error-catalogue';
const LANGS = ['kk', 'ru', 'en'] as const;

type Catalogue = Record<string, ErrorEntry>;

export interface SplitErrorTextsOptions {
  /**
   * Replace core's catalogue (every code in three languages) with one that reads the texts loaded so far
   * (elements build only; tests and Storybook keep the real catalogue and just get the loader).
   */
  replaceCatalogue?: boolean;
  /**
   * The module the replaced catalogue reads the loaded texts from: it exports `errorTextsOf(lang)` and the atom
   * `$loadedLangs` (default: the elements' `src/elements/runtime/languages.ts`; the portal has its own).
   */
  languagesModule?: string;
  /**
   * Keep each entry's language-free fields (`status`, `legacyMessage`, `link`) in the replaced catalogue, so
   * `errorStatus`, `errorCodeFromLegacyMessage` and refusal links work as with core's own (the portal; the
   * elements leave them out).
   */
  keepEntryFields?: boolean;
}

/** An entry's fields that are the same in every language. */
function entryFields(
  catalogue: Catalogue,
): Record<string, Pick<ErrorEntry, 'status' | 'legacyMessage' | 'link'>> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([code, { status, legacyMessage, link }]) => [
      code,
      {
        ...(status === undefined ? {} : { status }),
        ...(legacyMessage ? { legacyMessage } : {}),
        ...(link ? { link } : {}),
      },
    ]),
  );
}

/**
 * Vite plugin: the error catalogue one language at a time. `virtual:qoltanba-error-texts` is a loader whose
 * `import()` per language becomes a chunk holding that language's texts only, computed at build time from core's
 * catalogue. With `replaceCatalogue`, core's catalogue module (`errors/catalogue/`, whichever relative path imports it)
 * becomes a view over the languages loaded so far
 * (`src/elements/runtime/languages.ts`, or `languagesModule`), so `errorMessage` and everything built on it keep working.
 */
export function splitErrorTexts(options: SplitErrorTextsOptions = {}): Plugin {
  let catalogue: Promise<Catalogue> | undefined;
  const loadCatalogue = (): Promise<Catalogue> => {
    catalogue ??= runnerImport<{ errorCatalogue: Catalogue }>(
      resolve(CORE_ERRORS, 'catalogue/index.ts'),
    ).then(({ module }) => module.errorCatalogue);
    return catalogue;
  };
  return {
    name: 'qoltanba:split-error-texts',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === LOADER || id.startsWith(TEXTS_PREFIX)) return `\0${id}`;
      // Every import of core's catalogue, by whatever relative path (errors/error-message.ts: `./catalogue`; core's
      // entry: `./errors/catalogue/index`).
      if (options.replaceCatalogue && importer && id.startsWith('.')) {
        const target = resolve(dirname(importer.split('?')[0] ?? importer), id).replace(
          /(\/index)?(\.ts)?$/,
          '',
        );
        if (target === CORE_CATALOGUE) return LAZY_CATALOGUE;
      }
      return null;
    },
    async load(id) {
      if (id === `\0${LOADER}`) {
        const cases = LANGS.map((lang) => `    case '${lang}': return import('${TEXTS_PREFIX}${lang}');`);
        return [
          'export default async function loadErrorTexts(lang) {',
          '  const module = await (() => {',
          '    switch (lang) {',
          ...cases,
          `      default: throw new Error('unknown language ' + lang);`,
          '    }',
          '  })();',
          '  return module.default;',
          '}',
        ].join('\n');
      }
      if (id.startsWith(`\0${TEXTS_PREFIX}`)) {
        const lang = id.slice(TEXTS_PREFIX.length + 1) as (typeof LANGS)[number];
        return `export default ${JSON.stringify(languageTexts(await loadCatalogue(), lang))};`;
      }
      if (id === LAZY_CATALOGUE) {
        return [
          `import { ERROR_CODES } from ${JSON.stringify(resolve(CORE_ERRORS, 'codes.ts'))};`,
          `import { errorTextsOf, $loadedLangs } from ${JSON.stringify(options.languagesModule ?? LANGUAGES_MODULE)};`,
          `import { lazyErrorCatalogue } from ${JSON.stringify(LAZY_CATALOGUE_MODULE)};`,
          // A language not loaded yet reads as the first one that is (elements wait for theirs before rendering).
          'export const errorCatalogue = lazyErrorCatalogue(ERROR_CODES, (lang) =>',
          '  errorTextsOf(lang) ?? errorTextsOf($loadedLangs.get()[0] ?? lang));',
          ...(options.keepEntryFields
            ? [
                `const fields = ${JSON.stringify(entryFields(await loadCatalogue()))};`,
                'for (const code of ERROR_CODES) Object.assign(errorCatalogue[code], fields[code]);',
              ]
            : []),
        ].join('\n');
      }
      return null;
    },
  };
}
