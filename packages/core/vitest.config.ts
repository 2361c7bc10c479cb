import { defineConfig } from 'vitest/config';

// `source` first so that @qoltanba/* packages resolve to src/ and tests never need a build.
const conditions = ['source', 'module', 'node', 'import', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
