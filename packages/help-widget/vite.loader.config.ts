import { defineConfig } from 'vite';
import { sharedConfig } from './build/shared-config.ts';

/** The loader: dist/help-widget.js, a classic script (IIFE) for `<script async src>`. */
export default defineConfig({
  ...sharedConfig,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib: {
      entry: 'src/loader/script.ts',
      formats: ['iife'],
      name: 'QoltanbaHelpLoader',
      fileName: () => 'help-widget.js',
    },
    rolldownOptions: { output: { minify: true } },
  },
});
