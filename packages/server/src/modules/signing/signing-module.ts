import { startPeriodicJob } from '../../jobs/periodic-job.js';
import type { AppModule, ModuleContext } from '../module.js';
import type { ModuleHooks } from '../module-hooks.js';
import type { StatisticsRegister } from '../registry/index.js';
import { configuredStatisticsRegister } from '../registry/index.js';
import { registerApprovalRoutes } from './approval-routes.js';
import { announceRequested } from './approvals.js';
import { ARCHIVE_RENEWAL_JOB, runArchiveRenewalRound } from './archive-renewal-job.js';
import { registerAttachRoutes } from './attach-routes.js';
import { refuseIfExpired } from './document-schedule.js';
import { registerDocumentSigningRoutes } from './document-signing-routes.js';
import { registerEgovRoutes } from './egov-routes.js';
import { queueSigningLinks, queueStepMail } from './link-mail.js';
import { registerReminderRoutes } from './reminder-routes.js';
import { runScheduleRound, SCHEDULE_JOB } from './schedule-job.js';
import { forgetDocuments, forgetRejectedRound } from './signature-store.js';
import { runAfterCommit } from './signer-actions.js';
import { registerSigningConfigRoute } from './signing-config-route.js';
import type { SigningContext } from './signing-context.js';
import { registerSigningLinkRoutes } from './signing-link-routes.js';
import { heldSigningLocks } from './signing-locks.js';

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

/**
 * Runs one round of the schedule job (expiry, automatic reminders) of this app now, at `now`: for tests with an
 * injected clock and for operators; the periodic job runs the same.
 */
export function runSigningSchedule(context: Pick<ModuleContext, 'hooks'>, now: Date) {
  return runScheduleRound(signingContextOf(context), now);
}

/** Replaceable parts of the signing module. */
export interface SigningModuleOptions {
  /** Names of attached companies; the configured register by default. */
  statisticsRegister?: StatisticsRegister;
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
      const held = heldSigningLocks();
      // After HTTP closed (requests finished or cut at the deadline), before the database: no lock outlives us.
      app.addHook('onClose', async () => {
        const released = await held.releaseAll(db);
        if (released > 0)
          app.log.warn({ released }, 'shutdown: released signing locks of requests cut short');
      });
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
          lockRenewMs: services.signingLockRenewMs,
          held,
          // A signature that sent its draft is a send like any other: every `documentSent` listener sees it.
          // Otherwise whoever the signature made due is e-mailed now: the next signer, or its approver.
          inTransaction: async (trx, { sent, documentId, at, core, steps }) => {
            await refuseIfExpired(trx, documentId, at);
            if (sent) {
              await hooks.documentSent.run({ db: trx, documentId, at });
              return;
            }
            const requested = await queueStepMail(context, trx, core, steps, at);
            await announceRequested(context, trx, documentId, requested, at);
          },
          outbox: services.outbox,
          onSigned: async ({ change, party }) => {
            const { documentId, at, completed } = change;
            const status = completed ? 'SIGNED' : 'AT_SIGNING';
            await runAfterCommit(context, 'signatureAccepted', { db, documentId, at, status, party });
            if (completed) await runAfterCommit(context, 'documentCompleted', { db, documentId, at, status });
          },
        },
        live: services.live,
        streams: services.eventStreams,
      };
      signingContexts.set(hooks, context);
      registerDocumentSigningRoutes(context);
      registerSigningLinkRoutes(context);
      registerEgovRoutes(context);
      registerAttachRoutes(context);
      registerApprovalRoutes(context);
      registerReminderRoutes(context);
      registerSigningConfigRoute(route, services.signingConfig);
      hooks.documentSent.add(async ({ db: trx, documentId, at }) => {
        const requested = await queueSigningLinks(context, trx, documentId, at);
        await announceRequested(context, trx, documentId, requested, at);
      });
      hooks.documentsPurged.add(({ trx, documentIds }) => forgetDocuments(trx, documentIds));
      hooks.documentReopened.add(({ trx, documentId }) => forgetRejectedRound(trx, documentId));
      // Expiry and automatic reminders: one round per interval, once across instances (the job's advisory lock).
      let job: { stop(): Promise<void> } | undefined;
      if (config.scheduleIntervalSeconds > 0) {
        app.addHook('onReady', async () => {
          job = startPeriodicJob({
            name: SCHEDULE_JOB,
            observe: services.observeJobRun,
            intervalMs: config.scheduleIntervalSeconds * 1000,
            run: () => runScheduleRound(context, services.clock()),
            onError: (error) => app.log.error({ err: error, job: SCHEDULE_JOB }, 'schedule round failed'),
          });
        });
        app.addHook('onClose', async () => {
          await job?.stop();
        });
      }
      // CAdES-A renewal (off by default): an archive timestamp before a kept signature's TSA certificate ends.
      const archiving = services.verifier.archiveCms ? services.verifier : undefined;
      if (config.archiveRenewalIntervalSeconds > 0 && archiving?.archiveCms) {
        const verifier = { archiveCms: archiving.archiveCms.bind(archiving) };
        let renewal: { stop(): Promise<void> } | undefined;
        app.addHook('onReady', async () => {
          renewal = startPeriodicJob({
            name: ARCHIVE_RENEWAL_JOB,
            observe: services.observeJobRun,
            intervalMs: config.archiveRenewalIntervalSeconds * 1000,
            run: async () => {
              const round = await runArchiveRenewalRound(
                { db, blobs: services.blobs, verifier },
                services.clock(),
                config.archiveRenewalMarginDays * 86_400_000,
              );
              if (round.renewed.length > 0 || round.failed.length > 0) {
                app.log.info({ job: ARCHIVE_RENEWAL_JOB, ...round }, 'archive timestamps renewed');
              }
              return round;
            },
            onError: (error) =>
              app.log.error({ err: error, job: ARCHIVE_RENEWAL_JOB }, 'archive renewal failed'),
          });
        });
        app.addHook('onClose', async () => {
          await renewal?.stop();
        });
      }
    },
  };
}

/** The signing module with the configured statistics register. */
export const signingModule: AppModule = createSigningModule();
