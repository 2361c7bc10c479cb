import { randomInt } from 'node:crypto';
import {
  AppError,
  addPlanMonths,
  type Order,
  type PaidPlanId,
  PLAN_MONTHS,
  paidPlanStart,
} from '@qoltanba/core';
import type { Selectable, Transaction } from 'kysely';
import { isRowId } from '../../db/row-id.js';
import type { BillingOrdersTable, Database } from '../../db/schema.js';
import { type Db, lockAccount, paidPeriods } from './tariff-store.js';

/** A row of `billing_orders`. */
export type OrderRow = Selectable<BillingOrdersTable>;

/** Tiyn as tenge for the API (two decimals at most). */
export const tengeOf = (tiyn: number | string): number => Number(tiyn) / 100;

/** The API view of an order row. */
export function orderView(row: OrderRow): Order {
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    id: row.id,
    bin: row.company_bin,
    plan: row.plan,
    status: row.status,
    amount: tengeOf(row.amount_tiyn),
    currency: 'KZT',
    uin: row.uin,
    createdAt: new Date(row.created_at).toISOString(),
    paidAt: iso(row.paid_at),
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    paid: tengeOf(row.paid_tiyn),
  };
}

/** A new payment reference: "QT" and 16 random digits, unique (the column is). */
function newUin(): string {
  let digits = '';
  for (let i = 0; i < 16; i += 1) digits += String(randomInt(10));
  return `QT${digits}`;
}

/** The order `id`, or undefined. */
export async function findOrder(db: Db, id: number): Promise<OrderRow | undefined> {
  if (!isRowId(id)) return undefined;
  return db.selectFrom('billing_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The order with payment reference `uin`, or undefined. */
export async function findOrderByUin(db: Db, uin: string): Promise<OrderRow | undefined> {
  return db.selectFrom('billing_orders').selectAll().where('uin', '=', uin).executeTakeFirst();
}

/** The company's orders, newest first. */
export async function listOrders(db: Db, bin: string): Promise<OrderRow[]> {
  return db
    .selectFrom('billing_orders')
    .selectAll()
    .where('company_bin', '=', bin)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/**
 * Marks a fully paid order PAID and sets its period: from when the company's last paid period ends (or now), for
 * the plan's months. The caller holds the company's counter row lock, so two activations cannot overlap periods.
 */
export async function activateOrder(
  trx: Transaction<Database>,
  order: OrderRow,
  now: Date,
): Promise<OrderRow> {
  const startsAt = paidPlanStart(await paidPeriods(trx, order.company_bin), now);
  const endsAt = addPlanMonths(startsAt, PLAN_MONTHS[order.plan]);
  return trx
    .updateTable('billing_orders')
    .set({ status: 'PAID', paid_at: now, starts_at: startsAt, ends_at: endsAt })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What {@link createOrder} needs. */
export interface NewOrder {
  bin: string;
  plan: PaidPlanId;
  /** The plan's price now, in tenge. */
  priceTenge: number;
  userId: string;
  /** Pay from the personal account at once when its balance covers the price. */
  payFromBalance: boolean;
  now: Date;
}

/**
 * Creates an order of a paid plan; with `payFromBalance` and enough balance it is paid from the personal account
 * in the same transaction (a `balance` payment) and its period starts (after the current one, no days lost).
 */
export async function createOrder(db: Db, input: NewOrder): Promise<OrderRow> {
  const amountTiyn = input.priceTenge * 100;
  return db.transaction().execute(async (trx) => {
    let order = await trx
      .insertInto('billing_orders')
      .values({
        company_bin: input.bin,
        plan: input.plan,
        status: 'NEW',
        amount_tiyn: amountTiyn,
        uin: newUin(),
        created_by: input.userId,
        created_at: input.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (!input.payFromBalance) return order;
    const account = await lockAccount(trx, input.bin, input.now);
    if (account.balanceTiyn < amountTiyn) return order;
    await trx
      .updateTable('billing_accounts')
      .set({ balance_tiyn: account.balanceTiyn - amountTiyn, updated_at: input.now })
      .where('company_bin', '=', input.bin)
      .execute();
    if (amountTiyn > 0) {
      await trx
        .insertInto('billing_payments')
        .values({
          order_id: order.id,
          invoice_id: null,
          company_bin: input.bin,
          source: 'balance',
          amount_tiyn: amountTiyn,
          reference: null,
          registered_by: `user:${input.userId}`,
          registered_at: input.now,
          paid_at: input.now,
          // The member paid from the balance on the screen: nothing to tell.
          noticed_at: input.now,
        })
        .execute();
    }
    order = await trx
      .updateTable('billing_orders')
      .set({ paid_tiyn: amountTiyn })
      .where('id', '=', order.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return activateOrder(trx, order, input.now);
  });
}

/** The order `id` for a member of its company: ENTITY_NOT_FOUND for a missing one and for another company's alike. */
export async function requireOrderOf(
  db: Db,
  id: number,
  isMemberOf: (bin: string) => Promise<boolean>,
): Promise<OrderRow> {
  const order = await findOrder(db, id);
  if (!order || !(await isMemberOf(order.company_bin))) throw new AppError('ENTITY_NOT_FOUND');
  return order;
}
