import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', main: 'src/main.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  // Every dependency (including @qoltanba/core's built dist) stays external and loads from node_modules.
  skipNodeModulesBundle: true,
});
