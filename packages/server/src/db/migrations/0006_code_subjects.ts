/**
 * One-time codes and their failure counts are keyed by target, purpose and subject (the user and IIN of an
 * attach request), so one user's wrong codes or new codes cannot block or void another user's attach.
 */
export const id = '0006_code_subjects';

export const sql = /* sql */ `
update one_time_codes set subject = '' where subject is null;
alter table one_time_codes alter column subject set default '';
alter table one_time_codes alter column subject set not null;
drop index one_time_codes_target_idx;
create index one_time_codes_target_idx on one_time_codes (target, purpose, subject, created_at desc);

alter table code_lockouts add column subject text not null default '';
alter table code_lockouts drop constraint code_lockouts_pkey;
alter table code_lockouts add primary key (target, purpose, subject);
`;
