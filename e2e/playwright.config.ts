import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './find-chromium';

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
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // E-mailed links and eGov mobile's API #1 address point where the tests reach the server.
      QOLTANBA_PUBLIC_URL: `http://127.0.0.1:${port}`,
      QOLTANBA_DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The NCALayer emulator with the NCA RK TEST keys of ../shared/pki (QOLTANBA_PKI_DIR), trusted by the server.
      QOLTANBA_DEV_SIGNER: 'true',
      QOLTANBA_DEV_SIGNER_PORT: String(devSignerPort),
      // Webhook deliveries every second, so embed.spec.ts sees them arrive at its receiver without waiting long.
      QOLTANBA_WEBHOOK_INTERVAL_SECONDS: '1',
      // The examples' webhook receiver listens on 127.0.0.1, a private address NODE_ENV=test otherwise refuses.
      QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'true',
      // The whole suite comes from one address within minutes; every portal page now also asks for the help
      // widget's config and a support identity token, which took a run past the default 600 API requests a minute.
      RATE_LIMIT_MAX: '20000',
    },
  },
});
