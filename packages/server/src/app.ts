import { join } from 'node:path';
import rateLimit from '@fastify/rate-limit';
import { AppError } from '@qoltanba/core';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { claimBlobFolder } from './blob/blob-folder-marker.js';
import type { BlobStore } from './blob/blob-store.js';
import { createLocalBlobStore, removeStaleBlobTempFiles } from './blob/local-blob-store.js';
import type { CheckedBlobStore } from './blob/s3-blob-store.js';
import type { Config } from './config/config.js';
import { type DatabaseHandle, openConfiguredDatabase } from './db/database.js';
import { createLiveChannel, type LiveChannel } from './db/live-channel.js';
import { migrate } from './db/migrate.js';
import {
  fastifyTrustProxy,
  idleTimeoutOnlyForClients,
  limitConnectionsPerAddress,
  serverTimeoutOptions,
  streamHeartbeatMs,
  trustedProxyMatcher,
} from './http/client-connections.js';
import { closeWithin } from './http/close-within.js';
import { classifyError, errorBody, retryAfterOf } from './http/error-reply.js';
import { createEventStreams } from './http/event-stream.js';
import { loggerOptions, REQUEST_ID_HEADER, requestIdFor } from './http/logging.js';
import { registerPublicCors } from './http/public-cors.js';
import { requestLang } from './http/request-lang.js';
import { type AnyRouteDefinition, allowsEmptyJsonBody, RouteRegistry, registerRoute } from './http/route.js';
import { applyHeaders, securityHeaders } from './http/security-headers.js';
import {
  isApiPath,
  isCapabilityPage,
  isStaticFilePath,
  NO_CACHE,
  PORTAL_NOT_BUILT_HTML,
  pathOf,
  portalPageFor,
  registerStaticFiles,
  WIDGETS_PREFIX,
  wantsPortalPage,
} from './http/static-files.js';
import { createServerMetrics, type ServerMetrics } from './metrics/server-metrics.js';
import {
  accountModule,
  generateCode,
  hashPassword,
  requireUser,
  verifyPassword,
} from './modules/account/index.js';
import { billingModule } from './modules/billing/index.js';
import { counterpartiesModule } from './modules/counterparties/index.js';
import { devOutboxModule } from './modules/dev-outbox/index.js';
import { documentsModule } from './modules/documents/index.js';
import { embedModule } from './modules/embed/index.js';
import { evidenceModule } from './modules/evidence/index.js';
import { externalLinksModule } from './modules/external-links/index.js';
import { foldersModule } from './modules/folders/index.js';
import { healthModule } from './modules/health/index.js';
import { housekeepingModule } from './modules/housekeeping/index.js';
import type { AppModule, ModuleContext } from './modules/module.js';
import { createModuleHooks } from './modules/module-hooks.js';
import { notificationsModule } from './modules/notifications/index.js';
import { openApiModule } from './modules/openapi/index.js';
import { partnerModule } from './modules/partner/index.js';
import { profileModule } from './modules/profile/index.js';
import { companiesModule } from './modules/registry/index.js';
import { signingModule } from './modules/signing/index.js';
import { supportModule } from './modules/support/index.js';
import { verificationModule } from './modules/verification/index.js';
import { systemResolver } from './net/resolve-host.js';
import { createMessageOutbox, type MessageOutbox } from './outbox/message-outbox.js';
import type { Mailer, SmsSender } from './outbox/messages.js';
import { createMobizonSmsSender } from './outbox/mobizon-sms-sender.js';
import { createOutboxMailer, createOutboxSmsSender } from './outbox/outbox-store.js';
import { createSmtpMailer } from './outbox/smtp-mailer.js';
import { createVerifier } from './pki/index.js';
import type { AppServices, Clock } from './services.js';
import { openTempFolder, type TempFolder } from './temp/temp-folder.js';

/** Options of {@link createApp}; everything is optional and defaults from the config. */
export interface CreateAppOptions {
  /** Use this database instead of opening the configured one; it is migrated but not closed by `close()`. */
  database?: DatabaseHandle;
  /** Where JSON log lines go (stdout by default). */
  logStream?: { write(line: string): void };
  /** Domain modules registered after the built-in ones. */
  modules?: readonly AppModule[];
  mailer?: Mailer;
  sms?: SmsSender;
  blobs?: BlobStore;
  clock?: Clock;
  verifyPassword?: AppServices['verifyPassword'];
  generateCode?: AppServices['generateCode'];
  beforeCodeCompare?: AppServices['beforeCodeCompare'];
  verifier?: AppServices['verifier'];
  beforeSignatureCheck?: AppServices['beforeSignatureCheck'];
  signingLockRenewMs?: AppServices['signingLockRenewMs'];
  /** How outgoing connections (webhooks) resolve host names; the system resolver by default. */
  resolveHost?: AppServices['resolveHost'];
  /** The development signer running beside the server (see `dev/dev-signer.ts`): browsers are sent to it. */
  devSigner?: { url: string; label: string };
}

/** A created server: the Fastify instance (ready, not listening), its services, and an orderly `close()`. */
export interface QoltanbaApp {
  app: FastifyInstance;
  services: AppServices;
  /** The configuration the app was created with. */
  config: Config;
  /** This process's metrics (served by `startMetricsServer` where `config.metrics.listen` says). */
  metrics: ServerMetrics;
  /** Closes HTTP first, then the mailer and the database (PGlite must be closed cleanly). */
  close(): Promise<void>;
}

/** An upload temporary file beside the blobs older than this was left by a killed process. */
const STALE_BLOB_TEMP_MS = 24 * 60 * 60_000;

/** Built-in modules, in registration order. */
export const BUILT_IN_MODULES: readonly AppModule[] = [
  healthModule,
  openApiModule,
  devOutboxModule,
  accountModule,
  profileModule,
  companiesModule,
  documentsModule,
  billingModule,
  signingModule,
  verificationModule,
  evidenceModule,
  externalLinksModule,
  foldersModule,
  counterpartiesModule,
  partnerModule,
  embedModule,
  supportModule,
  notificationsModule,
  housekeepingModule,
];

/**
 * Creates the Qoltanba server: opens and migrates the database, wires the HTTP layer (errors, language,
 * security headers, rate limit, request ids, static portal and widgets) and registers the modules.
 *
 * @example
 * const { config } = loadConfig();
 * const server = await createApp(config);
 * await server.app.listen({ port: config.port, host: config.host });
 */
export async function createApp(config: Config, options: CreateAppOptions = {}): Promise<QoltanbaApp> {
  const production = config.env === 'production';
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    genReqId: requestIdFor,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: config.bodyLimit,
    // request.ip (rate limits, lockouts, history, signatures) reads X-Forwarded-For only through trusted proxies.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...serverTimeoutOptions(config.httpTimeouts),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
    // Errors raised before routing (bad URL encoding, overlong parameters) get the same shape and headers.
    frameworkErrors: (error, request, reply) => {
      sendError(error, request, reply);
    },
  });

  limitConnectionsPerAddress(
    app.server,
    config.maxConnectionsPerAddress,
    trustedProxyMatcher(config.trustProxy),
  );

  const signingConfig = {
    ncaLayerUrl: options.devSigner?.url ?? config.ncaLayerUrl,
    testSigner: options.devSigner ? { label: options.devSigner.label } : null,
  };
  // The portal opens a websocket to NCALayer (or to the development signer), so the CSP must allow exactly that.
  const connectSources = [
    ...new Set([config.ncaLayerUrl, signingConfig.ncaLayerUrl].map((url) => new URL(url).origin)),
  ];
  const baseHeaders = securityHeaders({ production, connectSources });
  const widgetHeaders = {
    ...securityHeaders({ production, connectSources, crossOriginResourcePolicy: 'cross-origin' }),
    'access-control-allow-origin': '*',
  };

  function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
    const classified = classifyError(error);
    if (classified.unexpected) {
      request.log.error({ err: error }, 'unexpected error');
    } else {
      request.log.info({ errorCode: classified.code, status: classified.status }, 'request rejected');
    }
    applyHeaders(reply, baseHeaders);
    reply.header(REQUEST_ID_HEADER, request.id);
    // Every 429 says when to come back, the header always equal to the body's params.retryAfter.
    const retryAfter = retryAfterOf(classified);
    if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
    reply
      .code(classified.status)
      .type('application/json; charset=utf-8')
      .send(errorBody(classified, requestLang(request)));
  }

  const ownsDatabase = options.database === undefined;
  const database =
    options.database ??
    (await openConfiguredDatabase(config, {
      onPoolError: (error) => app.log.error({ err: error }, 'idle database client failed'),
    }));
  const smtpMailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom) : undefined;
  let outbox: MessageOutbox | undefined;

  let temp: TempFolder | undefined;
  let live: LiveChannel | undefined;
  let objectStore: CheckedBlobStore | undefined;
  try {
    await migrate(database.db);
    // Object storage is checked before anything is served: a missing bucket or refused credentials stop start-up.
    if (!options.blobs && config.blobs.kind === 's3') {
      // Loaded only when chosen: the AWS SDK is large, and local disk (the default) never needs it.
      const { createS3BlobStore, s3ClientOf } = await import('./blob/s3-blob-store.js');
      objectStore = createS3BlobStore({
        client: s3ClientOf(config.blobs),
        bucket: config.blobs.bucket,
        prefix: config.blobs.prefix,
      });
      await objectStore.check();
    }
    // PGlite lives in the data folder with its blobs; on PostgreSQL other instances may use another folder.
    if (database.kind === 'postgres' && !options.blobs && !objectStore) {
      await claimBlobFolder(database.db, join(config.dataDir, 'blobs'));
    }
    temp = await openTempFolder(join(config.dataDir, 'tmp'));

    const mailer = options.mailer ?? smtpMailer ?? createOutboxMailer(database.db);
    const sms =
      options.sms ??
      (config.mobizon ? createMobizonSmsSender(config.mobizon) : createOutboxSmsSender(database.db));
    const clock = options.clock ?? (() => new Date());
    outbox = createMessageOutbox({
      db: database.db,
      mailer,
      sms,
      clock,
      policy: {
        maxAttempts: config.outbox.maxAttempts,
        baseDelayMs: config.outbox.retryBaseSeconds * 1000,
        maxDelayMs: config.outbox.retryMaxSeconds * 1000,
      },
      sweepMs: config.outbox.sweepSeconds * 1000,
      log: app.log.child({ job: 'message-queue' }),
    });
    live = createLiveChannel(database, {
      onError: (error) => app.log.warn({ err: error }, 'live updates: listening session lost, reopening'),
    });
    await live.start();
    const eventStreams = createEventStreams({ heartbeatMs: streamHeartbeatMs(config), log: app.log });
    // Before the modules' close hooks: streams end with their retry hint already sent, clients reconnect elsewhere.
    app.addHook('preClose', async () => {
      eventStreams.endAll();
    });
    const metrics = createServerMetrics(database, { eventStreams, live });
    const services: AppServices = {
      database,
      live,
      eventStreams,
      observeJobRun: metrics.jobRun,
      temp,
      blobs:
        options.blobs ??
        objectStore ??
        createLocalBlobStore(join(config.dataDir, 'blobs'), { tempDir: temp.root }),
      mailer,
      sms,
      outbox,
      clock,
      hashPassword: (password) => hashPassword(password, config.passwordScrypt),
      verifyPassword: options.verifyPassword ?? verifyPassword,
      generateCode: options.generateCode ?? generateCode,
      beforeCodeCompare: options.beforeCodeCompare,
      verifier: metrics.countedVerifier(options.verifier ?? (await createVerifier(config.pki))),
      beforeSignatureCheck: options.beforeSignatureCheck,
      signingLockRenewMs: options.signingLockRenewMs,
      signingConfig,
      resolveHost: options.resolveHost ?? systemResolver,
    };

    app.addHook('onRequest', async (request, reply) => {
      // Partner pages load widget bundles cross-origin (module scripts need CORS).
      applyHeaders(reply, request.url.startsWith(WIDGETS_PREFIX) ? widgetHeaders : baseHeaders);
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    app.addHook('onResponse', async (request, reply) => {
      // The route's template keeps the series few; requests no route matched are counted together.
      metrics.request(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
    idleTimeoutOnlyForClients(app, config.httpTimeouts.idleMs);
    const registry = new RouteRegistry();
    registerPublicCors(app, registry);
    // Only JSON is parsed by default; routes that take other bodies add their own parser in their scope.
    app.removeContentTypeParser('text/plain');
    // Fastify's safe parser, except that routes may opt in to reading an empty JSON body as no body.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '' && allowsEmptyJsonBody(request)) done(null, undefined);
      else void parseJson(request, String(body), done);
    });
    app.setErrorHandler((error, request, reply) => {
      sendError(error, request, reply);
    });

    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      allowList: (request) => request.method === 'GET' && isStaticFilePath(request.url),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', { retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    });

    const context: ModuleContext = {
      app,
      config,
      services,
      route(definition: AnyRouteDefinition) {
        registry.add(definition);
        registerRoute(app, definition, { validateResponses: !production, authenticate: requireUser });
      },
      routes: () => registry.list(),
      hooks: createModuleHooks(),
    };
    for (const module of [...BUILT_IN_MODULES, ...(options.modules ?? [])]) {
      if (module.enabled && !module.enabled(config)) continue;
      await module.register(context);
    }

    const serving = await registerStaticFiles(app, config);

    app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
      if (wantsPortalPage(request.method, request.url, request.headers.accept)) {
        reply.header('cache-control', NO_CACHE);
        // The page chosen depends on the session and language cookies (the prerendered copy or the empty one).
        reply.header('vary', 'cookie');
        if (isCapabilityPage(request.url)) reply.header('referrer-policy', 'no-referrer');
        if (serving.portalBuilt)
          return reply
            .code(200)
            .sendFile(portalPageFor(serving.routePages, request.url, request.headers.cookie));
        return reply.code(200).type('text/html; charset=utf-8').send(PORTAL_NOT_BUILT_HTML);
      }
      const path = pathOf(request.url);
      const allowed = registry.methodsFor(path);
      if (allowed.length > 0) {
        reply.header('allow', [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', '));
        throw new AppError('METHOD_NOT_ALLOWED');
      }
      throw new AppError(isApiPath(path) ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND');
    });

    await app.ready();
    if (!options.blobs && !objectStore) {
      // Leftovers of versions that wrote uploads beside the blobs; in the background, the store may be large.
      void removeStaleBlobTempFiles(join(config.dataDir, 'blobs'), STALE_BLOB_TEMP_MS)
        .then((removed) => {
          if (removed > 0) app.log.info({ removed }, 'removed stale temporary upload files');
        })
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'could not sweep stale temporary upload files'),
        );
    }
    // Messages a previous process queued and did not deliver (a crash after a commit) go out with the first sweep.
    outbox.start();

    let closing: Promise<void> | undefined;
    return {
      app,
      services,
      config,
      metrics,
      close() {
        closing ??= (async () => {
          await closeWithin(app, config.shutdownMs);
          await outbox?.stop();
          // After the modules' close hooks: uploads and conversions have stopped using it.
          await temp?.close();
          smtpMailer?.close();
          await live?.close();
          objectStore?.close();
          if (ownsDatabase) await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await app.close().catch(() => undefined);
    await outbox?.stop();
    await temp?.close();
    smtpMailer?.close();
    await live?.close();
    objectStore?.close();
    if (ownsDatabase) await database.close();
    throw error;
  }
}
