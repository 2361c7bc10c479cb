import { startPeriodicJob } from '../../jobs/periodic-job.js';
import { deleteEndedEmbeds } from '../embed/index.js';
import type { AppModule } from '../module.js';
import type { ApprovalEvent } from '../module-hooks.js';
import { registerApiKeyRoutes } from './api-key-routes.js';
import { registerPartnerApiRoutes } from './partner-api-routes.js';
import type { WebhookPost } from './webhook-post.js';
import { sealClearWebhookSecrets, webhookSecrets } from './webhook-secrets.js';
import { queueWebhooks, runWebhookRound, signingOccurrence } from './webhooks.js';

/** Log name of the delivery job. */
export const WEBHOOK_JOB = 'webhook-deliveries';
/** Ended embed tokens and sessions are kept this long (for the delivery log's and support's sake), then deleted. */
const EMBED_KEEP_MS = 24 * 60 * 60 * 1000;

/** Replaceable parts of the partner module. */
export interface PartnerModuleOptions {
  /** How webhook attempts are posted to their checked address (`postToTarget` by default). */
  post?: WebhookPost;
}

/**
 * The partner API: API keys of a company (managed by its administrator in the portal), documents created, sent,
 * read and downloaded by a partner backend with a key, embed tokens, and webhooks (queued from the signing
 * module's hooks, delivered by a job every QOLTANBA_WEBHOOK_INTERVAL_SECONDS). See README.md.
 */
export function createPartnerModule(options: PartnerModuleOptions = {}): AppModule {
  return {
    name: 'partner',
    register(context) {
      const { app, services, config, hooks } = context;
      const { db } = services.database;
      const secrets = webhookSecrets(config.tokenSecret);
      registerApiKeyRoutes(context, secrets);
      registerPartnerApiRoutes(context);

      // Webhook secrets written in clear before they were sealed are sealed now, so none stays readable in a dump.
      app.addHook('onReady', async () => {
        const sealed = await sealClearWebhookSecrets(db, secrets);
        if (sealed > 0)
          app.log.info({ job: WEBHOOK_JOB, sealed }, 'webhook secrets stored in clear were sealed');
      });

      // Listeners run after the signing committed; the signing module logs a failure, the change stands.
      hooks.signatureAccepted.add((change) =>
        queueWebhooks(change.db, 'document.signed', signingOccurrence(change)).then(() => undefined),
      );
      hooks.documentRejected.add((change) =>
        queueWebhooks(change.db, 'document.rejected', signingOccurrence(change)).then(() => undefined),
      );
      hooks.documentCompleted.add((change) =>
        queueWebhooks(change.db, 'document.completed', signingOccurrence(change)).then(() => undefined),
      );
      // Approvals and reminders (issue 21): a request in its transaction (queued with it or not at all), the rest
      // after their commit.
      const approval = (event: ApprovalEvent) => ({
        documentId: event.documentId,
        at: event.at,
        details: {
          approval: { identityNumber: event.party.identityNumber, comment: event.comment ?? null },
        },
      });
      hooks.approvalRequested.add(async (event) => {
        await queueWebhooks(event.db, 'document.approval_requested', {
          ...approval(event),
          status: 'AT_SIGNING',
        });
      });
      hooks.approvalGranted.add(async (event) => {
        await queueWebhooks(event.db, 'document.approved', { ...approval(event), status: 'AT_SIGNING' });
      });
      hooks.approvalDeclined.add(async (event) => {
        await queueWebhooks(event.db, 'document.declined', { ...approval(event), status: 'REJECTED' });
      });
      hooks.signersReminded.add(async ({ db: after, documentId, at, parties, automatic }) => {
        await queueWebhooks(after, 'document.reminded', {
          documentId,
          at,
          status: 'AT_SIGNING',
          details: { reminded: { identityNumbers: parties, automatic } },
        });
      });

      let job: { stop(): Promise<void> } | undefined;
      const intervalMs = config.webhookIntervalSeconds * 1000;
      if (intervalMs > 0) {
        app.addHook('onReady', async () => {
          job = startPeriodicJob({
            name: 'webhook-delivery',
            observe: services.observeJobRun,
            intervalMs,
            run: async () => {
              const round = await runWebhookRound(db, {
                clock: services.clock,
                secrets,
                policy: config.webhookTargets,
                resolve: services.resolveHost,
                ...(options.post ? { post: options.post } : {}),
              });
              if (round.unreadableSecrets > 0)
                app.log.error(
                  { job: WEBHOOK_JOB, ...round },
                  'webhook secrets do not decrypt: QOLTANBA_TOKEN_SECRET changed; those deliveries were not sent',
                );
              else if (round.attempted > 0)
                app.log.info({ job: WEBHOOK_JOB, ...round }, 'webhook round done');
              await deleteEndedEmbeds(db, new Date(services.clock().getTime() - EMBED_KEEP_MS));
            },
            onError: (error) => app.log.error({ err: error, job: WEBHOOK_JOB }, 'webhook round failed'),
          });
        });
      }
      app.addHook('onClose', async () => {
        await job?.stop();
      });
    },
  };
}

/** The partner module, posting webhooks to the addresses it checked. */
export const partnerModule: AppModule = createPartnerModule();
