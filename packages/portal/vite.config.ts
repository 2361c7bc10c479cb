/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type * as SplitErrorTexts from '@qoltanba/widgets/split-error-texts';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport } from 'vite';
import { firstRouteModulePreload } from './build/first-route-preload.ts';

/**
 * The small translator standing in for i18next (the part of its API the sdk uses, keeping texts by reference), the
 * one the widgets' element builds use (exported as @qoltanba/widgets/mini-i18next): i18next's 50 kB of options,
 * plugins and plural rules are 14 kB of the portal's first load, and no portal text uses them.
 */
const I18NEXT_STAND_IN = sourceOfExport('@qoltanba/widgets', './mini-i18next');

/**
 * The file of a workspace package's export under its `source` condition, as an absolute path: the alias must be a
 * file, not a specifier, since vanilla-extract's style compiler reuses the aliases without the `source` condition.
 */
function sourceOfExport(name: string, entry: string): string {
  const manifestUrl = import.meta.resolve(`${name}/package.json`);
  const manifest = JSON.parse(readFileSync(fileURLToPath(manifestUrl), 'utf8')) as {
    exports: Record<string, { source: string }>;
  };
  const source = manifest.exports[entry]?.source;
  if (!source) throw new Error(`${name} exports no ${entry} with a source condition`);
  return fileURLToPath(new URL(source, manifestUrl));
}

/** The portal's store of loaded error texts, which the browser build's catalogue reads (src/i18n/errorTexts.ts). */
const ERROR_TEXTS_MODULE = fileURLToPath(new URL('./src/i18n/errorTexts.ts', import.meta.url));

/**
 * The widgets' plugin that splits core's error catalogue per language (their element builds use it too). It is
 * TypeScript source for the workspace (exported under `source` only), which the config's bundle would leave to Node
 * as an external package: vite's runner loads it.
 */
const { splitErrorTexts } = (
  await runnerImport<typeof SplitErrorTexts>(sourceOfExport('@qoltanba/widgets', './split-error-texts'))
).module;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    // Core's error catalogue one language at a time in the browser's bundle (the other two were ~6 kB brotli of the
    // first load); tests, the dev server and the prerender keep the full catalogue and get only the loader.
    splitErrorTexts({
      replaceCatalogue: command === 'build' && !isSsrBuild,
      languagesModule: ERROR_TEXTS_MODULE,
      keepEntryFields: true,
    }),
    firstRouteModulePreload(),
  ],
  resolve: {
    // `source` first: @qoltanba/* workspace packages resolve to their TypeScript sources, no build needed.
    conditions: ['source', 'module', 'browser', 'development|production'],
    // The build only: tests and the dev server keep i18next (the stand-in has its own tests in the widgets).
    alias: command === 'build' ? [{ find: /^i18next$/, replacement: I18NEXT_STAND_IN }] : [],
  },
  // The build's prerender (`vite build --ssr`, build/prerender.mjs) resolves the workspace packages to the same
  // sources as the browser's bundle: their styles' class names must be the ones of the page's stylesheets.
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  // Only VITE_QOLTANBA_* reach the bundle; nothing else from the environment leaks in.
  envPrefix: 'VITE_QOLTANBA_',
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Maps are written for error reporting but not referenced from the served bundles.
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks each page loads, read by scripts/portal-chunks.test.mjs.
    manifest: true,
  },
  test: {
    // Timeouts catch hangs, not slowness: a loaded 2-core CI machine can take seconds for a DOM test with axe.
    testTimeout: 20_000,
    // A file's real server starts in beforeAll (PGlite clone, test PKI): seconds on a loaded machine.
    hookTimeout: 60_000,
    // The migrated PGlite template is built once per run, before the files that start a server clone it.
    globalSetup: ['../server/src/testing/global-setup.ts'],
    environment: 'happy-dom',
    // The app shell adds the help widget's script tag; happy-dom loads no scripts, and says so on the console
    // unless a skipped script counts as loaded (the failure path is tested by dispatching `error`).
    environmentOptions: { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: true } } },
    include: ['src/**/*.test.{ts,tsx}'],
    // A worker runs many files without a new process, window, import of the app and test server per file (the files
    // of a worker share one server: testServerPerFile); fresh-file.ts, first, resets what an isolated file starts without.
    isolate: false,
    setupFiles: ['./src/test/fresh-file.ts', './src/test/setup.ts'],
    restoreMocks: true,
  },
}));
