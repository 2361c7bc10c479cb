import { paymentNoticeDetail, tariffNoticeDate } from '@qoltanba/core';
import { startPeriodicJob } from '../../jobs/periodic-job.js';
import type { AppModule } from '../module.js';
import type { SigningChangeEvent } from '../module-hooks.js';
import { notifyCompany, notifyDocumentEvent, notifySent, notifySigned } from './notification-events.js';
import { queueWaitingMail, usersWithWaitingMail } from './notification-mail.js';
import { registerNotificationRoutes } from './notification-routes.js';
import type { NotificationsContext } from './notifications-context.js';
import { createUnreadHub } from './unread-hub.js';

/**
 * In-app notifications and their e-mails (issue 21): listens to the document hooks, stores one notification per
 * member of each company core's rule names, streams each user's unread counter, and mails waiting notifications
 * through the outbox, grouped per person. See README.md.
 */
export function createNotificationsModule(): AppModule {
  return {
    name: 'notifications',
    register({ app, config, services, route, hooks }) {
      const { db } = services.database;
      const hub = createUnreadHub(services.live);
      const mailSettings = {
        publicUrl: config.publicUrl,
        groupMinutes: config.notifications.emailGroupMinutes,
      };
      const context: NotificationsContext = {
        route,
        db,
        clock: services.clock,
        log: app.log,
        config: config.notifications,
        publicUrl: config.publicUrl,
        hub,
        streams: services.eventStreams,
        async delivered(userIds) {
          if (userIds.length === 0) return;
          const queued = await queueWaitingMail(db, userIds, services.clock(), mailSettings);
          if (queued > 0) await services.outbox.kick();
        },
      };
      registerNotificationRoutes(context);

      // In the sending transaction: the receivers' notifications go with the send or not at all, and their streams
      // wake at its commit (on every instance); their e-mails follow within a sweep.
      hooks.documentSent.add(async ({ db: trx, documentId, at }) => {
        await notifySent(trx, documentId, at);
      });
      // After the signing committed: a failure is logged by the signing module, the change stands.
      const after =
        (work: (change: SigningChangeEvent) => Promise<string[]>) => async (change: SigningChangeEvent) => {
          await context.delivered(await work(change));
        };
      hooks.signatureAccepted.add(after((change) => notifySigned(change.db, change)));
      hooks.documentRejected.add(
        after((change) =>
          notifyDocumentEvent(change.db, {
            event: 'document.rejected',
            documentId: change.documentId,
            at: change.at,
            actor: change.party?.identityNumber ?? null,
            actorName: change.party?.fullName ?? null,
          }),
        ),
      );
      hooks.documentCompleted.add(
        after((change) =>
          notifyDocumentEvent(change.db, {
            event: 'document.completed',
            documentId: change.documentId,
            at: change.at,
          }),
        ),
      );
      hooks.documentRevoked.add(
        after((change) =>
          notifyDocumentEvent(change.db, {
            event: 'document.revoked',
            documentId: change.documentId,
            at: change.at,
            actor: change.party?.identityNumber ?? null,
          }),
        ),
      );

      // Approvals and reminders (the signing module's hooks): the request goes with its transaction like a send.
      hooks.approvalRequested.add(async ({ db: trx, documentId, at, party }) => {
        await notifyDocumentEvent(trx, {
          event: 'document.approval_requested',
          documentId,
          at,
          targets: [party.identityNumber],
        });
      });
      for (const [hook, event] of [
        [hooks.approvalGranted, 'document.approved'],
        [hooks.approvalDeclined, 'document.declined'],
      ] as const) {
        hook.add(async ({ db: after, documentId, at, party }) => {
          await context.delivered(
            await notifyDocumentEvent(after, { event, documentId, at, actor: party.identityNumber }),
          );
        });
      }
      hooks.signersReminded.add(async ({ db: after, documentId, at, parties }) => {
        await context.delivered(
          await notifyDocumentEvent(after, { event: 'document.reminded', documentId, at, targets: parties }),
        );
      });
      // The schedule job stopped a document at its expiry date: its sender is told (in-app and e-mail).
      hooks.documentExpired.add(async ({ db: after, documentId, at, senderBin }) => {
        await context.delivered(
          await notifyDocumentEvent(after, {
            event: 'document.expired',
            documentId,
            at,
            targets: [senderBin],
          }),
        );
      });

      // Billing (issue 20): told inside the billing job's or the sending transaction, like a send; the streams wake at
      // its commit, the e-mails follow within a sweep.
      hooks.paymentRegistered.add(async ({ db: trx, bin, at, invoiceNumber, amountTenge }) => {
        const detail = paymentNoticeDetail(invoiceNumber, amountTenge);
        await notifyCompany(trx, { event: 'payment.registered', bin, at, detail });
      });
      hooks.tariffEnding.add(async ({ db: trx, bin, at, endsAt }) => {
        await notifyCompany(trx, { event: 'tariff.ending', bin, at, detail: tariffNoticeDate(endsAt) });
      });
      hooks.tariffEnded.add(async ({ db: trx, bin, at }) => {
        await notifyCompany(trx, { event: 'tariff.ended', bin, at, detail: null });
      });

      let mailer: { stop(): Promise<void> } | undefined;
      app.addHook('onReady', async () => {
        const sweepMs = config.notifications.mailSweepSeconds * 1000;
        if (sweepMs > 0)
          mailer = startPeriodicJob({
            name: 'notification-mail',
            observe: services.observeJobRun,
            intervalMs: sweepMs,
            run: () => sweepMail(context, mailSettings),
            onError: (error) => app.log.error({ err: error }, 'notification mail sweep failed'),
          });
      });
      app.addHook('onClose', async () => {
        await mailer?.stop();
      });

      async function sweepMail(ctx: NotificationsContext, settings: typeof mailSettings): Promise<void> {
        const now = ctx.clock();
        const queued = await queueWaitingMail(ctx.db, await usersWithWaitingMail(ctx.db), now, settings);
        if (queued > 0) await services.outbox.kick();
      }
    },
  };
}

/** The notifications module with its default intervals. */
export const notificationsModule: AppModule = createNotificationsModule();
