import {
  type ActiveTariff,
  activeTariffSchema,
  apiPath,
  type Balance,
  BILLING_PATHS,
  BILLING_PRODUCT,
  type BillingHistoryPage,
  balanceSchema,
  billingHistoryPageSchema,
  type Lang,
  type Order,
  orderSchema,
  type PaidPlanId,
  type PaymentInvoice,
  type PaymentResult,
  paymentInvoicePathSchema,
  paymentInvoiceSchema,
  paymentResultSchema,
  type TariffPlans,
  tariffPlansSchema,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';
import { activeClient } from '../session/activeClient';

/** The filial (branch) of the personal accounts when the deployment does not set another (the server's default). */
export const DEFAULT_FILIAL_ID = 1;

const orderListSchema = orderSchema.array();

/** The plan catalogue with prices in tenge (public: `/tariffs` shows it without login). */
export function getTariffPlans(): Promise<TariffPlans> {
  const client = activeClient();
  return readResponse(client.api.get(BILLING_PATHS.plans).json<unknown>(), tariffPlansSchema, client.lang);
}

/**
 * The acting company's active tariff as the server answers it (`dd.MM.yyyy HH:mm:ss` dates). Rejects with ApiError
 * FREE_TARIFF_ALREADY_USED (402) when the free documents are spent and nothing is paid; `$tariff` derives the state.
 */
export function getActiveTariff(scope?: CompanyScope): Promise<ActiveTariff> {
  const { api, client } = companyRequest(BILLING_PATHS.activeOrder, {}, scope);
  return readResponse(api.get().json<unknown>(), activeTariffSchema, client.lang);
}

/**
 * Orders `plan` for the acting company at the configured price. `checkPaid: true` pays it from the personal account
 * at once when the balance covers it (the order answers PAID and the tariff starts, after a running one).
 */
export function createOrder(
  plan: PaidPlanId,
  options: CompanyScope & { checkPaid?: boolean } = {},
): Promise<Order> {
  const { checkPaid = false, ...scope } = options;
  const { api, client } = companyRequest(
    BILLING_PATHS.createOrder,
    { plan },
    scope,
    `?checkPaid=${checkPaid}`,
  );
  return readResponse(api.post().json<unknown>(), orderSchema, client.lang);
}

/** One order of a company the user belongs to (ENTITY_NOT_FOUND otherwise). */
export function getOrder(orderId: number): Promise<Order> {
  const client = activeClient();
  const path = apiPath(BILLING_PATHS.order, { id: String(orderId) });
  return readResponse(client.api.get(path).json<unknown>(), orderSchema, client.lang);
}

/**
 * A page of the acting company's billing history, newest order first: each order with its invoice (null until
 * issued) and its payments, and the balance now. Pass `nextCursor` as `cursor` for older orders.
 */
export function listBillingHistory(
  params: { limit?: number; cursor?: string } = {},
  scope?: CompanyScope,
): Promise<BillingHistoryPage> {
  const search = new URLSearchParams();
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  if (params.cursor) search.set('cursor', params.cursor);
  const query = search.size > 0 ? `?${search}` : '';
  const { api, client } = companyRequest(BILLING_PATHS.history, {}, scope, query);
  return readResponse(api.get().json<unknown>(), billingHistoryPageSchema, client.lang);
}

/** The acting company's orders, newest first (at most 200; {@link listBillingHistory} pages them). */
export function listOrders(scope?: CompanyScope): Promise<Order[]> {
  const { api, client } = companyRequest(BILLING_PATHS.companyOrders, {}, scope);
  return readResponse(api.get().json<unknown>(), orderListSchema, client.lang);
}

/** Options of {@link generateInvoice}. */
export interface InvoiceOptions {
  /** The language of the invoice's texts besides Russian and Kazakh; the interface language by default. */
  lang?: Lang;
  filialId?: number;
}

/**
 * The invoice of an order (issued once: asked again, the same invoice). Its PDF downloads through
 * {@link invoiceDownloadUrl}.
 */
export function generateInvoice(order: Order, options: InvoiceOptions = {}): Promise<PaymentInvoice> {
  const client = activeClient();
  const query = `?${BILLING_PRODUCT}Docs=true&${BILLING_PRODUCT}DocsTariff=${order.plan === 'monthly' ? 1 : 2}`;
  const body = {
    abonentId: order.bin,
    currency: order.currency,
    uin: order.uin,
    lang: options.lang ?? client.lang(),
    filialId: options.filialId ?? DEFAULT_FILIAL_ID,
    customerAccountCategoryId: 1,
    balance: 0,
  };
  return readResponse(
    client.api.url(`${BILLING_PATHS.generateInvoice}${query}`).post(body).json<unknown>(),
    paymentInvoiceSchema,
    client.lang,
  );
}

/**
 * The public address of the invoice's PDF (`…/public/by-path?path=…&download=true`): opens without login, so it can
 * be given to an accountant; a guessed one is 404.
 */
export async function invoiceDownloadUrl(invoiceId: number): Promise<string> {
  const client = activeClient();
  const path = apiPath(BILLING_PATHS.invoicePath, { id: String(invoiceId) });
  const answer = await readResponse(
    client.api.get(path).json<unknown>(),
    paymentInvoicePathSchema,
    client.lang,
  );
  return `${client.baseUrl}${answer.url}`;
}

/** The acting company's personal account (an overpayment lands there; `createOrder` with `checkPaid` spends it). */
export function getBalance(scope: CompanyScope & { filialId?: number } = {}): Promise<Balance> {
  const { filialId = DEFAULT_FILIAL_ID, ...rest } = scope;
  const { api, client } = companyRequest(BILLING_PATHS.balance, { filialId }, rest);
  return readResponse(api.get().json<unknown>(), balanceSchema, client.lang);
}

/** Whether an order is paid, and the payments counted for it (bank, statement, balance). */
export function getPaymentResult(orderId: number): Promise<PaymentResult> {
  const client = activeClient();
  const path = apiPath(BILLING_PATHS.paymentResult, { id: String(orderId) });
  return readResponse(client.api.get(path).json<unknown>(), paymentResultSchema, client.lang);
}
