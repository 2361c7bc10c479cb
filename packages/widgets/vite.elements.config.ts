import { defaultClientConditions, defineConfig } from 'vite';
import { ELEMENT_STAND_INS, elementBuildPlugins } from './build/element-build.ts';
import { languageChunkOf } from './build/split-widget-texts.ts';

/** One entry per element (dist/elements/qoltanba-*.js) plus dist/elements.js, which defines them all. */
const entries = {
  elements: 'src/elements/index.ts',
  'elements/qoltanba-verify': 'src/elements/entries/qoltanba-verify.ts',
  'elements/qoltanba-sign': 'src/elements/entries/qoltanba-sign.ts',
  'elements/qoltanba-document-status': 'src/elements/entries/qoltanba-document-status.ts',
  'elements/qoltanba-language-switch': 'src/elements/entries/qoltanba-language-switch.ts',
};

// What every element needs goes into one shared chunk (dist/elements/runtime-<hash>.js): Preact, @r2wc, nanostores,
// wretch, the theme and the element shell, plus what at least two elements share.
// Each element's own widgets, texts and styles stay in its chunk.
const RUNTIME = [
  /[\\/]node_modules[\\/](preact|@r2wc|nanostores|@nanostores|wretch)[\\/]/,
  /[\\/]src[\\/](elements[\\/](runtime|attributes|events|define-element|element-shell|adopt-styles|widgets-css)|theme)[\\/.]/,
];

/**
 * Self-contained browser modules registering the custom elements: React is swapped for preact/compat, i18next for
 * a small translator, core's error catalogue and the widgets' texts for one chunk per language loaded on demand
 * (dist/elements/texts-<lang>-<hash>.js); the widget CSS is inlined for the shadow roots.
 */
export default defineConfig({
  // Asset URLs (pdf.js's worker) relative to the chunk that loads them, so the bundle works from any folder a
  // partner or our server (/widgets/) serves it from, not only from the site root.
  base: './',
  plugins: elementBuildPlugins(),
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      ...ELEMENT_STAND_INS,
    ],
  },
  // JSX is compiled by oxc in Vite 8; point it at Preact's runtime.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    // CSS per chunk, so each element carries its own styles (build/inline-widgets-css.ts).
    cssCodeSplit: true,
    // Not library mode, which would inline pdf.js's worker (1.2 MB) as a data URL: the worker is emitted as a file.
    modulePreload: false,
    copyPublicDir: false,
    assetsDir: 'elements',
    rolldownOptions: {
      input: entries,
      // The all-elements entry is also a module with exports (defineQoltanbaElements ...); keep them.
      preserveEntrySignatures: 'strict',
      output: {
        format: 'es',
        assetFileNames: 'elements/[name]-[hash][extname]',
        minify: true,
        entryFileNames: '[name].js',
        chunkFileNames: 'elements/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // A language's texts, the error catalogue's and every widget's, in one chunk loaded on demand (plain
            // data without imports, so no shared module follows them in).
            {
              debugName: 'texts',
              name: (id: string) => {
                const lang = languageChunkOf(id);
                return lang ? `texts-${lang}` : null;
              },
              priority: 3,
              test: (id: string) => languageChunkOf(id) !== undefined,
            },
            {
              name: 'runtime',
              priority: 2,
              test: (id: string) => RUNTIME.some((pattern) => pattern.test(id)),
            },
            // Whatever two elements share (three entries: dist/elements.js and the two elements' own), e.g. the
            // sdk's client, documents-common, icons; the rest of a widget stays in its element's chunk.
            {
              name: 'runtime',
              priority: 1,
              minShareCount: 3,
              test: /[\\/](packages|node_modules)[\\/](?!pdfjs-dist[\\/])/,
            },
          ],
        },
      },
    },
  },
});
