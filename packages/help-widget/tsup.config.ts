import { defineConfig } from 'tsup';

// The ESM entry for bundlers (dist/index.js + index.d.ts); the script-tag builds come from Vite (vite.*.config.ts).
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  // tsup 8's declaration build passes `baseUrl`, which TypeScript 6 deprecates (an error unless silenced).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: false,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
});
