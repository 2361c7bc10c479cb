import { AppError, type BillingHistoryPage } from '@qoltanba/core';
import { invoiceView } from './invoice-store.js';
import { orderView, tengeOf } from './order-store.js';
import { paymentView } from './payment-store.js';
import { accountBalance, type Db } from './tariff-store.js';

const encodeCursor = (id: number) => Buffer.from(JSON.stringify({ id })).toString('base64url');

/** The order id a cursor continues before; VALIDATION_FAILED (field `cursor`) for anything not ours. */
function decodeCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const id = (parsed as { id?: unknown }).id;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
  } catch {
    // falls through to the refusal
  }
  throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
}

/**
 * A page of the company's billing history: its orders newest first, keyset by id (a new order never shifts a
 * page), each with its first invoice and its payments, and the balance now. Three queries a page, whatever its
 * size. The caller has checked the user may see the company.
 */
export async function billingHistory(
  db: Db,
  bin: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<BillingHistoryPage> {
  const before = decodeCursor(page.cursor);
  let query = db.selectFrom('billing_orders').selectAll().where('company_bin', '=', bin);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const orders = rows.slice(0, page.limit);
  const ids = orders.map((order) => order.id);
  const [invoices, payments] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .selectFrom('billing_invoices')
            .selectAll()
            .where('company_bin', '=', bin)
            .where('order_id', 'in', ids)
            .orderBy('id')
            .execute(),
          db
            .selectFrom('billing_payments')
            .selectAll()
            .where('company_bin', '=', bin)
            .where('order_id', 'in', ids)
            .orderBy('id')
            .execute(),
        ]);
  const last = orders.at(-1);
  return {
    items: orders.map((order) => {
      // The first invoice of an order is the one (asking again answers it).
      const invoice = invoices.find((row) => row.order_id === order.id);
      return {
        order: orderView(order),
        invoice: invoice ? invoiceView(invoice) : null,
        payments: payments.filter((row) => row.order_id === order.id).map(paymentView),
      };
    }),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.id) : null,
    balance: tengeOf(await accountBalance(db, bin)),
  };
}
