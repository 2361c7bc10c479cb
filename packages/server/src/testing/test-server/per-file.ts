import { rmSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './start-test-server.js';

const START_TIMEOUT_MS = 120_000;

/** Options of {@link testServerPerFile}. */
export interface PerFileOptions extends TestServerOptions {
  /** Give each test that reads the server a fresh world (tables emptied and seeded again, calls and faults forgotten); true by default. */
  resetEachTest?: boolean;
}

/** A server a worker keeps for the files it runs, and whether a test has used it since its last reset. */
interface SharedServer {
  server: Promise<TestServer>;
  used: boolean;
}

// The worker's servers live on globalThis: under `isolate: false` a worker runs many files, each with its own module
// graph (see `fresh-modules` setups), but the same global object. One server per distinct set of options.
const SHARED_KEY = Symbol.for('qoltanba.test-server.per-worker');

function sharedServers(): Map<string, SharedServer> {
  const scope = globalThis as { [SHARED_KEY]?: Map<string, SharedServer> };
  scope[SHARED_KEY] ??= new Map();
  return scope[SHARED_KEY];
}

/** True when vitest runs this worker's files without isolation, so a server can outlive a file. */
function workerRunsManyFiles(): boolean {
  // vitest's worker state (not a public API): a missing value counts as isolated, the safe choice.
  const state = (globalThis as { __vitest_worker__?: { config?: { isolate?: boolean } } }).__vitest_worker__;
  return state?.config?.isolate === false;
}

/** Options two files can share a server under: none that holds functions (mailers, hooks) of one file. */
function sharingKey(options: TestServerOptions): string | undefined {
  if (options.app !== undefined) return undefined;
  return JSON.stringify({
    env: options.env ?? {},
    clockStart: options.clockStart,
    world: options.world ?? true,
  });
}

function startShared(key: string, options: TestServerOptions): SharedServer {
  const servers = sharedServers();
  const known = servers.get(key);
  if (known) return known;
  const entry: SharedServer = { server: startTestServer(options), used: false };
  servers.set(key, entry);
  // The worker ends with the run; its data folders go with it (the in-memory database needs nothing).
  entry.server.then(
    (server) =>
      process.once('exit', () => rmSync(server.server.config.dataDir, { recursive: true, force: true })),
    () => servers.delete(key),
  );
  return entry;
}

/**
 * A test server for the calling test file. Before each test that reads `server` the world is made fresh (a test
 * that never reads it costs nothing). When vitest runs a worker's files without isolation (`isolate: false`), the
 * files of that worker share one server per set of options and each file starts on a fresh world; otherwise the
 * file starts its own server in `beforeAll` and closes it in `afterAll`. Read the server inside tests or hooks.
 *
 * @example
 * const test = testServerPerFile();
 * it('lists folders', async () => {
 *   const client = createQoltanbaClient({ baseUrl: test.server.baseUrl, fetch: test.server.fetch });
 * });
 */
export function testServerPerFile(options: PerFileOptions = {}): { readonly server: TestServer } {
  const { resetEachTest = true, ...serverOptions } = options;
  const key = workerRunsManyFiles() ? sharingKey(serverOptions) : undefined;
  let server: TestServer | undefined;
  let shared: SharedServer | undefined;
  // A file's own server starts fresh; a shared one may carry the last file's world.
  let used = false;
  // The file's first test gets the world its beforeAll hooks left.
  let first = true;
  // Starting takes about a second alone, and more on a loaded machine (PGlite's start, the PKI's first keys).
  beforeAll(async () => {
    if (key === undefined) {
      server = await startTestServer(serverOptions);
      return;
    }
    shared = startShared(key, serverOptions);
    server = await shared.server;
    used = shared.used;
    if (used) await resetNow(server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    if (shared) shared.used = used;
    else await server?.close();
  });
  async function resetNow(target: TestServer) {
    await target.reset();
    used = false;
  }
  beforeEach(async () => {
    // Every test but the file's first gets a fresh world when its predecessors read the server.
    if (resetEachTest && server && used && !first) await resetNow(server);
    first = false;
  }, START_TIMEOUT_MS);
  return {
    get server() {
      if (!server) throw new Error('the test server starts in beforeAll: read it inside a test or a hook');
      used = true;
      return server;
    },
  };
}
