import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { keepPdfWorkerUrl } from './build/keep-pdf-worker-url.ts';
import pkg from './package.json' with { type: 'json' };

const external = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];

/**
 * Library build of the React components: dist/index.js + dist/index.css, dependencies left external (pdf.js
 * stays a dynamic import, its worker URL is left to the host's bundler); and dist/mini-i18next.js, the small
 * translator that stands in for i18next in a bundler's alias (`@qoltanba/widgets/mini-i18next`, the portal's build).
 */
export default defineConfig({
  plugins: [vanillaExtractPlugin(), react(), keepPdfWorkerUrl()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: { index: 'src/index.ts', 'mini-i18next': 'src/elements/runtime/mini-i18next.ts' },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
      cssFileName: 'index',
    },
    rolldownOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
    },
  },
});
