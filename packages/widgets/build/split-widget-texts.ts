import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions, type Plugin, parseAst, runnerImport, transformWithOxc } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));
const LAZY_TEXTS_MODULE = resolve(here, '../src/elements/runtime/lazy-texts.ts');
/** Where the translations-only modules are written to be evaluated (inside the package: its dependencies resolve). */
const CACHE = resolve(here, '../node_modules/.cache/qoltanba-widget-texts');
/** Modules holding widget texts: `texts.ts` of a widget, and the sdk's common texts. */
const TEXTS_MODULE =
  /[\\/]packages[\\/](widgets[\\/]src[\\/].*[\\/]texts|sdk[\\/]src[\\/]i18n[\\/]common)\.ts$/;
const LANG_QUERY = '?qoltanba-lang=';
export const LANGS = ['kk', 'ru', 'en'] as const;
type Lang = (typeof LANGS)[number];

/** The chunk a module of one language's texts goes to: every widget's texts of a language share one file. */
export function languageChunkOf(id: string): Lang | undefined {
  const match = /qoltanba-lang=(kk|ru|en)$/.exec(id) ?? /qoltanba-error-texts\/(kk|ru|en)$/.exec(id);
  return match?.[1] as Lang | undefined;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The node's property value for key `name` of an object expression, if it has one. */
const keyOf = (property: Node): string | undefined => {
  const key = property.key as Node | undefined;
  if (property.type !== 'Property' || property.computed || !key) return undefined;
  return key.type === 'Identifier' ? (key.name as string) : (key.value as string | undefined);
};

/** An `export const NAME = { kk, ru: {...}, en: {...} }` of the module: a translations object. */
interface TranslationsExport {
  name: string;
  init: Node;
}

function translationsExports(program: Node): TranslationsExport[] {
  const found: TranslationsExport[] = [];
  for (const statement of program.body as Node[]) {
    const declaration = statement.declaration as Node | undefined;
    if (statement.type !== 'ExportNamedDeclaration' || declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const init = declarator.init as Node | undefined;
      const id = declarator.id as Node;
      if (init?.type !== 'ObjectExpression' || id.type !== 'Identifier') continue;
      const properties = init.properties as Node[];
      const keys = properties.map(keyOf);
      if (keys.length !== LANGS.length || !LANGS.every((lang) => keys.includes(lang))) continue;
      found.push({ name: id.name as string, init });
    }
  }
  return found;
}

/** Replaces the source ranges of `edits` (sorted by start, not overlapping). */
function splice(code: string, edits: { start: number; end: number; text: string }[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + code.slice(at);
}

/**
 * A module of the texts module's translations objects only: the imports and own declarations they use, and a
 * default export of the objects. Relative imports are made absolute (the module is written elsewhere); what the
 * widgets around the texts need (React, vanilla-extract styles) is left out, so it runs in plain Node.
 */
export function translationsOnly(code: string, file: string): string {
  const program = parseAst(code) as unknown as Node;
  const slice = (node: Node) => code.slice(node.start, node.end);
  const body = program.body as Node[];
  const translations = translationsExports(program);
  // Own declarations, and exported constants the texts may use (not calls: `xT = defineTexts(...)` needs widgets).
  const declarations = body.flatMap((statement) => {
    if (statement.type === 'VariableDeclaration' || statement.type === 'FunctionDeclaration')
      return [slice(statement)];
    const declaration = statement.declaration as Node | undefined;
    if (statement.type !== 'ExportNamedDeclaration' || declaration?.type !== 'VariableDeclaration') return [];
    return (declaration.declarations as Node[])
      .filter((declarator) => {
        const init = declarator.init as Node | undefined;
        return init && init.type !== 'CallExpression' && !translations.some((found) => found.init === init);
      })
      .map((declarator) => `${declaration.kind as string} ${slice(declarator)};`);
  });
  const objects = translations.map(({ name, init }) => `${JSON.stringify(name)}: ${slice(init)}`);
  const rest = [...declarations, `export default { ${objects.join(', ')} };`].join('\n');
  const imports = body
    .filter((statement) => statement.type === 'ImportDeclaration')
    .filter((statement) =>
      (statement.specifiers as Node[]).some((specifier) =>
        new RegExp(`\\b${(specifier.local as Node).name as string}\\b`).test(rest),
      ),
    )
    .map((statement) => {
      const source = statement.source as Node;
      const specifier = source.value as string;
      const absolute = specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier;
      return `${code.slice(statement.start, source.start)}${JSON.stringify(absolute)}${code.slice(source.end, statement.end)}`;
    });
  return [...imports, rest].join('\n');
}

/** The texts module's translations objects, evaluated at build time (from {@link translationsOnly}). */
async function evaluateTranslations(file: string): Promise<Record<string, Record<Lang, unknown>>> {
  const { code } = await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts' });
  const out = resolve(CACHE, `${relative(resolve(here, '../..'), file).replace(/[\\/]/g, '__')}.mjs`);
  await mkdir(CACHE, { recursive: true });
  await writeFile(out, translationsOnly(code, file));
  const { module } = await runnerImport<{ default: Record<string, Record<Lang, unknown>> }>(out, {
    configFile: false,
    logLevel: 'silent',
    resolve: { conditions: ['source', ...defaultServerConditions] },
  });
  return module.default;
}

/**
 * The texts module with each translations object replaced by one whose languages fill in when loaded
 * (`src/elements/runtime/lazy-texts.ts`); undefined when the module has none.
 */
export function lazyTextsModule(code: string, file: string): string | undefined {
  const program = parseAst(code) as unknown as Node;
  const exports = translationsExports(program);
  if (exports.length === 0) return undefined;
  const loaders = LANGS.map(
    (lang) => `${lang}: () => import(${JSON.stringify(`${file}${LANG_QUERY}${lang}`)})`,
  ).join(', ');
  const edits = exports.map(({ name, init }) => ({
    start: init.start,
    end: init.end,
    text: `__qoltanbaLazyTexts(${JSON.stringify(name)}, { ${loaders} })`,
  }));
  return `import { lazyTexts as __qoltanbaLazyTexts } from ${JSON.stringify(LAZY_TEXTS_MODULE)};\n${splice(code, edits)}`;
}

/**
 * Vite plugin for the custom-element bundles: the widgets' own texts one language at a time, like the error
 * catalogue (split-error-texts.ts). Every translations object (`export const xTexts = { kk, ru, en }` of a
 * widget's texts.ts and the sdk's common texts) becomes a view whose languages load on demand; its texts per
 * language, evaluated at build time, go to a module `texts.ts?qoltanba-lang=<lang>`, and all modules of a language to one chunk (see
 * {@link languageChunkOf}, used by the elements build's code-splitting groups). The element shell waits for the
 * language it shows (src/elements/runtime/languages.ts).
 */
export function splitWidgetTexts(): Plugin {
  const evaluated = new Map<string, Promise<Record<string, Record<Lang, unknown>>>>();
  return {
    name: 'qoltanba:split-widget-texts',
    apply: 'build',
    enforce: 'post',
    resolveId(id) {
      return id.includes(LANG_QUERY) ? id : null;
    },
    async load(id) {
      const at = id.indexOf(LANG_QUERY);
      if (at < 0) return null;
      const file = id.slice(0, at);
      const lang = id.slice(at + LANG_QUERY.length) as Lang;
      if (!LANGS.includes(lang)) this.error(`unknown language in ${id}`);
      let translations = evaluated.get(file);
      if (!translations) {
        translations = evaluateTranslations(file);
        evaluated.set(file, translations);
      }
      // Plain data without imports: the chunk of a language holds texts only (a dependency would follow it in).
      const values = Object.fromEntries(
        Object.entries(await translations).map(([name, byLang]) => [name, byLang[lang]]),
      );
      return { code: `export default ${JSON.stringify(values)};`, map: null, moduleType: 'js' };
    },
    transform(code, id) {
      if (id.includes(LANG_QUERY) || !TEXTS_MODULE.test(id)) return null;
      const lazy = lazyTextsModule(code, id);
      if (!lazy) this.warn(`no translations object found in ${relative(process.cwd(), id)}`);
      return lazy ? { code: lazy, map: null } : null;
    },
  };
}
