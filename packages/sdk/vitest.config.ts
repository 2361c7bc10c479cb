import { defineConfig } from 'vitest/config';

// Resolve @qoltanba/* to their TypeScript sources so tests never need a prior build.
const conditions = ['source', 'module', 'browser', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    // Timeouts catch hangs, not slowness: a loaded 2-core CI machine can take seconds for a DOM test with axe.
    testTimeout: 20_000,
    // Tests on the real server start it in beforeAll: a loaded machine takes more than the default 10 s.
    hookTimeout: 60_000,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
  },
});
