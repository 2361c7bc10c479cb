import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './find-chromium';
import { testServerEnv } from './server-env';

const port = Number(process.env.E2E_PORT ?? 8181);
// The development signer (the NCALayer emulator the server starts) on a fixed port, not npm start's 13580.
const devSignerPort = Number(process.env.E2E_DEV_SIGNER_PORT ?? 13590);
const dataDir = mkdtempSync(join(tmpdir(), 'qoltanba-e2e-'));

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // One retry in CI; a test that needs it is reported as flaky by name in the summary.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: '.reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
    trace: 'off',
  },
  webServer: {
    command: 'node ../packages/server/dist/main.js',
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: testServerEnv({ port, devSignerPort, dataDir }),
  },
});
