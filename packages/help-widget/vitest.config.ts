import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { helpErrorTexts } from './build/error-texts.ts';

export default defineConfig({
  plugins: [helpErrorTexts()],
  // Resolve @qoltanba/* to their sources so tests never need a build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', 'module', 'node', 'development|production'] } },
  test: {
    // Timeouts catch hangs, not slowness: a loaded 2-core machine can take seconds for a DOM test.
    testTimeout: 20_000,
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
  },
});
