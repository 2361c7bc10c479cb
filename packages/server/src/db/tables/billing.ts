import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns.js';

/** Money in tiyn: `bigint`, read as text (beyond JavaScript's safe range it would lose digits), written as a number. */
type Tiyn = ColumnType<string, number, number>;
type TiynWithDefault = ColumnType<string, number | undefined, number>;

/** The billing module's tables (`modules/billing/`). */
export interface BillingTables {
  billing_accounts: BillingAccountsTable;
  billing_orders: BillingOrdersTable;
  billing_sends: BillingSendsTable;
  billing_invoices: BillingInvoicesTable;
  billing_payments: BillingPaymentsTable;
  billing_operators: BillingOperatorsTable;
  billing_tariff_notices: BillingTariffNoticesTable;
}

/** Row of `billing_accounts`: a company's counter row, locked by every counted send and every balance change. */
export interface BillingAccountsTable {
  company_bin: string;
  free_used: ColumnType<number, number | undefined, number>;
  balance_tiyn: TiynWithDefault;
  updated_at: Timestamp;
}

/** Row of `billing_orders`: an order of a paid plan; paid, it holds the tariff period. */
export interface BillingOrdersTable {
  id: Generated<number>;
  company_bin: string;
  plan: 'monthly' | 'yearly';
  status: 'NEW' | 'PAID';
  amount_tiyn: Tiyn;
  paid_tiyn: TiynWithDefault;
  uin: string;
  created_by: string | null;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
}

/** Row of `billing_sends`: a document sent by a company, counted once (revoking does not give it back). */
export interface BillingSendsTable {
  document_id: number;
  company_bin: string;
  counted_as: 'free' | 'paid';
  sent_at: Timestamp;
}

/** Row of `billing_invoices`: an issued invoice; `seller` is the seller's requisites then, as JSON text. */
export interface BillingInvoicesTable {
  id: Generated<number>;
  order_id: number;
  company_bin: string;
  buyer_name: string;
  amount_tiyn: Tiyn;
  uin: string;
  lang: 'kk' | 'ru' | 'en';
  filial_id: number;
  seller: string;
  issued_at: Timestamp;
}

/** Row of `billing_payments`: money received (bank, statement) or taken from the balance, for an order. */
export interface BillingPaymentsTable {
  id: Generated<number>;
  order_id: number | null;
  invoice_id: number | null;
  company_bin: string;
  source: 'bank' | 'statement' | 'balance';
  amount_tiyn: Tiyn;
  reference: string | null;
  registered_by: string;
  registered_at: Timestamp;
  paid_at: NullableTimestamp;
  /** When the company was told of it (the billing job's payment notices); null while not yet. */
  noticed_at: NullableTimestamp;
  /**
   * Registered by hand although the order had a statement payment of the same amount: that payment's id, which the
   * operator confirmed this is not (`confirmDuplicate`); null otherwise.
   */
  confirmed_duplicate_of: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Row of `billing_tariff_notices`: a tariff notice told to a company, once per kind and paid run end. */
export interface BillingTariffNoticesTable {
  company_bin: string;
  kind: 'ending' | 'ended';
  period_end: Timestamp;
  noticed_at: Timestamp;
}

/** Row of `billing_operators`: a login (e-mail or phone) with the payments operator role. */
export interface BillingOperatorsTable {
  login: string;
  granted_at: Timestamp;
}
