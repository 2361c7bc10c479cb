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
    // PGlite is WASM with a large heap: separate processes keep memory and state apart.
    pool: 'forks',
    // Database suites clone a migrated PGlite or create a PostgreSQL schema per file.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['./src/testing/global-setup.ts'],
  },
});
