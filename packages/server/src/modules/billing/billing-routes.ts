import {
  AppError,
  activeTariffAnswer,
  activeTariffSchema,
  BILLING_PATHS,
  balanceParamsSchema,
  balanceSchema,
  billingHistoryPageSchema,
  billingHistoryParamsSchema,
  billingHistoryQuerySchema,
  billingIdParamsSchema,
  companyParamsSchema,
  createOrderParamsSchema,
  createOrderQuerySchema,
  orderSchema,
  paymentResultSchema,
  tariffPlans,
  tariffPlansSchema,
} from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import { requireUser } from '../account/index.js';
import { isMember, requireCompanyUser } from '../registry/index.js';
import type { BillingContext } from './billing-context.js';
import { billingHistory } from './billing-history.js';
import { createOrder, listOrders, orderView, requireOrderOf, tengeOf } from './order-store.js';
import { orderPayments, paymentView } from './payment-store.js';
import { accountBalance, companyTariffFacts } from './tariff-store.js';

const TAGS = ['billing'];
const MEMBERS = 'A member of the company only: 401 without a session, 403 FORBIDDEN for another company.';
const BY_ID =
  "A member of the order's company only: 401 without a session; another company's order answers 404 " +
  'ENTITY_NOT_FOUND like a missing one.';

/** The plan catalogue, the active tariff, orders, the personal account balance and payment results. */
export function registerBillingRoutes(context: BillingContext): void {
  const { route, db, clock, config } = context;

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.plans,
      operationId: 'getTariffPlans',
      summary: 'The plans with their prices in tenge',
      description:
        'Public: the free plan (3 documents), monthly and yearly with the saving; prices from configuration.',
      tags: TAGS,
      response: tariffPlansSchema,
      handler: async () => tariffPlans(config.prices),
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.activeOrder,
      operationId: 'getActiveTariff',
      summary: "The company's tariff now",
      description:
        'Dates are dd.MM.yyyy HH:mm:ss in Asia/Almaty time. Free documents left: maxNumOfDocs 3 and docCount the ' +
        'free documents sent; a paid period: maxNumOfDocs 0, tariff.endDate its end, endDate the end of the periods ' +
        'paid ahead, docCount the documents sent in it; paid before and over: the last end date. The free plan ' +
        `used up and nothing paid: 402 FREE_TARIFF_ALREADY_USED ('Free tariff already used'). ${MEMBERS}`,
      tags: TAGS,
      auth: true,
      params: companyParamsSchema,
      response: activeTariffSchema,
      handler: async ({ request, params }) => {
        await requireCompanyUser(request, db, params.bin);
        const now = clock();
        const answer = activeTariffAnswer(await companyTariffFacts(db, params.bin, now), now);
        if (!answer.ok) throw new AppError(answer.code);
        return answer.tariff;
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: BILLING_PATHS.createOrder,
      operationId: 'createOrder',
      summary: 'Order a paid plan',
      description:
        '`plan` is monthly or yearly at the configured price. With checkPaid=true and a balance that covers the ' +
        'price, the order is paid from the personal account at once and its period starts when the current one ' +
        `ends (no days lost); otherwise it waits for payment (an invoice). ${MEMBERS}`,
      tags: TAGS,
      auth: true,
      params: createOrderParamsSchema,
      query: createOrderQuerySchema,
      allowEmptyJsonBody: true,
      status: 201,
      response: orderSchema,
      handler: async ({ request, params, query }) => {
        const { userId } = await requireCompanyUser(request, db, params.bin);
        const order = await createOrder(db, {
          bin: params.bin,
          plan: params.plan,
          priceTenge: config.prices[params.plan],
          userId,
          payFromBalance: query.checkPaid,
          now: clock(),
        });
        return orderView(order);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.companyOrders,
      operationId: 'listOrders',
      summary: "The company's orders, newest first (at most 200)",
      description: MEMBERS,
      tags: TAGS,
      auth: true,
      params: companyParamsSchema,
      response: z.array(orderSchema),
      handler: async ({ request, params }) => {
        await requireCompanyUser(request, db, params.bin);
        return (await listOrders(db, params.bin)).map(orderView);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.history,
      operationId: 'listBillingHistory',
      summary: "The company's orders with their invoices and payments, and its balance (the payments page)",
      description:
        'Newest order first, keyset pages (`limit` 1-100, 20 by default; `nextCursor` into `cursor` for the next, ' +
        'older page; a cursor not ours is 400 VALIDATION_FAILED). Each order with its invoice (null until issued) ' +
        `and the payments counted for it (bank, statement, balance), oldest first. ${MEMBERS}`,
      tags: TAGS,
      auth: true,
      params: billingHistoryParamsSchema,
      query: billingHistoryQuerySchema,
      response: billingHistoryPageSchema,
      handler: async ({ request, params, query }) => {
        await requireCompanyUser(request, db, params.bin);
        return billingHistory(db, params.bin, query);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.order,
      operationId: 'getOrder',
      summary: 'One order',
      description: BY_ID,
      tags: TAGS,
      auth: true,
      params: billingIdParamsSchema,
      response: orderSchema,
      handler: async ({ request, params }) => {
        const { userId } = await requireUser(request);
        return orderView(await requireOrderOf(db, params.id, (bin) => isMember(db, userId, bin)));
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.balance,
      operationId: 'getBalance',
      summary: "The company's personal account balance",
      description:
        'The customer account is the company (its BIN/IIN) in the configured filial; another filial answers 404 ' +
        `ENTITY_NOT_FOUND. Overpayments and payments of orders already paid are credited here. ${MEMBERS}`,
      tags: TAGS,
      auth: true,
      params: balanceParamsSchema,
      response: balanceSchema,
      handler: async ({ request, params }) => {
        await requireCompanyUser(request, db, params.bin);
        if (params.filialId !== config.filialId) throw new AppError('ENTITY_NOT_FOUND');
        return {
          filialId: config.filialId,
          customerAccountId: params.bin,
          currency: 'KZT' as const,
          balance: tengeOf(await accountBalance(db, params.bin)),
        };
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.paymentResult,
      operationId: 'getPaymentResult',
      summary: 'Whether an order is paid, and the payments counted for it',
      description: `\`id\` is the order's. ${BY_ID}`,
      tags: TAGS,
      auth: true,
      params: billingIdParamsSchema,
      response: paymentResultSchema,
      handler: async ({ request, params }) => {
        const { userId } = await requireUser(request);
        const order = await requireOrderOf(db, params.id, (bin) => isMember(db, userId, bin));
        const paid = Number(order.paid_tiyn);
        const status = order.status === 'PAID' ? 'PAID' : paid > 0 ? 'PARTIALLY_PAID' : 'NOT_PAID';
        return {
          orderId: order.id,
          status: status as 'PAID' | 'PARTIALLY_PAID' | 'NOT_PAID',
          amount: tengeOf(order.amount_tiyn),
          paid: tengeOf(paid),
          payments: (await orderPayments(db, order.id)).map(paymentView),
        };
      },
    }),
  );
}
