import {
  AppError,
  BILLING_ADMIN_PATHS,
  registeredPaymentSchema,
  registerPaymentRequestSchema,
} from '@qoltanba/core';
import { defineRoute } from '../../http/route.js';
import { requireUser } from '../account/index.js';
import type { BillingContext } from './billing-context.js';
import { orderView, tengeOf } from './order-store.js';
import { billingOperatorOf, paymentView, registerPayment } from './payment-store.js';

const TAGS = ['billing-admin'];

/** The payments back office: registering a payment received against an invoice (payments operators only). */
export function registerBillingAdminRoutes(context: BillingContext): void {
  const { route, db, clock } = context;

  route(
    defineRoute({
      method: 'POST',
      url: BILLING_ADMIN_PATHS.payments,
      operationId: 'registerPayment',
      summary: 'Register a payment received against an invoice',
      description:
        'Payments operators only (`npm run admin -- billing-operator grant <login>`): 401 without a session, 403 ' +
        'BILLING_OPERATOR_ONLY for anybody else. The invoice by number or UIN (404 ENTITY_NOT_FOUND when none ' +
        'matches). Paid in full: the tariff starts at once and an overpayment goes to the balance (`activated`); ' +
        'less: nothing starts (`underpaid`); an order paid already: credited to the balance. The same `reference` ' +
        'again changes nothing (`already_registered`), or 409 PAYMENT_REFERENCE_CONFLICT with another amount or ' +
        'invoice. Records who registered it.',
      tags: TAGS,
      auth: true,
      body: registerPaymentRequestSchema,
      response: registeredPaymentSchema,
      handler: async ({ request, body }) => {
        const { userId } = await requireUser(request);
        const operator = await billingOperatorOf(db, userId);
        if (!operator) throw new AppError('BILLING_OPERATOR_ONLY');
        const now = clock();
        const registered = await registerPayment(db, {
          invoiceNumber: body.invoiceNumber,
          uin: body.uin,
          amountTiyn: Math.round(body.amount * 100),
          reference: body.reference,
          source: 'bank',
          registeredBy: `operator:${operator}`,
          paidAt: body.paidAt ? new Date(body.paidAt) : null,
          now,
        });
        return {
          outcome: registered.outcome,
          payment: paymentView(registered.payment),
          order: orderView(registered.order),
          balance: tengeOf(registered.balanceTiyn),
        };
      },
    }),
  );
}
