import { defineConfig } from 'vitest/config';

// Tests of the repository's own tooling (scripts/), run by `npm test` next to the packages' suites.
export default defineConfig({
  test: { include: ['scripts/**/*.test.mjs'], root: new URL('..', import.meta.url).pathname },
});
