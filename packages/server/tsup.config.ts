import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    main: 'src/main.ts',
    admin: 'src/admin/main.ts',
    'testing/index': 'src/testing/test-server/index.ts',
  },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  // tsup 8's declaration build passes `baseUrl`, which TypeScript 6 deprecates (an error unless silenced).
  dts: {
    entry: { index: 'src/index.ts', 'testing/index': 'src/testing/test-server/index.ts' },
    compilerOptions: { ignoreDeprecations: '6.0' },
  },
  clean: true,
  sourcemap: true,
  // Every dependency (including @qoltanba/core's built dist) stays external and loads from node_modules; the test
  // entry's testkit and vitest too (tests have them).
  skipNodeModulesBundle: true,
  external: ['@qoltanba/testkit', 'vitest'],
});
