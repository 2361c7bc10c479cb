import { AppError } from '@qoltanba/core';
import { startPeriodicJob } from '../../jobs/periodic-job.js';
import { documentSender } from '../documents/index.js';
import type { AppModule, ModuleContext } from '../module.js';
import type { ModuleHooks } from '../module-hooks.js';
import { registerBillingAdminRoutes } from './billing-admin-routes.js';
import type { BillingContext } from './billing-context.js';
import { BILLING_NOTICES_JOB, type BillingNoticesContext, runBillingNotices } from './billing-notices.js';
import { registerBillingRoutes } from './billing-routes.js';
import { invoicePaths } from './invoice-path.js';
import { registerInvoiceRoutes } from './invoice-routes.js';
import { countSend } from './tariff-store.js';

/**
 * Tariffs, orders, invoices and payments (issue 20): counts every send against the sender company's tariff inside
 * the sending transaction (the `documentSent` hook) and refuses it without one; the active tariff, orders, the
 * personal account, invoices with their public download, and the payments back office.
 */
export const billingModule: AppModule = {
  name: 'billing',
  register({ app, route, services, config, hooks }) {
    const { db } = services.database;
    const notices: BillingNoticesContext = {
      db,
      hooks,
      endingNoticeDays: config.billing.endingNoticeDays,
    };
    billingNoticeContexts.set(hooks, notices);
    const context: BillingContext = {
      route,
      db,
      clock: services.clock,
      config: config.billing,
      invoicePaths: invoicePaths(config.tokenSecret),
      async tellPayments() {
        // The payment stands; a failed notice is told by the next round of the job.
        await runBillingNotices(notices, services.clock(), { tariffs: false }).catch((error: unknown) =>
          app.log.error({ err: error, job: BILLING_NOTICES_JOB }, 'payment notices failed'),
        );
      },
    };
    registerBillingRoutes(context);
    registerInvoiceRoutes(context);
    registerBillingAdminRoutes(context);
    hooks.documentSent.add(async ({ db: trx, documentId, at }) => {
      // Every sender runs the hook in its sending transaction; the counter row lock needs one.
      if (!trx.isTransaction) throw new Error('documentSent must run inside the sending transaction');
      const bin = await documentSender(trx, documentId);
      if (bin === undefined) throw new AppError('ENTITY_NOT_FOUND');
      const sending = trx as Parameters<typeof countSend>[0];
      const { freeSpent } = await countSend(sending, { documentId, bin, at }, config.billing.enforceTariffs);
      // The last free document sent: its members hear that the next send needs a plan (with the send or not at all).
      if (freeSpent) await hooks.tariffEnded.run({ db: sending, bin, at, reason: 'free_used', endedAt: at });
    });

    // Payments registered by the admin command, tariffs ending soon and ended: once across instances per round.
    let job: { stop(): Promise<void> } | undefined;
    const intervalSeconds = config.billing.noticesIntervalSeconds;
    if (intervalSeconds > 0) {
      app.addHook('onReady', async () => {
        job = startPeriodicJob({
          intervalMs: intervalSeconds * 1000,
          run: () => runBillingNotices(notices, services.clock()),
          onError: (error) =>
            app.log.error({ err: error, job: BILLING_NOTICES_JOB }, 'billing notices failed'),
        });
      });
      app.addHook('onClose', async () => {
        await job?.stop();
      });
    }
  },
};

const billingNoticeContexts = new WeakMap<ModuleHooks, BillingNoticesContext>();

/**
 * Runs one round of the billing notices job of this app now, at `now` (payments not yet told, tariffs ending soon
 * or ended): for tests with an injected clock and for operators; the periodic job runs the same.
 */
export function runBillingNoticesOf(context: Pick<ModuleContext, 'hooks'>, now: Date) {
  const found = billingNoticeContexts.get(context.hooks);
  if (!found) throw new Error('the billing module is not registered');
  return runBillingNotices(found, now);
}
