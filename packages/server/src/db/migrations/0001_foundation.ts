/** Foundation tables: the dev outbox. (`schema_migrations` itself is created by the runner.) */
export const id = '0001_foundation';

export const sql = /* sql */ `
create table outbox_messages (
  id integer generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  body text not null,
  created_at timestamptz not null default now()
);
create index outbox_messages_created_at_idx on outbox_messages (created_at desc, id desc);
`;
