import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `source` makes @qoltanba/* resolve to src/ (no build needed). Only that one: adding `import`/`module` here made
// pg's require() of pg-pool load its ESM build and fail.
const conditions = ['source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // PGlite is WASM with a large heap: worker processes keep the two workers' memory apart.
    pool: 'forks',
    // The longest suite of the run: vitest's default (cores - 1) is one worker on a 2-core machine, which leaves a core
    // idle once the other packages' suites are done. Files are isolated (own database clone or schema), so two is safe.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Database suites clone a migrated PGlite or create a PostgreSQL schema per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/testing/global-setup.ts'],
    // Files share a worker's modules: importing the server's graph per file cost more than the tests (12 sampled files:
    // 331 s isolated, 154 s not). Each file makes its own apps and databases; the setup file resets timers and stubs.
    isolate: false,
    setupFiles: ['./src/testing/fresh-file.ts'],
  },
});
