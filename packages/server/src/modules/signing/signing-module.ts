import { streamHeartbeatMs } from '../../http/client-connections.js';
import type { AppModule, ModuleContext } from '../module.js';
import type { ModuleHooks } from '../module-hooks.js';
import type { StatisticsRegister } from '../registry/index.js';
import { configuredStatisticsRegister } from '../registry/index.js';
import { registerAttachRoutes } from './attach-routes.js';
import { registerDocumentSigningRoutes } from './document-signing-routes.js';
import { registerEgovRoutes } from './egov-routes.js';
import { queueSigningLinks } from './link-mail.js';
import { forgetDocuments } from './signature-store.js';
import { runAfterCommit } from './signer-actions.js';
import { registerSigningConfigRoute } from './signing-config-route.js';
import type { SigningContext } from './signing-context.js';
import { registerSigningLinkRoutes } from './signing-link-routes.js';

// One signing context per app (keyed by its hooks), for modules that act through a signer's grant (embed).
const signingContexts = new WeakMap<ModuleHooks, SigningContext>();

/**
 * The signing module's context of this app, for another module that lets a signer act through its own grant (the
 * embed sessions call `signer-actions.ts` with it). Register that module after the signing module.
 */
export function signingContextOf(context: Pick<ModuleContext, 'hooks'>): SigningContext {
  const found = signingContexts.get(context.hooks);
  if (!found) throw new Error('the signing module must be registered first');
  return found;
}

/** Replaceable parts of the signing module. */
export interface SigningModuleOptions {
  /** Names of attached companies; the configured register by default. */
  statisticsRegister?: StatisticsRegister;
  /** Milliseconds between the QR events stream's looks at its session (1000 by default). */
  qrPollMs?: number;
  /** Milliseconds between heartbeat comments of the QR events stream (15000, or half the idle timeout when shorter). */
  qrHeartbeatMs?: number;
}

/**
 * Signing: NCALayer signatures of the acting company, rejecting and revoking, eGov mobile QR sessions (API #1,
 * API #2, live events), signers' personal links (e-mailed when a document is sent), and attaching a legal entity
 * by its signature. Signatures are verified by `services.verifier`; the documents module records each change.
 */
export function createSigningModule(options: SigningModuleOptions = {}): AppModule {
  return {
    name: 'signing',
    register({ app, config, services, route, hooks }) {
      const { db } = services.database;
      const context: SigningContext = {
        route,
        db,
        blobs: services.blobs,
        outbox: services.outbox,
        clock: services.clock,
        config,
        hooks,
        log: app.log,
        statistics: options.statisticsRegister ?? configuredStatisticsRegister(config),
        flow: {
          db,
          blobs: services.blobs,
          verifier: services.verifier,
          clock: services.clock,
          beforeSignatureCheck: services.beforeSignatureCheck,
          // Signing a draft sends it: every listener of a send runs (the links below, the billing module's count).
          onSent: (trx, documentId, at) => hooks.documentSent.run({ db: trx, documentId, at }),
          outbox: services.outbox,
          onSigned: async ({ documentId, at, completed, party }) => {
            const status = completed ? 'SIGNED' : 'AT_SIGNING';
            await runAfterCommit(context, 'signatureAccepted', { db, documentId, at, status, party });
            if (completed) await runAfterCommit(context, 'documentCompleted', { db, documentId, at, status });
          },
        },
        qrPollMs: options.qrPollMs ?? 1000,
        qrHeartbeatMs: options.qrHeartbeatMs ?? streamHeartbeatMs(config),
        openStreams: new Set(),
      };
      signingContexts.set(hooks, context);
      registerDocumentSigningRoutes(context);
      registerSigningLinkRoutes(context);
      registerEgovRoutes(context);
      registerAttachRoutes(context);
      registerSigningConfigRoute(route, services.signingConfig);
      hooks.documentSent.add(({ db: trx, documentId, at }) =>
        queueSigningLinks(context, trx, documentId, at),
      );
      hooks.documentsPurged.add(({ trx, documentIds }) => forgetDocuments(trx, documentIds));
      app.addHook('preClose', async () => {
        for (const end of context.openStreams) end();
      });
    },
  };
}

/** The signing module with the configured statistics register. */
export const signingModule: AppModule = createSigningModule();
