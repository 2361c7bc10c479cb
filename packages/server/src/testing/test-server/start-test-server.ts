import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { CODE_LENGTH, type QrSigningSession } from '@qoltanba/core';
import type { EgovMobileOutcome } from '@qoltanba/testkit';
import {
  runWebhookRound,
  type WebhookPost,
  type WebhookRound,
  webhookSecrets,
} from '../../modules/partner/index.js';
import type { OutboxEntry } from '../../outbox/outbox-store.js';
import { listOutbox } from '../../outbox/outbox-store.js';
import { type TestClock, testClock } from '../accounts.js';
import { emptyAppTables } from '../empty-tables.js';
import { createTestApp, type TestApp, type TestAppOptions } from '../test-app.js';
import { eventSourceClass, type InProcessEventSourceConstructor } from './event-source.js';
import { type FaultInjection, withFaultInjection } from './fault-injection.js';
import { type Fetch, IN_PROCESS_CLIENT_ADDRESS, inProcessFetch } from './in-process-fetch.js';
import {
  ALFA,
  holderOf,
  seedWorld,
  WORLD_USERS,
  type World,
  type WorldCompany,
  type WorldUserName,
  worldOf,
} from './world.js';
import { egovMobileSigner, type WorldDocuments, worldDocuments } from './world-documents.js';
import { createWorldPki, type WorldPki } from './world-pki.js';

/** The origin the test server answers on (nothing listens there: requests go through `inject`). */
export const TEST_SERVER_URL = 'http://qoltanba.test';

/** Options of {@link startTestServer}. */
export interface TestServerOptions {
  /** Extra environment for the server's configuration (see the server README's table). */
  env?: Record<string, string>;
  /** Where the server's clock starts (it stands still until `clock.advance`); now by default. */
  clockStart?: Date;
  /** Seed the world (users, companies, operator); true by default. */
  world?: boolean;
  /** Other `createApp` options (a mailer, `beforeSignatureCheck`, ...). */
  app?: Omit<TestAppOptions, 'backend' | 'env' | 'clock' | 'verifier'>;
}

/** A real Qoltanba server in the test process: the API over an in-process fetch, a seeded world, real signing. */
export interface TestServer extends Omit<FaultInjection, 'fetch' | 'reset'> {
  readonly baseUrl: string;
  /** A fetch to give the sdk client (`createQoltanbaClient({ baseUrl, fetch })`): records calls, plays faults. */
  readonly fetch: Fetch;
  /** The same server without the recording and faults (for set-up a test does not want to see in `calls`). */
  readonly directFetch: Fetch;
  /**
   * The client address the server sees for `fetch` and `directFetch`: a new one with each world (`reset`), so the
   * server's in-memory per-IP limits (logins, codes) of one test never refuse the next.
   */
  clientAddress(): string;
  /** How many event streams (`text/event-stream` responses) are open. */
  openStreams(): number;
  /** Breaks every open event stream as a network failure would; clients reconnect with `Last-Event-ID`. */
  dropStreams(): void;
  /** An EventSource class reading the server's event streams through the in-process fetch. */
  readonly EventSource: InProcessEventSourceConstructor;
  /** The server's clock: stands still; `advance(seconds)` moves it (tokens, expiries, trash days). */
  readonly clock: TestClock;
  readonly world: World;
  readonly documents: WorldDocuments;
  /** The server itself (Fastify app, services, config, logs) for what the helpers do not cover. */
  readonly server: TestApp;
  /** The test PKI its verification engine trusts. */
  readonly pki: WorldPki;
  /** Plays the eGov mobile app signing a QR session with `user`'s certificate (for `company`, else as individual). */
  egovMobileSigns(
    session: Pick<QrSigningSession, 'qrPayload'>,
    user: WorldUserName,
    company?: WorldCompany,
  ): Promise<EgovMobileOutcome>;
  /** Delivers the queued e-mails and SMS now and answers what was sent, newest first (`recipient` filters). */
  mails(recipient?: string): Promise<OutboxEntry[]>;
  /** The URLs in the e-mails sent to `recipient`, newest first (personal signing links, invitations). */
  links(recipient: string): Promise<string[]>;
  /** The one-time code last sent to `recipient` (an e-mail or a phone as +7XXXXXXXXXX) by e-mail or SMS. */
  code(recipient: string): Promise<string>;
  /** Runs one webhook round now; `post` receives each delivery instead of the network. */
  deliverWebhooks(post?: WebhookPost): Promise<WebhookRound>;
  /** Drops open event streams, empties every table and the blob folder, seeds the world again, forgets calls and faults. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the real server on a clone of the migrated PGlite template, with the verification engine trusting a test
 * PKI, the world seeded, and a fetch that reaches it in-process.
 *
 * @example
 * const server = await startTestServer();
 * const client = createQoltanbaClient({ baseUrl: server.baseUrl, fetch: server.fetch });
 * client.storeTokens(await server.world.login('aigerim'));
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const start = options.clockStart ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const clock = testClock(start);
  const pki = await createWorldPki(clock.now, holderOf(WORLD_USERS.aigerim, ALFA));
  let server: TestApp;
  try {
    server = await createTestApp({
      ...options.app,
      clock: clock.now,
      verifier: pki.verifier,
      env: {
        QOLTANBA_PUBLIC_URL: TEST_SERVER_URL,
        RATE_LIMIT_MAX: '1000000',
        QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: '0',
        ...options.env,
      },
    });
  } catch (error) {
    await pki.close();
    throw error;
  }
  const seed = options.world ?? true;
  let ids = seed ? await seedWorld(server, clock.now()) : ({} as Record<WorldUserName, string>);
  let worldNumber = 0;
  const clientAddress = () =>
    worldNumber === 0
      ? IN_PROCESS_CLIENT_ADDRESS
      : `10.252.${Math.floor(worldNumber / 250) % 250}.${(worldNumber % 250) + 1}`;
  const directFetch = inProcessFetch(server.app, { baseUrl: TEST_SERVER_URL, remoteAddress: clientAddress });
  const faults = withFaultInjection(directFetch);
  const world: World = worldOf(server, () => ids, pki, clientAddress);
  const documents = worldDocuments(world, directFetch, TEST_SERVER_URL, clock.now);
  const egov = egovMobileSigner(directFetch, clock.now);
  const { db } = server.services.database;
  const { fetch: _fetch, reset: resetFaults, ...faultControls } = faults;
  return {
    ...faultControls,
    baseUrl: TEST_SERVER_URL,
    fetch: faults.fetch,
    directFetch,
    clientAddress,
    openStreams: directFetch.openStreams,
    dropStreams: directFetch.dropStreams,
    EventSource: eventSourceClass(faults.fetch),
    clock,
    world,
    documents,
    server,
    pki,
    egovMobileSigns: (session, user, company) => egov(session, world.certificate(user, company)),
    async mails(recipient) {
      await server.services.outbox.drain();
      return listOutbox(db, recipient === undefined ? {} : { recipient });
    },
    async links(recipient) {
      await server.services.outbox.drain();
      const mails = await listOutbox(db, { recipient });
      return mails.flatMap((mail) => mail.body.match(/https?:\/\/[^\s<>"')]+/g) ?? []);
    },
    async code(recipient) {
      await server.services.outbox.drain();
      const [newest] = await listOutbox(db, { recipient, limit: 1 });
      const code = newest?.body.match(new RegExp(`\\b\\d{${CODE_LENGTH}}\\b`))?.[0];
      if (!code) throw new Error(`no code was sent to ${recipient}`);
      return code;
    },
    deliverWebhooks: (post) =>
      runWebhookRound(db, {
        clock: clock.now,
        secrets: webhookSecrets(server.config.tokenSecret),
        policy: server.config.webhookTargets,
        resolve: server.services.resolveHost,
        ...(post ? { post } : {}),
      }),
    async reset() {
      // Connections of the last test end with its world; their clients see a dropped network.
      directFetch.dropStreams();
      resetFaults();
      worldNumber += 1;
      await emptyAppTables(db);
      await rm(join(server.config.dataDir, 'blobs'), { recursive: true, force: true });
      clock.advance((start.getTime() - clock.now().getTime()) / 1000);
      if (seed) ids = await seedWorld(server, clock.now());
    },
    async close() {
      // Hijacked event streams would keep Fastify's close waiting.
      directFetch.dropStreams();
      await server.close();
      await pki.close();
    },
  };
}
