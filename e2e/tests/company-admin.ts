import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { PROFILE_PATHS } from '@qoltanba/core';
import { testServerEnv } from '../server-env';
import type { Tokens } from './accounts-session';
import { senderOfTestCompany, TEST_COMPANY } from './signing-session';

// A company has one administrator: the member who attached it first (registry module). On the suite's shared server
// that is whichever spec attached АО "ТЕСТ" first, so a spec that needs the administrator (API keys) runs against a
// server of its own with an empty database, where its user attaches the company first by construction. Nothing in
// the product changes for it: the same built server, started once more with a fresh data folder. A spec that needs
// other settings (tariffs.spec.ts: tariffs enforced) starts one with `startServer` itself.

const SERVER_MAIN = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'packages',
  'server',
  'dist',
  'main.js',
);

/** A server of one worker's own: its address (also the tests' `baseURL`). */
export interface IsolatedServer {
  url: string;
}

/** The administrator of АО "ТЕСТ" on the isolated server: their tokens. */
export interface CompanyAdministrator {
  tokens: Tokens;
  bin: string;
}

/** A port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A built server started by {@link startServer}: its address, its process and its data folder. */
export interface StartedServer {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

/** What a spec changes in {@link startServer}'s start. */
export interface StartOptions {
  /** Variables over the defaults (e.g. tariffs enforced). */
  env?: NodeJS.ProcessEnv;
  /** Runs with the server's environment before it starts (an admin command: PGlite lets one process open the folder). */
  beforeStart?: (env: NodeJS.ProcessEnv) => void;
  /** How long the server may take to answer `/readyz` (30 s by default). */
  readyTimeout?: number;
}

/**
 * Starts the built server on free ports and an empty data folder, with playwright.config.ts's webServer settings
 * (the development signer on) and `options.env` over them; resolves once it answers `/readyz`, refuses if it exits.
 */
export async function startServer(options: StartOptions = {}): Promise<StartedServer> {
  const [port, devSignerPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'qoltanba-e2e-isolated-'));
  // The suite's server settings on other ports and an empty data folder.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...testServerEnv({ port, devSignerPort, dataDir }),
    ...options.env,
  };
  options.beforeStart?.(env);
  const child = spawn(process.execPath, [SERVER_MAIN], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the isolated server exited with ${code}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([
    exited,
    expect
      .poll(
        () =>
          fetch(`${url}/readyz`).then(
            (answer) => answer.status,
            () => 0,
          ),
        {
          message: `the isolated server on ${url}`,
          timeout: options.readyTimeout ?? 30_000,
        },
      )
      .toBe(200),
  ]);
  // Ready, and ours: a server already on the port would answer too, while this one exits (port in use).
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(child.exitCode, `the server on port ${port} exited`).toBeNull();
  return { url, child, dataDir };
}

/** Stops a server of {@link startServer} (unless it exited) and removes its data folder. */
export async function stopServer(server: StartedServer): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const stopped = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await stopped;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

/**
 * Playwright's `test` with a server of the worker's own (`isolatedServer`, also the `baseURL` of its tests) and
 * `companyAdministrator`: a fresh user who attached АО "ТЕСТ" there first (with the development signer), checked to
 * be its administrator. Use it in a spec that needs the administrator; it passes alone and in any order.
 */
export const test = base.extend<
  object,
  { isolatedServer: IsolatedServer; companyAdministrator: CompanyAdministrator }
>({
  isolatedServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const server = await startServer();
      await use({ url: server.url });
      await stopServer(server);
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  companyAdministrator: [
    async ({ browser, playwright, isolatedServer }, use) => {
      const request = await playwright.request.newContext({ baseURL: isolatedServer.url });
      const page = await browser.newPage({ baseURL: isolatedServer.url });
      const tokens = await senderOfTestCompany(page, request);
      await page.close();
      const companies = await request.get(PROFILE_PATHS.companies, {
        headers: { Authorization: `Bearer ${tokens.access_token}` },
      });
      expect(companies.ok(), await companies.text()).toBe(true);
      const attached = ((await companies.json()) as { bin: string; isAdmin?: boolean }[]).find(
        (company) => company.bin === TEST_COMPANY.bin,
      );
      expect(attached?.isAdmin, 'the first member to attach АО "ТЕСТ" administers it').toBe(true);
      await request.dispose();
      await use({ tokens, bin: TEST_COMPANY.bin });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ isolatedServer }, use) => use(isolatedServer.url),
});

export { expect };
