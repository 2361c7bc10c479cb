import { type Plugin, runnerImport } from 'vite';

/** The module the panel imports its error texts from. */
export const ERROR_TEXTS_MODULE = 'virtual:help-widget-error-texts';
const RESOLVED = `\0${ERROR_TEXTS_MODULE}`;
const CODES_FILE = new URL('../src/chat/error-codes.ts', import.meta.url).pathname;

type Catalogue = Record<string, Record<'kk' | 'ru' | 'en', string>>;

/**
 * Vite plugin: `virtual:help-widget-error-texts` is `{ kk, ru, en }` of code -> text for the codes of
 * `src/chat/error-codes.ts`, read from core's catalogue when the module is built. The panel so carries a dozen texts
 * instead of the whole catalogue (every code in three languages), and they cannot drift from core's.
 */
export function helpErrorTexts(): Plugin {
  return {
    name: 'qoltanba:help-error-texts',
    enforce: 'pre',
    resolveId(id) {
      return id === ERROR_TEXTS_MODULE ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      // core through its exports map's `source` condition, as the rest of the build resolves it.
      const core = await this.resolve('@qoltanba/core');
      if (!core) throw new Error('@qoltanba/core not found');
      const [{ module: coreModule }, { module: codesModule }] = await Promise.all([
        runnerImport<{ errorCatalogue: Catalogue }>(core.id),
        runnerImport<{ HELP_ERROR_CODES: readonly string[] }>(CODES_FILE),
      ]);
      const texts = Object.fromEntries(
        (['kk', 'ru', 'en'] as const).map((lang) => [
          lang,
          Object.fromEntries(
            codesModule.HELP_ERROR_CODES.map((code) => {
              const entry = coreModule.errorCatalogue[code];
              if (!entry) throw new Error(`${code} is not in core's error catalogue`);
              return [code, entry[lang]];
            }),
          ),
        ]),
      );
      return `export default ${JSON.stringify(texts)};`;
    },
  };
}
