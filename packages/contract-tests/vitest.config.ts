import { defineConfig } from 'vitest/config';

// `source` makes @qoltanba/* resolve to their src/ (no build needed); only that one, as in the server's config
// (pg's require() of pg-pool must not pick its ESM build).
const conditions = ['source'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The real server runs on PGlite (WASM, a large heap): a process of its own.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
