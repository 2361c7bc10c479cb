import {
  AppError,
  BILLING_PATHS,
  BILLING_PRODUCT,
  billingIdParamsSchema,
  contentDisposition,
  paymentInvoicePathSchema,
  paymentInvoiceQuerySchema,
  paymentInvoiceRequestSchema,
  paymentInvoiceSchema,
  publicInvoiceQuerySchema,
} from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import { requireUser } from '../account/index.js';
import { companyNames, isMember, requireMembership } from '../registry/index.js';
import type { BillingContext } from './billing-context.js';
import { invoicePdf } from './invoice-pdf.js';
import {
  createInvoice,
  findInvoice,
  type InvoiceRow,
  invoiceNumber,
  invoiceOfOrder,
  invoiceSeller,
  invoiceView,
} from './invoice-store.js';
import { findOrder, findOrderByUin } from './order-store.js';

const TAGS = ['billing'];
const BYTES = z.custom<Buffer>((value) => Buffer.isBuffer(value));
const TARIFF_QUERY = `${BILLING_PRODUCT}DocsTariff` as const;

/** Invoices: issue one for an order, its public download path, and the download itself (no login). */
export function registerInvoiceRoutes(context: BillingContext): void {
  const { route, db, clock, config, invoicePaths } = context;

  route(
    defineRoute({
      method: 'POST',
      url: BILLING_PATHS.generateInvoice,
      operationId: 'generatePaymentInvoice',
      summary: 'Issue the invoice of an order',
      description:
        '`abonentId` is the buying company (its BIN/IIN; the caller must be its member: 401 / 403 FORBIDDEN), `uin` ' +
        `the order's payment reference (another company's answers 404 ENTITY_NOT_FOUND like a missing one), ` +
        `\`filialId\` the configured filial. \`${TARIFF_QUERY}\` 1 is the monthly plan, 2 another: one that is not the ` +
        "order's answers 409 INVOICE_ORDER_MISMATCH. Asking again answers the order's invoice already issued.",
      tags: TAGS,
      auth: true,
      query: paymentInvoiceQuerySchema,
      body: paymentInvoiceRequestSchema,
      status: 201,
      response: paymentInvoiceSchema,
      handler: async ({ request, query, body }) => {
        const { userId } = await requireUser(request);
        await requireMembership(db, userId, body.abonentId);
        const order = await findOrderByUin(db, body.uin);
        if (!order || order.company_bin !== body.abonentId || body.filialId !== config.filialId) {
          throw new AppError('ENTITY_NOT_FOUND');
        }
        if ((query[TARIFF_QUERY] === '1') !== (order.plan === 'monthly') || body.currency !== 'KZT') {
          throw new AppError('INVOICE_ORDER_MISMATCH');
        }
        const issued = await invoiceOfOrder(db, order.id);
        if (issued) return invoiceView(issued);
        const names = await companyNames(db, [order.company_bin]);
        const invoice = await createInvoice(db, order, {
          buyerName: names.get(order.company_bin)?.nameRu ?? order.company_bin,
          lang: body.lang,
          filialId: config.filialId,
          seller: config.seller,
          now: clock(),
        });
        return invoiceView(invoice);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.invoicePath,
      operationId: 'getPaymentInvoicePath',
      summary: 'The unguessable path of an invoice for its public download',
      description:
        "Put `path` in `publicInvoice`'s `?path=` (`url` is that address). A member of the invoice's company only: " +
        "401 without a session; another company's invoice answers 404 ENTITY_NOT_FOUND like a missing one.",
      tags: TAGS,
      auth: true,
      params: billingIdParamsSchema,
      response: paymentInvoicePathSchema,
      handler: async ({ request, params }) => {
        const { userId } = await requireUser(request);
        const invoice = await findInvoice(db, params.id);
        if (!invoice || !(await isMember(db, userId, invoice.company_bin)))
          throw new AppError('ENTITY_NOT_FOUND');
        const path = invoicePaths.pathOf(invoice.id);
        return { path, url: `${BILLING_PATHS.publicInvoice}?path=${encodeURIComponent(path)}&download=true` };
      },
    }),
  );

  async function pdfOf(invoice: InvoiceRow): Promise<Uint8Array> {
    const order = await findOrder(db, invoice.order_id);
    if (!order) throw new AppError('ENTITY_NOT_FOUND');
    return invoicePdf({
      number: invoiceNumber(invoice),
      issuedAt: new Date(invoice.issued_at),
      seller: invoiceSeller(invoice),
      buyer: { bin: invoice.company_bin, name: invoice.buyer_name },
      plan: order.plan,
      amountTiyn: Number(invoice.amount_tiyn),
      uin: invoice.uin,
    });
  }

  route(
    defineRoute({
      method: 'GET',
      url: BILLING_PATHS.publicInvoice,
      operationId: 'downloadPaymentInvoice',
      summary: 'The invoice PDF, without login',
      description:
        'The path from `getPaymentInvoicePath` is the only credential (signed by the server); any other answers ' +
        '404 ENTITY_NOT_FOUND. `download=true` asks for an attachment, else it opens inline.',
      tags: TAGS,
      query: publicInvoiceQuerySchema,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: BYTES,
      handler: async ({ query, reply }) => {
        const id = invoicePaths.idOf(query.path);
        const invoice = id === undefined ? undefined : await findInvoice(db, id);
        if (!invoice) throw new AppError('ENTITY_NOT_FOUND');
        const pdf = await pdfOf(invoice);
        reply
          .type('application/pdf')
          .header(
            'content-disposition',
            contentDisposition(
              query.download === 'true' ? 'attachment' : 'inline',
              `invoice-${invoice.id}.pdf`,
            ),
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .header('referrer-policy', 'no-referrer');
        return Buffer.from(pdf);
      },
    }),
  );
}
