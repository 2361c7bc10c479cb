/**
 * In-app notifications (issue 21), owned by the notifications module: one row per user and company told of an event,
 * read or not, with its e-mail waiting, sent or not wanted; when each user was last e-mailed (the grouping window, and
 * the row two instances lock so a user's e-mail goes once); the events a user wants no e-mail of; and the change
 * signals the unread counter's streams on every instance follow. Document history gains RECEIVE (Law 370-II art. 7:
 * the document reached a signer company). The partner module's webhook event list grows by the
 * approval and reminder events.
 */
export const id = '0021_notifications';

export const sql = /* sql */ `
create table notifications (
  id integer generated always as identity primary key,
  user_id uuid not null,
  company_bin text not null,
  event text not null,
  document_id integer,
  document_name text,
  party text,
  reason text,
  created_at timestamptz not null,
  read_at timestamptz,
  email text not null check (email in ('none', 'pending', 'sent'))
);
create index notifications_user_idx on notifications (user_id, id);
create index notifications_unread_idx on notifications (user_id, created_at) where read_at is null;
create index notifications_email_idx on notifications (user_id, id) where email = 'pending';
create index notifications_document_idx on notifications (document_id) where document_id is not null;

create table notification_mailboxes (
  user_id uuid primary key,
  last_emailed_at timestamptz
);

create table notification_email_opt_outs (
  user_id uuid not null,
  event text not null,
  primary key (user_id, event)
);

create table notification_signals (
  seq integer generated always as identity primary key,
  user_id uuid not null,
  at timestamptz not null
);

alter table document_history drop constraint document_history_type_check;
alter table document_history add constraint document_history_type_check check (type in (
  'CREATE', 'UPDATE', 'SEND', 'SIGN', 'REVOKE', 'REJECT', 'VIEW', 'COMPLETE', 'TRASH', 'RESTORE', 'COPY', 'RECEIVE'
));

alter table webhook_deliveries drop constraint webhook_deliveries_event_check;
alter table webhook_deliveries add constraint webhook_deliveries_event_check check (event in (
  'document.signed', 'document.rejected', 'document.completed',
  'document.approval_requested', 'document.approved', 'document.declined', 'document.reminded'
));
`;
