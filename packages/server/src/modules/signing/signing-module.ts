import type { AppModule } from '../module.js';
import { configuredStatisticsRegister } from '../registry/companies-module.js';
import type { StatisticsRegister } from '../registry/registers.js';
import { registerAttachRoutes } from './attach-routes.js';
import { registerDocumentSigningRoutes } from './document-signing-routes.js';
import { registerEgovRoutes } from './egov-routes.js';
import { sendSigningLinks } from './link-mail.js';
import { forgetDocuments } from './signature-store.js';
import { registerSigningConfigRoute } from './signing-config-route.js';
import type { SigningContext } from './signing-context.js';
import { registerSigningLinkRoutes } from './signing-link-routes.js';

/** Replaceable parts of the signing module. */
export interface SigningModuleOptions {
  /** Names of attached companies; the configured register by default. */
  statisticsRegister?: StatisticsRegister;
  /** Milliseconds between the QR events stream's looks at its session (1000 by default). */
  qrPollMs?: number;
  /** Milliseconds between heartbeat comments of the QR events stream (15000 by default). */
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
        mailer: services.mailer,
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
          onSent: (documentId) => sendSigningLinks(context, documentId),
        },
        qrPollMs: options.qrPollMs ?? 1000,
        qrHeartbeatMs: options.qrHeartbeatMs ?? 15_000,
        openStreams: new Set(),
      };
      registerDocumentSigningRoutes(context);
      registerSigningLinkRoutes(context);
      registerEgovRoutes(context);
      registerAttachRoutes(context);
      registerSigningConfigRoute(route, services.signingConfig);
      hooks.documentSent.add(({ documentId }) => sendSigningLinks(context, documentId));
      hooks.documentsPurged.add(({ trx, documentIds }) => forgetDocuments(trx, documentIds));
      app.addHook('preClose', async () => {
        for (const end of context.openStreams) end();
      });
    },
  };
}

/** The signing module with the configured statistics register. */
export const signingModule: AppModule = createSigningModule();
