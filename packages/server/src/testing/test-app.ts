import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { type CreateAppOptions, createApp, type QoltanbaApp } from '../app.js';
import { type Config, loadConfig } from '../config/config.js';
import { defineRoute } from '../http/route.js';
import type { AppModule } from '../modules/module.js';
import { openTestPGlite, type TestBackend } from './test-databases.js';

/** A test server plus its captured log lines; `close()` also closes the database and removes the data folder. */
export interface TestApp extends QoltanbaApp {
  config: Config;
  logs: string[];
  /** Parsed JSON log records. */
  logRecords(): Array<Record<string, unknown>>;
}

/**
 * The scrypt cost (log2 N) of passwords that test servers hash: 2^10, about a millisecond instead of tens at the
 * production cost; only NODE_ENV=test may go below `PASSWORD_SCRYPT_MIN_COST`.
 */
export const TEST_PASSWORD_SCRYPT_COST = 10;

/** Options of {@link createTestApp}. */
export interface TestAppOptions extends Omit<CreateAppOptions, 'database' | 'logStream'> {
  backend?: TestBackend;
  /** Extra environment variables for loadConfig (NODE_ENV is 'test' unless given). */
  env?: Record<string, string | undefined>;
}

/** Creates a server on a fresh isolated database (PGlite clone by default), logging into memory. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { backend, env, ...appOptions } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'qoltanba-test-'));
  const missing = join(dataDir, 'not-built');
  const testMode = (env && 'NODE_ENV' in env ? env.NODE_ENV : 'test') === 'test';
  const { config } = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    QOLTANBA_DATA_DIR: dataDir,
    QOLTANBA_PORTAL_DIR: missing,
    QOLTANBA_WIDGETS_DIR: missing,
    QOLTANBA_SDK_DIR: missing,
    QOLTANBA_HELP_WIDGET_DIR: missing,
    // Webhook rounds every few seconds would crowd tests that advance fake timers by hours; the partner tests run
    // rounds themselves.
    QOLTANBA_WEBHOOK_INTERVAL_SECONDS: '0',
    // Likewise the message queue's sweep: the kick after each commit delivers; tests of retries drain or opt in.
    QOLTANBA_OUTBOX_SWEEP_SECONDS: '0',
    // Registrations and password changes hash cheaply (test mode only: a test of another mode keeps its default);
    // stored hashes carry their cost, so logins check them as is.
    ...(testMode ? { QOLTANBA_PASSWORD_SCRYPT_COST: String(TEST_PASSWORD_SCRYPT_COST) } : {}),
    // A backend of testDatabasesAndStorage() brings its blob store.
    ...backend?.storageEnv,
    ...env,
  });
  const database = backend ? await backend.open() : await openTestPGlite();
  const logs: string[] = [];
  let server: QoltanbaApp;
  try {
    server = await createApp(config, {
      // Tests never ask the network's DNS: a name resolves only where a test gives a resolver.
      resolveHost: async (hostname) => {
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (test resolver)`), {
          code: 'ENOTFOUND',
        });
      },
      ...appOptions,
      database,
      logStream: { write: (line) => void logs.push(line) },
    });
  } catch (error) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...server,
    config,
    logs,
    logRecords: () => logs.map((line) => JSON.parse(line) as Record<string, unknown>),
    async close() {
      await server.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Body schema of the test echo route: exercises nested fields, numbers, enums and length limits. */
export const echoBodySchema = z.object({
  name: z.string().min(1).max(60),
  count: z.number().int().min(0),
  lang: z.enum(['kk', 'ru', 'en']).optional(),
  signer: z.object({ iin: z.string().regex(/^\d{12}$/) }).optional(),
});

/** A module with routes that take input, for tests of validation, errors, rate limits and fuzzing. */
export const testEchoModule: AppModule = {
  name: 'test-echo',
  register({ route }) {
    route(
      defineRoute({
        method: 'POST',
        url: '/api/test/echo/:id',
        operationId: 'testEcho',
        summary: 'Echo (tests only)',
        params: z.object({ id: z.string().regex(/^[a-z0-9-]{1,36}$/) }),
        query: z.object({ verbose: z.enum(['true', 'false']).optional() }),
        body: echoBodySchema,
        response: z.object({ id: z.string(), name: z.string(), count: z.number() }),
        handler: async ({ params, body }) => ({ id: params.id, name: body.name, count: body.count }),
      }),
    );
    route(
      defineRoute({
        method: 'PUT',
        url: '/api/test/items/:id',
        operationId: 'testReplaceItem',
        summary: 'Replace item (tests only)',
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: z.object({ tags: z.array(z.string().max(20)).max(5) }),
        response: z.object({ id: z.number(), tags: z.array(z.string()) }),
        status: 201,
        handler: async ({ params, body }) => ({ id: params.id, tags: body.tags }),
      }),
    );
    route(
      defineRoute({
        method: 'GET',
        url: '/api/test/limited',
        operationId: 'testLimited',
        summary: 'Strictly rate-limited (tests only)',
        rateLimit: { max: 2, timeWindow: '1 minute' },
        response: z.object({ ok: z.boolean() }),
        handler: async () => ({ ok: true }),
      }),
    );
    route(
      defineRoute({
        method: 'GET',
        url: '/api/test/crash',
        operationId: 'testCrash',
        summary: 'Throws an unexpected error (tests only)',
        hidden: true,
        response: z.object({}),
        handler: async () => {
          throw new Error('secret internal detail');
        },
      }),
    );
  },
};
