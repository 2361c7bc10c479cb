/**
 * Tariffs, orders, invoices and payments (issue 20), owned by the billing module: each company's counter row (free
 * documents sent, personal account balance) that every counted send locks, the sends counted, orders of paid plans
 * with their periods, invoices, payments received, and the logins with the payments operator role.
 */
export const id = '0020_billing';

export const sql = /* sql */ `
create table billing_accounts (
  company_bin text primary key,
  free_used integer not null default 0 check (free_used >= 0),
  balance_tiyn bigint not null default 0 check (balance_tiyn >= 0),
  updated_at timestamptz not null
);

create table billing_orders (
  id integer generated always as identity primary key,
  company_bin text not null,
  plan text not null check (plan in ('monthly', 'yearly')),
  status text not null check (status in ('NEW', 'PAID')),
  amount_tiyn bigint not null check (amount_tiyn >= 0),
  paid_tiyn bigint not null default 0 check (paid_tiyn >= 0),
  uin text not null unique,
  created_by text,
  created_at timestamptz not null,
  paid_at timestamptz,
  starts_at timestamptz,
  ends_at timestamptz,
  check ((status = 'PAID') = (starts_at is not null and ends_at is not null and paid_at is not null))
);
create index billing_orders_company_idx on billing_orders (company_bin, id);
create index billing_orders_periods_idx on billing_orders (company_bin, ends_at) where status = 'PAID';

create table billing_sends (
  document_id integer primary key,
  company_bin text not null,
  counted_as text not null check (counted_as in ('free', 'paid')),
  sent_at timestamptz not null
);
create index billing_sends_company_idx on billing_sends (company_bin, sent_at);

create table billing_invoices (
  id integer generated always as identity primary key,
  order_id integer not null references billing_orders (id),
  company_bin text not null,
  buyer_name text not null,
  amount_tiyn bigint not null check (amount_tiyn >= 0),
  uin text not null,
  lang text not null check (lang in ('kk', 'ru', 'en')),
  filial_id integer not null,
  seller text not null,
  issued_at timestamptz not null
);
create index billing_invoices_order_idx on billing_invoices (order_id);

create table billing_payments (
  id integer generated always as identity primary key,
  order_id integer references billing_orders (id),
  invoice_id integer references billing_invoices (id),
  company_bin text not null,
  source text not null check (source in ('bank', 'statement', 'balance')),
  amount_tiyn bigint not null check (amount_tiyn > 0),
  reference text unique,
  registered_by text not null,
  registered_at timestamptz not null,
  paid_at timestamptz
);
create index billing_payments_order_idx on billing_payments (order_id);

create table billing_operators (
  login text primary key,
  granted_at timestamptz not null
);
`;
