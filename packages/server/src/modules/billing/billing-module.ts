import { AppError } from '@qoltanba/core';
import { documentSender } from '../documents/index.js';
import type { AppModule } from '../module.js';
import { registerBillingAdminRoutes } from './billing-admin-routes.js';
import type { BillingContext } from './billing-context.js';
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
  register({ route, services, config, hooks }) {
    const { db } = services.database;
    const context: BillingContext = {
      route,
      db,
      clock: services.clock,
      config: config.billing,
      invoicePaths: invoicePaths(config.tokenSecret),
    };
    registerBillingRoutes(context);
    registerInvoiceRoutes(context);
    registerBillingAdminRoutes(context);
    hooks.documentSent.add(async ({ db: trx, documentId, at }) => {
      // Every sender runs the hook in its sending transaction; the counter row lock needs one.
      if (!trx.isTransaction) throw new Error('documentSent must run inside the sending transaction');
      const bin = await documentSender(trx, documentId);
      if (bin === undefined) throw new AppError('ENTITY_NOT_FOUND');
      await countSend(
        trx as Parameters<typeof countSend>[0],
        { documentId, bin, at },
        config.billing.enforceTariffs,
      );
    });
  },
};
