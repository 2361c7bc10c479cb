import { TARIFF_ENDED_NOTICE_DAYS, tariffNotice } from '@qoltanba/core';
import type { Kysely, Transaction } from 'kysely';
import { withJobLock } from '../../db/job-lock.js';
import type { Database } from '../../db/schema.js';
import type { ModuleHooks } from '../module-hooks.js';
import { invoiceNumber } from './invoice-store.js';
import { tengeOf } from './order-store.js';
import { paidPeriods } from './tariff-store.js';

/** The advisory lock name of the billing notices job: one round at a time across instances. */
export const BILLING_NOTICES_JOB = 'billing-notices';

/** Payments told per round at most (the rest on the next round). */
const PAYMENTS_PER_ROUND = 500;

const DAY_MS = 24 * 3_600_000;

/** What the notices job needs. */
export interface BillingNoticesContext {
  db: Kysely<Database>;
  hooks: Pick<ModuleHooks, 'paymentRegistered' | 'tariffEnding' | 'tariffEnded'>;
  /** Days before a paid tariff's end that its company is told. */
  endingNoticeDays: number;
}

/** What one round told. */
export interface BillingNoticesRound {
  ran: boolean;
  /** Payment ids told. */
  payments: number[];
  /** Companies told their tariff ends soon, and that it ended. */
  ending: string[];
  ended: string[];
}

/** Tells the companies of their payments not yet told (oldest first), inside the round's transaction. */
async function tellPayments(
  trx: Transaction<Database>,
  hooks: BillingNoticesContext['hooks'],
  now: Date,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('billing_payments')
    .leftJoin('billing_orders', 'billing_orders.id', 'billing_payments.order_id')
    .select([
      'billing_payments.id',
      'billing_payments.company_bin',
      'billing_payments.invoice_id',
      'billing_payments.amount_tiyn',
      'billing_orders.status',
    ])
    .where('billing_payments.noticed_at', 'is', null)
    .orderBy('billing_payments.id')
    .limit(PAYMENTS_PER_ROUND)
    .execute();
  for (const row of rows) {
    await hooks.paymentRegistered.run({
      db: trx,
      bin: row.company_bin,
      at: now,
      invoiceNumber: row.invoice_id === null ? null : invoiceNumber({ id: row.invoice_id }),
      amountTenge: tengeOf(row.amount_tiyn),
      orderPaid: row.status === 'PAID',
    });
  }
  const ids = rows.map((row) => row.id);
  if (ids.length > 0)
    await trx.updateTable('billing_payments').set({ noticed_at: now }).where('id', 'in', ids).execute();
  return ids;
}

/**
 * Tells each company whose paid tariff ends within the notice days, or ended lately (core's `tariffNotice`), once
 * per kind and end: the mark and the notifications commit together.
 */
async function tellTariffs(
  trx: Transaction<Database>,
  context: BillingNoticesContext,
  now: Date,
): Promise<{ ending: string[]; ended: string[] }> {
  // Candidates: a paid period ending in the window; core's rule then reads the company's whole run.
  const from = new Date(now.getTime() - TARIFF_ENDED_NOTICE_DAYS * DAY_MS);
  const to = new Date(now.getTime() + context.endingNoticeDays * DAY_MS);
  const candidates = await trx
    .selectFrom('billing_orders')
    .select('company_bin')
    .distinct()
    .where('status', '=', 'PAID')
    .where('ends_at', '>', from)
    .where('ends_at', '<=', to)
    .orderBy('company_bin')
    .execute();
  const told = { ending: [] as string[], ended: [] as string[] };
  for (const { company_bin: bin } of candidates) {
    const notice = tariffNotice(await paidPeriods(trx, bin), now, context.endingNoticeDays);
    if (!notice) continue;
    const marked = await trx
      .insertInto('billing_tariff_notices')
      .values({ company_bin: bin, kind: notice.kind, period_end: notice.end, noticed_at: now })
      .onConflict((oc) => oc.columns(['company_bin', 'kind', 'period_end']).doNothing())
      .executeTakeFirst();
    if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    if (notice.kind === 'ending') {
      await context.hooks.tariffEnding.run({
        db: trx,
        bin,
        at: now,
        endsAt: notice.end,
        daysLeft: notice.daysLeft,
      });
      told.ending.push(bin);
    } else {
      await context.hooks.tariffEnded.run({ db: trx, bin, at: now, reason: 'expired', endedAt: notice.end });
      told.ended.push(bin);
    }
  }
  return told;
}

/**
 * One round of the billing notices job, once across instances (advisory lock; another instance's round running
 * now skips this one): payments not yet told, then tariffs ending soon or ended. Everything told commits with its
 * mark, so a failing round leaves nothing half told and the next one retries. `tariffs: false` tells payments only
 * (right after a payment's registration).
 */
export async function runBillingNotices(
  context: BillingNoticesContext,
  now: Date,
  options: { tariffs?: boolean } = {},
): Promise<BillingNoticesRound> {
  const result = await withJobLock(context.db, BILLING_NOTICES_JOB, async (trx) => {
    const payments = await tellPayments(trx, context.hooks, now);
    const tariffs =
      options.tariffs === false ? { ending: [], ended: [] } : await tellTariffs(trx, context, now);
    return { payments, ...tariffs };
  });
  return result.ran ? { ran: true, ...result.value } : { ran: false, payments: [], ending: [], ended: [] };
}
