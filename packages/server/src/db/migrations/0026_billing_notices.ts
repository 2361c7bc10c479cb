/**
 * Billing notices and the payments page (issue 20): each payment remembers when its company was told of it (the
 * billing job tells the ones registered by the admin command too), the tariff notices told (ends soon, ended) once
 * per company and end, and indexes for a company's invoices and payments newest first.
 */
export const id = '0026_billing_notices';

export const sql = /* sql */ `
alter table billing_payments add column noticed_at timestamptz;
update billing_payments set noticed_at = registered_at;
create index billing_payments_unnoticed_idx on billing_payments (id) where noticed_at is null;
create index billing_payments_company_idx on billing_payments (company_bin, id);
create index billing_invoices_company_idx on billing_invoices (company_bin, id);

create table billing_tariff_notices (
  company_bin text not null,
  kind text not null check (kind in ('ending', 'ended')),
  period_end timestamptz not null,
  noticed_at timestamptz not null,
  primary key (company_bin, kind, period_end)
);
`;
