import { defineConfig } from 'vitest/config';

// Resolve @qoltanba/* to their TypeScript sources so tests never need a prior build.
const conditions = ['source', 'module', 'browser', 'development|production'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    // Timeouts catch hangs, not slowness: a loaded 2-core CI machine can take seconds for a DOM test with axe.
    testTimeout: 20_000,
    // A file's real server starts in beforeAll (PGlite clone, test PKI): seconds on a loaded machine.
    hookTimeout: 60_000,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
    // A worker runs many files and they share its real server (one PGlite start per worker, not per file: see
    // testServerPerFile); the setup file gives each file fresh modules and browser storage instead.
    isolate: false,
    setupFiles: ['./src/test-support/fresh-file.ts'],
  },
});
