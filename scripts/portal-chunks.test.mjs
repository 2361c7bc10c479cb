// The build-manifest check of issue 22: a public page's first load (the entry, its static imports, and the page's
// own lazy screen with its static imports) carries none of the cabinet, the signing dialogs, pdf.js or the support
// inbox. Reads the built portal (`npm run build`; vite's manifest and the hidden source maps list each chunk's modules).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../packages/portal/dist', import.meta.url));
const sizeLimitPath = fileURLToPath(new URL('../.size-limit.json', import.meta.url));
const manifestPath = join(dist, '.vite', 'manifest.json');

/** Public pages and the screen module each shows. */
const PUBLIC_PAGES = {
  '/': 'src/screens/public/LandingScreen.tsx',
  '/check': 'src/screens/public/CheckScreen.tsx',
  '/tariffs': 'src/screens/public/TariffsScreen.tsx',
};

/** Modules a public page must not load up front, by the path of their source. */
const NOT_ON_PUBLIC_PAGES = [
  ['the cabinet', /portal\/src\/(cabinet|screens\/cabinet|screens\/onboarding)\//],
  [
    'the signing dialogs',
    /portal\/src\/signing\/|widgets\/src\/(qr-signing-dialog|reject-dialog|sign-panel|signing-common)\//,
  ],
  ['pdf.js', /node_modules\/pdfjs-dist\//],
  ['the support inbox', /widgets\/src\/support-|portal\/src\/screens\/cabinet\/support\//],
];

/** Chunk files a module loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

/** The modules in a chunk, as absolute paths (a map lists them relative to the chunk). */
function sourcesOf(file) {
  const map = join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  return JSON.parse(readFileSync(map, 'utf8')).sources.map((source) => resolve(dirname(map), source));
}

describe('the portal build: public pages load only what they show', () => {
  it('has a build manifest (run `npm run build` first)', () => {
    expect(existsSync(manifestPath), manifestPath).toBe(true);
  });

  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  for (const [page, screen] of Object.entries(PUBLIC_PAGES)) {
    it(`${page} loads no cabinet, signing dialog, pdf.js or support inbox chunk`, () => {
      expect(manifest[screen], screen).toBeDefined();
      const keys = staticClosure(manifest, screen, staticClosure(manifest, 'index.html'));
      const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
      expect(files.length).toBeGreaterThan(1);
      const found = [];
      let mapped = 0;
      for (const file of files) {
        const sources = sourcesOf(file);
        mapped += sources.length;
        for (const [what, pattern] of NOT_ON_PUBLIC_PAGES) {
          const hit = sources.find((source) => pattern.test(source));
          if (hit) found.push(`${what}: ${hit} in ${file}`);
        }
      }
      expect(mapped, 'the chunks have source maps').toBeGreaterThan(10);
      expect(found).toEqual([]);
    });
  }

  it('the cabinet is a chunk of its own, loaded on demand (so the check above has something to miss)', () => {
    const cabinet = manifest['src/cabinet/CabinetLayout.tsx'];
    expect(cabinet?.isDynamicEntry).toBe(true);
    const initial = staticClosure(manifest, 'index.html');
    expect(initial.has('src/cabinet/CabinetLayout.tsx')).toBe(false);
    expect(sourcesOf(cabinet.file).some((source) => NOT_ON_PUBLIC_PAGES[0][1].test(source))).toBe(true);
  });
});

/** The portal's strings, one module (and chunk) per language; the first render waits for the active one's. */
const LANGUAGE_STRINGS = { kk: 'src/i18n/kk.ts', ru: 'src/i18n/ru.ts', en: 'src/i18n/en.ts' };

describe("the portal's strings load one language at a time", () => {
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  for (const [lang, module] of Object.entries(LANGUAGE_STRINGS)) {
    it(`${lang} is a chunk of its own, loaded on demand, not part of the entry's static imports`, () => {
      expect(manifest[module]?.isDynamicEntry, module).toBe(true);
      expect(staticClosure(manifest, 'index.html').has(module)).toBe(false);
      const sources = sourcesOf(manifest[module].file);
      const others = Object.entries(LANGUAGE_STRINGS).filter(([other]) => other !== lang);
      expect(sources.some((source) => source.endsWith(module))).toBe(true);
      expect(sources.filter((source) => others.some(([, path]) => source.endsWith(path)))).toEqual([]);
    });
  }

  it("no chunk of the entry's static imports holds a language's strings", () => {
    const files = [...staticClosure(manifest, 'index.html')].map((key) => manifest[key].file);
    const found = files.flatMap((file) =>
      sourcesOf(file).filter((source) => /portal\/src\/i18n\/(kk|ru|en)\.ts$/.test(source)),
    );
    expect(found).toEqual([]);
  });
});

/** Core's error texts, one chunk per language made at build time (packages/widgets/build/split-error-texts.ts). */
const ERROR_TEXTS = {
  kk: 'virtual:qoltanba-error-texts/kk',
  ru: 'virtual:qoltanba-error-texts/ru',
  en: 'virtual:qoltanba-error-texts/en',
};

/** A text of core's catalogue in each language (ACCOUNT_NOT_FOUND), to find which chunks carry which language. */
const ERROR_TEXT_SAMPLE = {
  kk: 'Тіркелгі табылмады',
  ru: 'Учётная запись не найдена',
  en: 'Account not found',
};

describe("core's error texts load one language at a time", () => {
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const code = (file) => readFileSync(join(dist, file), 'utf8');

  for (const [lang, module] of Object.entries(ERROR_TEXTS)) {
    it(`${lang} is a chunk of its own, loaded on demand, with that language's texts only`, () => {
      expect(manifest[module]?.isDynamicEntry, module).toBe(true);
      expect(staticClosure(manifest, 'index.html').has(module)).toBe(false);
      const text = code(manifest[module].file);
      for (const [other, sample] of Object.entries(ERROR_TEXT_SAMPLE)) {
        expect(text.includes(sample), `${other} text in the ${lang} chunk`).toBe(other === lang);
      }
    });
  }

  it("the entry's static imports hold no catalogue module and no error text of any language", () => {
    const files = [...staticClosure(manifest, 'index.html')].map((key) => manifest[key].file);
    const found = files.flatMap((file) => [
      ...sourcesOf(file).filter((source) => /core\/src\/errors\/catalogue\//.test(source)),
      ...Object.values(ERROR_TEXT_SAMPLE).filter((sample) => code(file).includes(sample)),
    ]);
    expect(found).toEqual([]);
  });
});

describe('the first load of / as the size budget and the browser see it', () => {
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const landing = PUBLIC_PAGES['/'];
  // The landing screen and the default language's strings and error texts (kk), with what each imports, beside the entry.
  const initial = () =>
    [
      ...staticClosure(
        manifest,
        ERROR_TEXTS.kk,
        staticClosure(
          manifest,
          LANGUAGE_STRINGS.kk,
          staticClosure(manifest, landing, staticClosure(manifest, 'index.html')),
        ),
      ),
    ]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'));

  it("the portal's size budget counts every chunk of it (a renamed or new chunk must not slip past the budget)", () => {
    const budget = JSON.parse(readFileSync(sizeLimitPath, 'utf8')).find((entry) =>
      [entry.path].flat().some((path) => path.startsWith('packages/portal/dist/assets/index-')),
    );
    expect(budget, 'the portal entry in .size-limit.json').toBeDefined();
    const patterns = [budget.path].flat().map((glob) => {
      const escaped = glob.replace('packages/portal/dist/', '').replace(/[.+?^${}()|[\]\\]/g, '\\$&');
      return new RegExp(`^${escaped.replaceAll('*', '[^/]+')}$`);
    });
    const missed = initial().filter((file) => !patterns.some((pattern) => pattern.test(file)));
    expect(missed).toEqual([]);
  });

  it("index.html preloads the landing screen's and kk strings' chunks beside the entry (no request waterfall)", () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
    const missing = initial().filter(
      (file) => file !== manifest['index.html'].file && !preloaded.includes(file),
    );
    expect(preloaded).toContain(manifest[landing].file);
    expect(preloaded).toContain(manifest[LANGUAGE_STRINGS.kk].file);
    expect(preloaded).toContain(manifest[ERROR_TEXTS.kk].file);
    expect(missing).toEqual([]);
  });
});

/** Pages opened directly with their own copy of index.html, and the screens each must preload (route-pages.json). */
const ROUTE_PAGE_SCREENS = {
  '/check': ['src/screens/public/CheckScreen.tsx'],
  '/tariffs': ['src/screens/public/TariffsScreen.tsx'],
  '/cabinet': ['src/cabinet/CabinetLayout.tsx', 'src/screens/cabinet/DocumentListScreen.tsx'],
};

describe('a page opened directly preloads its own screens, not the landing screen', () => {
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
  const routePagesPath = join(dist, 'route-pages.json');
  const routePages = existsSync(routePagesPath) ? JSON.parse(readFileSync(routePagesPath, 'utf8')) : [];
  const linked = (html, rel) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="/([^"]+)"`, 'g'))].map((m) => m[1]);

  it('route-pages.json names a page for each, and one for `/` (its landing prerendered)', () => {
    expect(routePages.map((page) => page.prefix).sort()).toEqual(
      ['/', ...Object.keys(ROUTE_PAGE_SCREENS)].sort(),
    );
  });

  it('the page of `/` loads what index.html loads, the landing screen and its styles too', () => {
    const main = routePages.find((entry) => entry.prefix === '/');
    const html = readFileSync(join(dist, main.file), 'utf8');
    const index = readFileSync(join(dist, 'index.html'), 'utf8');
    expect(html).toContain(`src="/${manifest['index.html'].file}"`);
    const preloaded = linked(html, 'modulepreload');
    expect(linked(index, 'modulepreload').filter((file) => !preloaded.includes(file))).toEqual([]);
    expect(linked(index, 'stylesheet').filter((file) => !linked(html, 'stylesheet').includes(file))).toEqual(
      [],
    );
    expect(linked(html, 'stylesheet')).toEqual(expect.arrayContaining(manifest[PUBLIC_PAGES['/']].css));
  });

  for (const [prefix, screens] of Object.entries(ROUTE_PAGE_SCREENS)) {
    it(`${prefix}: the entry and kk as index.html has them, its screens and their imports and styles, no landing`, () => {
      const page = routePages.find((entry) => entry.prefix === prefix);
      expect(page, prefix).toBeDefined();
      const html = readFileSync(join(dist, page.file), 'utf8');
      const index = readFileSync(join(dist, 'index.html'), 'utf8');
      expect(html).toContain(`src="/${manifest['index.html'].file}"`);
      const preloaded = linked(html, 'modulepreload');
      const needed = [...screens.reduce((seen, screen) => staticClosure(manifest, screen, seen), new Set())]
        .map((key) => manifest[key].file)
        .filter((file) => file !== manifest['index.html'].file);
      expect(needed.filter((file) => !preloaded.includes(file))).toEqual([]);
      expect(preloaded).toContain(manifest[LANGUAGE_STRINGS.kk].file);
      expect(preloaded).not.toContain(manifest[PUBLIC_PAGES['/']].file);
      const styles = screens.flatMap((screen) => manifest[screen].css ?? []);
      expect(styles.filter((css) => !linked(html, 'stylesheet').includes(css))).toEqual([]);
      // Everything index.html loads but the landing screen, the same way.
      const shared = linked(index, 'modulepreload').filter(
        (file) =>
          !staticClosure(manifest, PUBLIC_PAGES['/']).has(
            Object.keys(manifest).find((key) => manifest[key].file === file),
          ) || preloaded.includes(file),
      );
      expect(shared.filter((file) => !preloaded.includes(file))).toEqual([]);
    });
  }
});
