import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defaultClientConditions, defineConfig } from 'vite';
import { inlineWidgetsCss } from './build/inline-widgets-css.ts';

/**
 * Self-contained browser bundle dist/elements.js registering the custom elements: React is swapped for
 * preact/compat, dependencies are bundled, and the widget CSS is inlined for the shadow roots.
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin(), inlineWidgetsCss()],
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
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
    lib: { entry: 'src/elements/index.ts', formats: ['es'], fileName: 'elements', cssFileName: 'elements' },
    rolldownOptions: { output: { minify: true } },
  },
});
