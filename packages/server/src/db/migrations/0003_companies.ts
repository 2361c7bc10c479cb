/** Companies (legal entities, sole proprietors, individuals) and the users who belong to them. */
export const id = '0003_companies';

export const sql = /* sql */ `
create table companies (
  bin text primary key check (bin ~ '^[0-9]{12}$'),
  kind text not null check (kind in ('legal', 'sole_proprietor', 'individual')),
  name_ru text not null,
  short_name_ru text,
  name_kk text,
  short_name_kk text,
  created_at timestamptz not null
);

create table memberships (
  user_id uuid not null references users (id) on delete cascade,
  company_bin text not null references companies (bin) on delete cascade,
  is_main boolean not null default false,
  created_at timestamptz not null,
  primary key (user_id, company_bin)
);
create unique index memberships_one_main_idx on memberships (user_id) where is_main;
`;
