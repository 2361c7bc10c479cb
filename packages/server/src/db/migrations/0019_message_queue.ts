/**
 * The transactional outbox (issue 12, points 6 and 7): every e-mail and SMS is queued in the transaction of the change
 * that causes it and delivered by a job (claims with a lease, retries with back-off, then failed); `reference` names
 * what a message is about (a signer's link), so its sender can see whether it went out. The signing module records
 * each resend of a personal link, for its cooldown and its daily cap per company.
 */
export const id = '0019_message_queue';

export const sql = /* sql */ `
create table message_queue (
  id integer generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body text not null,
  html text,
  reference text,
  status text not null check (status in ('queued', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  leased_until timestamptz,
  last_error text,
  created_at timestamptz not null,
  sent_at timestamptz
);
create index message_queue_due_idx on message_queue (next_attempt_at, id) where status = 'queued';
create index message_queue_reference_idx on message_queue (reference, id) where reference is not null;

create table signing_link_resends (
  id integer generated always as identity primary key,
  company_bin text not null,
  document_id integer not null,
  identity_number text not null,
  created_at timestamptz not null
);
create index signing_link_resends_company_idx on signing_link_resends (company_bin, created_at);
`;
