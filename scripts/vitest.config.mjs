import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (scripts/, the e2e browser finder), run by `npm test` next to the packages' suites.
export default defineConfig({
  test: {
    include: ['scripts/**/*.test.mjs', 'e2e/*.test.ts'],
    root: new URL('..', import.meta.url).pathname,
  },
});
