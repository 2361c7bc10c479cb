import { defineConfig } from 'vite';
import { sharedConfig } from './build/shared-config.ts';

/** The panel module: dist/help/panel.js, one ES module with its texts, loaded by the loader beside it. */
export default defineConfig({
  ...sharedConfig,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib: { entry: 'src/panel/index.ts', formats: ['es'], fileName: () => 'help/panel.js' },
    rolldownOptions: { output: { minify: true, codeSplitting: false } },
  },
});
