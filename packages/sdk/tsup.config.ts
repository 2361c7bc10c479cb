import { defineConfig } from 'tsup';

export default defineConfig({
  // `testing` is the fake server for tests (`@qoltanba/sdk/testing`), a separate entry so apps never load it.
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm'],
  // tsup 8's declaration build passes `baseUrl`, which TypeScript 6 deprecates (an error unless silenced).
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  platform: 'neutral',
});
