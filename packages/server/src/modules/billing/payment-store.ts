import {
  AppError,
  type EarlierPayment,
  handPaymentDecision,
  type LoginTarget,
  type Payment,
  parseLoginTarget,
} from '@qoltanba/core';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { BillingPaymentsTable, Database } from '../../db/schema.js';
import { findUserById } from '../account/index.js';
import { findInvoice, invoiceNumber, invoiceOfOrder } from './invoice-store.js';
import { activateOrder, findOrder, findOrderByUin, type OrderRow, tengeOf } from './order-store.js';
import { type Db, lockAccount } from './tariff-store.js';

/** A row of `billing_payments`. */
export type PaymentRow = Selectable<BillingPaymentsTable>;

/** The API view of a payment row. */
export function paymentView(row: PaymentRow): Payment {
  return {
    id: row.id,
    source: row.source,
    amount: tengeOf(row.amount_tiyn),
    reference: row.reference,
    invoiceNumber: row.invoice_id === null ? null : invoiceNumber({ id: row.invoice_id }),
    registeredAt: new Date(row.registered_at).toISOString(),
  };
}

/** The payments counted for an order, oldest first. */
export async function orderPayments(db: Db, orderId: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('billing_payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** A payment received, as an operator or a statement import names it. */
export interface ReceivedPayment {
  /** The invoice number, or the UIN (the payment reference the invoice asks to quote); one of them. */
  invoiceNumber?: string | undefined;
  uin?: string | undefined;
  amountTiyn: number;
  /** The bank document's reference: registering it again changes nothing. */
  reference: string;
  source: 'bank' | 'statement';
  /** Who registered it (`operator:<login>`, `statement:<file>`). */
  registeredBy: string;
  paidAt: Date | null;
  now: Date;
  /**
   * By hand (`bank`) only: the operator confirms this is other money than a statement payment of the same amount on
   * the order (core's `handPaymentDecision`); without it such a registration is PAYMENT_POSSIBLE_DUPLICATE.
   */
  confirmDuplicate?: boolean | undefined;
}

/** What registering did. */
export interface RegisteredPaymentRows {
  outcome: 'activated' | 'underpaid' | 'credited' | 'already_registered';
  payment: PaymentRow;
  order: OrderRow;
  balanceTiyn: number;
}

/** The order and invoice a payment names: by invoice number, else by UIN; ENTITY_NOT_FOUND when neither matches. */
async function targetOf(
  db: Db,
  received: ReceivedPayment,
): Promise<{ order: OrderRow; invoiceId: number | null }> {
  if (received.invoiceNumber !== undefined) {
    const id = /^\d{1,10}$/.test(received.invoiceNumber) ? Number(received.invoiceNumber) : 0;
    const invoice = await findInvoice(db, id);
    const order = invoice ? await findOrder(db, invoice.order_id) : undefined;
    if (invoice && order && (received.uin === undefined || received.uin === order.uin)) {
      return { order, invoiceId: invoice.id };
    }
    throw new AppError('ENTITY_NOT_FOUND');
  }
  const order = received.uin === undefined ? undefined : await findOrderByUin(db, received.uin);
  if (!order) throw new AppError('ENTITY_NOT_FOUND');
  const invoice = await invoiceOfOrder(db, order.id);
  return { order, invoiceId: invoice?.id ?? null };
}

/** A payment row as core's `handPaymentDecision` reads it. */
function earlierPayment(row: PaymentRow): EarlierPayment {
  return { id: row.id, source: row.source, amountTiyn: Number(row.amount_tiyn), reference: row.reference };
}

/**
 * Registers a payment received against an invoice, in one transaction under the company's counter row lock:
 * - the same bank reference again: nothing changes (`already_registered`), or PAYMENT_REFERENCE_CONFLICT when it
 *   came with another amount or for another order;
 * - by hand (`bank`), of the same amount as a payment the order has from a bank statement: PAYMENT_POSSIBLE_DUPLICATE
 *   (409, naming that payment's reference), nothing changes; with `confirmDuplicate` it is counted and
 *   `confirmed_duplicate_of` records which statement payment the operator said it is not;
 * - the order is paid in full with it: PAID and its tariff period starts at once (after a running one), the excess
 *   goes to the company's balance (`activated`);
 * - not yet in full: kept against the order, nothing activates (`underpaid`); a later payment completes it;
 * - the order was paid already: the whole amount goes to the balance (`credited`).
 */
export async function registerPayment(
  db: Kysely<Database>,
  received: ReceivedPayment,
): Promise<RegisteredPaymentRows> {
  return db.transaction().execute((trx) => registerPaymentIn(trx, received));
}

/** {@link registerPayment} inside the caller's transaction (a statement import registers all its payments in one). */
export async function registerPaymentIn(
  trx: Transaction<Database>,
  received: ReceivedPayment,
): Promise<RegisteredPaymentRows> {
  const { order: named, invoiceId } = await targetOf(trx, received);
  const account = await lockAccount(trx, named.company_bin, received.now);
  const order = (await findOrder(trx, named.id)) ?? named;
  const existing = await trx
    .selectFrom('billing_payments')
    .selectAll()
    .where('reference', '=', received.reference)
    .executeTakeFirst();
  if (existing) {
    if (existing.order_id !== order.id || Number(existing.amount_tiyn) !== received.amountTiyn) {
      throw new AppError('PAYMENT_REFERENCE_CONFLICT');
    }
    return { outcome: 'already_registered', payment: existing, order, balanceTiyn: account.balanceTiyn };
  }
  let confirmedDuplicateOf: number | null = null;
  if (received.source === 'bank') {
    const decision = handPaymentDecision(
      received.amountTiyn,
      (await orderPayments(trx, order.id)).map(earlierPayment),
      received.confirmDuplicate === true,
    );
    if (!decision.allowed) {
      const { id, reference } = decision.duplicateOf;
      throw new AppError('PAYMENT_POSSIBLE_DUPLICATE', { reference: reference ?? `#${id}` });
    }
    confirmedDuplicateOf = decision.confirmedDuplicateOf?.id ?? null;
  }
  const payment = await trx
    .insertInto('billing_payments')
    .values({
      order_id: order.id,
      invoice_id: invoiceId,
      company_bin: order.company_bin,
      source: received.source,
      amount_tiyn: received.amountTiyn,
      reference: received.reference,
      registered_by: received.registeredBy,
      registered_at: received.now,
      paid_at: received.paidAt,
      confirmed_duplicate_of: confirmedDuplicateOf,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const amount = Number(order.amount_tiyn);
  const paidBefore = Number(order.paid_tiyn);
  const credit = async (tiyn: number) => {
    if (tiyn <= 0) return account.balanceTiyn;
    const balance = account.balanceTiyn + tiyn;
    await trx
      .updateTable('billing_accounts')
      .set({ balance_tiyn: balance, updated_at: received.now })
      .where('company_bin', '=', order.company_bin)
      .execute();
    return balance;
  };
  if (order.status === 'PAID') {
    return { outcome: 'credited', payment, order, balanceTiyn: await credit(received.amountTiyn) };
  }
  const paid = paidBefore + received.amountTiyn;
  let updated = await trx
    .updateTable('billing_orders')
    .set({ paid_tiyn: Math.min(paid, amount) })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (paid < amount)
    return { outcome: 'underpaid', payment, order: updated, balanceTiyn: account.balanceTiyn };
  updated = await activateOrder(trx, updated, received.now);
  return { outcome: 'activated', payment, order: updated, balanceTiyn: await credit(paid - amount) };
}

/** The normalised login of what an administrator typed (an e-mail or a phone), or undefined when it is neither. */
export function billingOperatorLogin(input: string): LoginTarget | undefined {
  return parseLoginTarget(input.trim());
}

/** Grants the payments operator role to a login (before or after it registers); false when it had it. */
export async function grantBillingOperator(
  db: Kysely<Database>,
  login: LoginTarget,
  now: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('billing_operators')
    .values({ login: login.value, granted_at: now })
    .onConflict((conflict) => conflict.column('login').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Takes the role away (at once); false when the login did not have it. */
export async function revokeBillingOperator(db: Kysely<Database>, login: LoginTarget): Promise<boolean> {
  const deleted = await db
    .deleteFrom('billing_operators')
    .where('login', '=', login.value)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** The login (e-mail or phone) through which the user holds the payments operator role, or undefined. */
export async function billingOperatorOf(db: Kysely<Database>, userId: string): Promise<string | undefined> {
  const user = await findUserById(db, userId);
  const logins = [user?.email, user?.phone].filter((login): login is string => typeof login === 'string');
  if (logins.length === 0) return undefined;
  const granted = await db
    .selectFrom('billing_operators')
    .select('login')
    .where('login', 'in', logins)
    .executeTakeFirst();
  return granted?.login;
}
