import { defineConfig } from 'vitest/config';

// `source` first so that @qoltanba/* packages resolve to src/ and tests never need a build.
const conditions = ['source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    // Timeouts catch hangs, not slowness: a loaded 2-core CI machine can take seconds for a DOM test with axe.
    testTimeout: 20_000,
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
