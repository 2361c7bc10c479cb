import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The command that downloads Playwright's own Chromium. */
export const INSTALL_COMMAND = ['npx', 'playwright', 'install', 'chromium'] as const;

// A download that has not finished by then is not going to: fail with the how-to instead of hanging.
const INSTALL_TIMEOUT_MS = 10 * 60_000;

/** What the finder needs from the machine; tests pass their own. */
export interface ChromiumFinderDeps {
  /** Environment variables (CHROMIUM_PATH, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD). */
  env: Record<string, string | undefined>;
  /** True when a file exists at `path`. */
  exists(path: string): boolean;
  /** Where Playwright's managed Chromium is, or would be once installed. */
  managedPath(): string;
  /** Runs a command to completion; `ok` is false when it could not start or exited non-zero. */
  run(command: string, args: readonly string[]): { ok: boolean; detail?: string };
}

const e2eDir = dirname(fileURLToPath(import.meta.url));

const machine: ChromiumFinderDeps = {
  env: process.env,
  exists: existsSync,
  managedPath: () => chromium.executablePath(),
  run(command, args) {
    const result = spawnSync(command, args, { cwd: e2eDir, stdio: 'inherit', timeout: INSTALL_TIMEOUT_MS });
    if (result.error) return { ok: false, detail: result.error.message };
    return result.status === 0
      ? { ok: true }
      : { ok: false, detail: `exit ${result.status ?? result.signal ?? 'unknown'}` };
  },
};

/** The flag turns downloads off when set to anything but empty, `0` or `false`. */
function downloadsOff(flag: string | undefined): boolean {
  return flag !== undefined && !['', '0', 'false'].includes(flag.trim().toLowerCase());
}

function noBrowser(why: string): Error {
  return new Error(
    `No Chromium found (${why}). Install one (Debian: \`apt-get install chromium\`), point CHROMIUM_PATH at ` +
      `it, or, on a machine that can download, run \`${INSTALL_COMMAND.join(' ')}\` in e2e/.`,
  );
}

/**
 * Picks the browser for the tests: CHROMIUM_PATH, else a system Chromium, else Playwright's own managed
 * build, installing it with `npx playwright install chromium` when it is missing (skipped when
 * PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD is set). Never downloads while a browser exists. Throws an Error that
 * says how to get a browser when none can be had.
 */
export function findChromium(deps: Partial<ChromiumFinderDeps> = {}): string {
  const { env, exists, managedPath, run } = { ...machine, ...deps };
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!exists(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist.`);
    return fromEnv;
  }
  const system = SYSTEM_CHROMIUM.find((path) => exists(path));
  if (system) return system;
  const managed = managedPath();
  if (exists(managed)) return managed;
  if (downloadsOff(env.PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD))
    throw noBrowser('downloads are off: PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD');
  const [command, ...args] = INSTALL_COMMAND;
  const installed = run(command, args);
  if (!installed.ok)
    throw noBrowser(`\`${INSTALL_COMMAND.join(' ')}\` failed: ${installed.detail ?? 'no detail'}`);
  if (!exists(managed)) throw noBrowser(`\`${INSTALL_COMMAND.join(' ')}\` left nothing at ${managed}`);
  return managed;
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
