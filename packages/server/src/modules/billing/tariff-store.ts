import {
  AppError,
  type CompanyTariffFacts,
  currentPeriod,
  FREE_DOCUMENTS,
  sendDecision,
  type TariffPeriod,
} from '@qoltanba/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A database handle or an open transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

/** A company's counter row, locked until the calling transaction ends. */
export interface LockedAccount {
  freeUsed: number;
  balanceTiyn: number;
}

/**
 * Locks the company's counter row (made on first use), so every counted send, balance payment and registered
 * payment of one company runs one after another: two sends at the same moment cannot both take the last free
 * document.
 */
export async function lockAccount(
  trx: Transaction<Database>,
  bin: string,
  now: Date,
): Promise<LockedAccount> {
  await trx
    .insertInto('billing_accounts')
    .values({ company_bin: bin, updated_at: now })
    .onConflict((oc) => oc.column('company_bin').doNothing())
    .execute();
  const row = await trx
    .selectFrom('billing_accounts')
    .select(['free_used', 'balance_tiyn'])
    .where('company_bin', '=', bin)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { freeUsed: row.free_used, balanceTiyn: Number(row.balance_tiyn) };
}

/** The company's paid periods, oldest first. */
export async function paidPeriods(db: Db, bin: string): Promise<TariffPeriod[]> {
  const rows = await db
    .selectFrom('billing_orders')
    .select(['starts_at', 'ends_at'])
    .where('company_bin', '=', bin)
    .where('status', '=', 'PAID')
    .orderBy('starts_at')
    .execute();
  return rows.flatMap((row) =>
    row.starts_at && row.ends_at
      ? [{ startsAt: new Date(row.starts_at), endsAt: new Date(row.ends_at) }]
      : [],
  );
}

/** Documents the company sent within `period` on its paid tariff. */
async function sentWithin(db: Db, bin: string, period: TariffPeriod): Promise<number> {
  const row = await db
    .selectFrom('billing_sends')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('company_bin', '=', bin)
    .where('counted_as', '=', 'paid')
    .where('sent_at', '>=', period.startsAt)
    .where('sent_at', '<', period.endsAt)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What core's tariff rules need about the company at `now` (the counter row read as it is, unlocked). */
export async function companyTariffFacts(db: Db, bin: string, now: Date): Promise<CompanyTariffFacts> {
  const account = await db
    .selectFrom('billing_accounts')
    .select('free_used')
    .where('company_bin', '=', bin)
    .executeTakeFirst();
  const periods = await paidPeriods(db, bin);
  const shown = currentPeriod(periods, now) ?? periods.at(-1);
  return {
    freeUsed: account?.free_used ?? 0,
    periods,
    periodDocCount: shown ? await sentWithin(db, bin, shown) : 0,
  };
}

/** A send to count: which document, which sender company, when. */
export interface CountedSend {
  documentId: number;
  bin: string;
  at: Date;
}

/**
 * Counts a send against the sender company's tariff inside the sending transaction, under the company's counter
 * row lock; without a tariff (`enforce`) throws the catalogue refusal (FREE_TARIFF_ALREADY_USED or TARIFF_EXPIRED),
 * which undoes the send. A document counts once: sent again after a rejection and an edit, it is not counted again,
 * and revoking it gives nothing back. Without `enforce` (tests only) the send is still counted, never refused.
 * Answers `freeSpent` when this send took the free plan's last document of a company that never paid (with
 * `enforce`: the next send will be refused).
 */
export async function countSend(
  trx: Transaction<Database>,
  send: CountedSend,
  enforce: boolean,
): Promise<{ freeSpent: boolean }> {
  const account = await lockAccount(trx, send.bin, send.at);
  const counted = await trx
    .selectFrom('billing_sends')
    .select('document_id')
    .where('document_id', '=', send.documentId)
    .executeTakeFirst();
  if (counted) return { freeSpent: false };
  const periods = await paidPeriods(trx, send.bin);
  const decision = sendDecision({ freeUsed: account.freeUsed, periods, periodDocCount: 0 }, send.at);
  if (!decision.allowed && enforce) throw new AppError(decision.code);
  const countsAgainst = decision.allowed ? decision.countsAgainst : 'free';
  await trx
    .insertInto('billing_sends')
    .values({
      document_id: send.documentId,
      company_bin: send.bin,
      counted_as: countsAgainst,
      sent_at: send.at,
    })
    .execute();
  if (countsAgainst === 'free') {
    await trx
      .updateTable('billing_accounts')
      .set({ free_used: account.freeUsed + 1, updated_at: send.at })
      .where('company_bin', '=', send.bin)
      .execute();
  }
  const freeSpent =
    enforce && countsAgainst === 'free' && periods.length === 0 && account.freeUsed + 1 === FREE_DOCUMENTS;
  return { freeSpent };
}

/** The company's personal account balance in tiyn (0 before its first payment). */
export async function accountBalance(db: Db, bin: string): Promise<number> {
  const row = await db
    .selectFrom('billing_accounts')
    .select('balance_tiyn')
    .where('company_bin', '=', bin)
    .executeTakeFirst();
  return Number(row?.balance_tiyn ?? 0);
}
