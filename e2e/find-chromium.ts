import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Picks the browser for the tests: CHROMIUM_PATH, else a system Chromium, else Playwright's own
 * managed build when it is already installed. Never downloads anything.
 */
export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  const system = SYSTEM_CHROMIUM.find((path) => existsSync(path));
  if (system) return system;
  const managed = chromium.executablePath();
  if (managed && existsSync(managed)) return managed;
  throw new Error(
    'No Chromium found. Install one (Debian: `apt-get install chromium`), point CHROMIUM_PATH at it, ' +
      'or, where the machine can download, run `npx playwright install chromium`.',
  );
}

/** Launch flags that keep Chromium off the network and working as root in containers. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];
