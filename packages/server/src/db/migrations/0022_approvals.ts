/**
 * Approvals, reminders and the document schedule (issue 21). The documents module's signer rows gain the approval
 * state (PENDING from the send until the approver decides); the signing module owns the approvers' personal links,
 * the last reminder per signer (the cooldown) and each document's expiry date and automatic reminder interval.
 */
export const id = '0022_approvals';

export const sql = /* sql */ `
alter table document_signers add column approval text check (approval in ('PENDING', 'APPROVED', 'DECLINED'));
alter table document_signers add column approved_at timestamptz;
alter table document_history drop constraint document_history_type_check;
alter table document_history add constraint document_history_type_check check (type in
  ('CREATE', 'UPDATE', 'SEND', 'SIGN', 'REVOKE', 'REJECT', 'VIEW', 'COMPLETE', 'TRASH', 'RESTORE', 'COPY',
   'RECEIVE', 'APPROVE', 'DECLINE'));

create table approval_links (
  id integer generated always as identity primary key,
  token_hash text not null unique,
  document_id integer not null,
  identity_number text not null,
  email text not null,
  expires_at timestamptz not null,
  revoked boolean not null default false,
  created_at timestamptz not null
);
create index approval_links_signer_idx on approval_links (document_id, identity_number);

create table signer_reminders (
  document_id integer not null,
  identity_number text not null,
  reminded_at timestamptz not null,
  primary key (document_id, identity_number)
);

create table document_schedules (
  document_id integer primary key,
  expires_at timestamptz,
  remind_every_days integer check (remind_every_days between 1 and 30),
  last_reminded_at timestamptz,
  expired_at timestamptz,
  updated_at timestamptz not null
);
create index document_schedules_open_idx on document_schedules (document_id) where expired_at is null;
`;
