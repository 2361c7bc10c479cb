import { defaultClientConditions, defineConfig } from 'vite';
import { ELEMENT_STAND_INS, elementBuildPlugins } from './build/element-build.ts';
import { languageChunkOf } from './build/split-widget-texts.ts';

/** React and React DOM are the host's (peer dependencies): every import of them stays an import. */
export const HOST_REACT = /^(react|react-dom)(\/.*)?$/;

/**
 * dist/react-embed.js: the embedding elements compiled against the host's React, the React counterpart of the
 * elements build (vite.elements.config.ts) with the same stand-ins (a small translator for i18next, unchecked zod
 * schemas), texts one chunk per language loaded on demand, and the widget CSS inlined for the shadow roots. Each
 * element is a chunk of its own (dist/react-embed/<element>-<hash>.js), loaded on its component's first mount;
 * pdf.js and its worker are files beside them.
 */
export default defineConfig({
  // Asset URLs (pdf.js's worker) relative to the chunk that loads them, wherever the host's bundler puts them.
  base: './',
  plugins: elementBuildPlugins(),
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [...ELEMENT_STAND_INS],
  },
  // JSX is compiled by oxc in Vite 8, against the host's React.
  oxc: { jsx: { runtime: 'automatic', importSource: 'react', development: false } },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    cssCodeSplit: true,
    // Not library mode, which would inline pdf.js's worker as a data URL: the worker is emitted as a file.
    modulePreload: false,
    copyPublicDir: false,
    assetsDir: 'react-embed',
    rolldownOptions: {
      input: { 'react-embed': 'src/react-embed/index.tsx' },
      preserveEntrySignatures: 'strict',
      external: (id) => HOST_REACT.test(id),
      output: {
        format: 'es',
        assetFileNames: 'react-embed/[name]-[hash][extname]',
        minify: true,
        entryFileNames: '[name].js',
        chunkFileNames: 'react-embed/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // A language's texts, the error catalogue's and every widget's, in one chunk loaded on demand.
            {
              debugName: 'texts',
              name: (id: string) => {
                const lang = languageChunkOf(id);
                return lang ? `texts-${lang}` : null;
              },
              priority: 2,
              test: (id: string) => languageChunkOf(id) !== undefined,
            },
          ],
        },
      },
    },
  },
});
