import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { splitErrorTexts } from './build/split-error-texts.ts';

export default defineConfig({
  plugins: [vanillaExtractPlugin(), react(), splitErrorTexts()],
  // Resolve @qoltanba/* to their src so tests run without a build.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    // Timeouts catch hangs, not slowness: a loaded 2-core CI machine can take seconds for a DOM test with axe.
    testTimeout: 20_000,
    // A file's real server (@qoltanba/server/testing) starts in beforeAll: seconds on a loaded machine.
    hookTimeout: 60_000,
    // The migrated PGlite template is built once per run, before the files that start a server clone it.
    globalSetup: ['../server/src/testing/global-setup.ts'],
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A worker runs many files without a new process, window and import of every widget per file (the setup's
    // Storybook preview imports them all); fresh-file.ts, first, resets what an isolated file would start without.
    isolate: false,
    setupFiles: ['src/test-support/fresh-file.ts', 'src/test-support/setup.ts'],
    restoreMocks: true,
  },
});
