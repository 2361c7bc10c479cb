import type { Lang, PaymentInvoice } from '@qoltanba/core';
import type { Selectable } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { BillingInvoicesTable } from '../../db/schema.js';
import type { SellerRequisites } from './billing-env.js';
import { type OrderRow, tengeOf } from './order-store.js';
import type { Db } from './tariff-store.js';

/** A row of `billing_invoices`. */
export type InvoiceRow = Selectable<BillingInvoicesTable>;

/** The invoice number as printed and as a payment names it: the invoice id. */
export const invoiceNumber = (row: Pick<InvoiceRow, 'id'>): string => String(row.id);

/** The API view of an invoice row. */
export function invoiceView(row: InvoiceRow): PaymentInvoice {
  return {
    id: row.id,
    number: invoiceNumber(row),
    orderId: row.order_id,
    bin: row.company_bin,
    amount: tengeOf(row.amount_tiyn),
    currency: 'KZT',
    uin: row.uin,
    lang: row.lang,
    issuedAt: new Date(row.issued_at).toISOString(),
  };
}

/** What {@link createInvoice} needs besides the order. */
export interface NewInvoice {
  buyerName: string;
  lang: Lang;
  filialId: number;
  seller: SellerRequisites;
  now: Date;
}

/** Issues an invoice for the order's full amount, keeping the seller's requisites of today with it. */
export async function createInvoice(db: Db, order: OrderRow, input: NewInvoice): Promise<InvoiceRow> {
  return db
    .insertInto('billing_invoices')
    .values({
      order_id: order.id,
      company_bin: order.company_bin,
      buyer_name: input.buyerName,
      amount_tiyn: Number(order.amount_tiyn),
      uin: order.uin,
      lang: input.lang,
      filial_id: input.filialId,
      seller: JSON.stringify(input.seller),
      issued_at: input.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The invoice `id`, or undefined. */
export async function findInvoice(db: Db, id: number): Promise<InvoiceRow | undefined> {
  if (!isRowId(id)) return undefined;
  return db.selectFrom('billing_invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The seller's requisites an invoice was issued with. */
export function invoiceSeller(row: InvoiceRow): SellerRequisites {
  return JSON.parse(row.seller) as SellerRequisites;
}

/** The first invoice issued for order `orderId`, or undefined. */
export async function invoiceOfOrder(db: Db, orderId: number): Promise<InvoiceRow | undefined> {
  return db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .executeTakeFirst();
}
