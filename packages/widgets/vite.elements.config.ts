import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultClientConditions, defineConfig } from 'vite';
import { inlineWidgetsCss } from './build/inline-widgets-css.ts';
import { splitErrorTexts } from './build/split-error-texts.ts';

/** One entry per element (dist/elements/qoltanba-*.js) plus dist/elements.js, which defines them all. */
const entries = {
  elements: 'src/elements/index.ts',
  'elements/qoltanba-verify': 'src/elements/entries/qoltanba-verify.ts',
  'elements/qoltanba-language-switch': 'src/elements/entries/qoltanba-language-switch.ts',
};

// What every element needs goes into one shared chunk (dist/elements/runtime-<hash>.js): Preact, @r2wc, nanostores,
// the sdk's client, i18n and locale, core's rules, the theme and shared widget pieces, and the element shell.
// Each element's own widgets, texts and styles stay in its chunk.
const RUNTIME = [
  /[\\/]node_modules[\\/]/,
  /[\\/]packages[\\/]sdk[\\/]/,
  /[\\/]src[\\/](elements[\\/](runtime|attributes|events|define-element|element-shell|adopt-styles|widgets-css)|theme)[\\/.]/,
];

/**
 * Self-contained browser modules registering the custom elements: React is swapped for preact/compat, i18next for
 * a small translator, core's error catalogue for one chunk per language loaded on demand; the widget CSS is
 * inlined for the shadow roots.
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin(), splitErrorTexts({ replaceCatalogue: true }), inlineWidgetsCss()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^i18next$/, replacement: new URL('./src/elements/runtime/mini-i18next.ts', import.meta.url).pathname },
      { find: /^zod$/, replacement: new URL('./src/elements/runtime/unchecked-zod.ts', import.meta.url).pathname },
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
    lib: { entry: entries, formats: ['es'], cssFileName: 'elements' },
    rolldownOptions: {
      output: {
        minify: true,
        entryFileNames: '[name].js',
        chunkFileNames: 'elements/[name]-[hash].js',
        codeSplitting: {
          groups: [
            { name: 'runtime', test: (id: string) => RUNTIME.some((pattern) => pattern.test(id)) },
          ],
        },
      },
    },
  },
});
