/**
 * Company administrators: the member who added or attached a company administers it (manages its API keys). A
 * company has at most one; for the companies that exist already it is their earliest member.
 */
export const id = '0013_company_admins';

export const sql = /* sql */ `
alter table memberships add column is_admin boolean not null default false;
update memberships m set is_admin = true
where not exists (
  select 1 from memberships earlier
  where earlier.company_bin = m.company_bin
    and (earlier.created_at, earlier.user_id) < (m.created_at, m.user_id)
);
create unique index memberships_one_admin_idx on memberships (company_bin) where is_admin;
`;
