/**
 * The support chat (issue 11): anonymous visitors (their token as SHA-256 only), conversations of a subject (a
 * visitor, a portal user or a partner's user) with read markers for both sides, messages, attachments (bytes in the
 * blob store), the event log that the live streams number and replay, its counter, and the operators' logins.
 * Users are named by id without foreign keys: modules keep to their own tables.
 */
export const id = '0015_support';

export const sql = /* sql */ `
create table support_visitors (
  id integer generated always as identity primary key,
  token_hash text not null unique,
  created_at timestamptz not null
);

create table support_conversations (
  id integer generated always as identity primary key,
  subject text not null,
  status text not null check (status in ('open', 'closed')),
  visitor_kind text not null check (visitor_kind in ('anonymous', 'user', 'partner')),
  visitor_name text,
  visitor_email text,
  language text check (language in ('kk', 'ru', 'en')),
  page_url text,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  closed_at timestamptz,
  visitor_read_id integer not null default 0,
  operator_read_id integer not null default 0
);
create unique index support_conversations_open_idx on support_conversations (subject) where status = 'open';
create index support_conversations_subject_idx on support_conversations (subject, id);
create index support_conversations_inbox_idx on support_conversations (status, updated_at desc, id desc);

create table support_attachments (
  id integer generated always as identity primary key,
  conversation_id integer not null references support_conversations (id),
  blob_key text not null,
  name text not null,
  content_type text not null,
  size integer not null,
  sha256 text not null,
  created_at timestamptz not null
);
create index support_attachments_conversation_idx on support_attachments (conversation_id);

create table support_messages (
  id integer generated always as identity primary key,
  conversation_id integer not null references support_conversations (id),
  author text not null check (author in ('visitor', 'operator', 'system')),
  author_user_id uuid,
  author_name text,
  text text not null,
  attachment_id integer references support_attachments (id),
  created_at timestamptz not null
);
create index support_messages_conversation_idx on support_messages (conversation_id, id);

create table support_events (
  seq integer primary key,
  conversation_id integer not null references support_conversations (id),
  payload text not null,
  created_at timestamptz not null
);
create index support_events_conversation_idx on support_events (conversation_id, seq);

create table support_event_counter (
  id integer primary key check (id = 1),
  seq integer not null
);

create table support_operators (
  login text primary key,
  granted_at timestamptz not null
);
`;
