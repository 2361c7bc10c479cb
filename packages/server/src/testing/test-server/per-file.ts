import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from './start-test-server.js';

const START_TIMEOUT_MS = 120_000;

/** Options of {@link testServerPerFile}. */
export interface PerFileOptions extends TestServerOptions {
  /** Give each test a fresh world (tables emptied and seeded again, calls and faults forgotten); true by default. */
  resetEachTest?: boolean;
}

/**
 * One test server for the calling test file (started in `beforeAll`, closed in `afterAll`); before each test the
 * world is made fresh. Read the server inside tests or hooks, not at the top level.
 *
 * @example
 * const test = testServerPerFile();
 * it('lists folders', async () => {
 *   const client = createQoltanbaClient({ baseUrl: test.server.baseUrl, fetch: test.server.fetch });
 * });
 */
export function testServerPerFile(options: PerFileOptions = {}): { readonly server: TestServer } {
  const { resetEachTest = true, ...serverOptions } = options;
  let server: TestServer | undefined;
  let fresh = true;
  // Starting takes about a second alone, and more on a loaded machine (PGlite's start, the PKI's first keys).
  beforeAll(async () => {
    server = await startTestServer(serverOptions);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    // The first test gets the world as started; later ones a reset.
    if (resetEachTest && server && !fresh) await server.reset();
    fresh = false;
  }, START_TIMEOUT_MS);
  return {
    get server() {
      if (!server) throw new Error('the test server starts in beforeAll: read it inside a test or a hook');
      return server;
    },
  };
}
