/** Accounts: users, one-time codes and their lockouts, sessions and refresh tokens. */
export const id = '0002_accounts';

export const sql = /* sql */ `
create table users (
  id uuid primary key,
  email text unique,
  phone text unique,
  password_hash text not null,
  firstname text not null,
  lastname text not null,
  lang text not null check (lang in ('kk', 'ru', 'en')),
  avatar_key text,
  avatar_mime text,
  password_failures integer not null default 0,
  password_locked_until timestamptz,
  created_at timestamptz not null,
  check (email is not null or phone is not null)
);

create table one_time_codes (
  id uuid primary key,
  purpose text not null check (purpose in ('registration', 'otp', 'recovery', 'attach')),
  channel text not null check (channel in ('email', 'sms')),
  target text not null,
  subject text,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  consumed_at timestamptz,
  created_at timestamptz not null
);
create index one_time_codes_target_idx on one_time_codes (target, purpose, created_at desc);

create table code_lockouts (
  target text not null,
  purpose text not null,
  locked_until timestamptz not null,
  primary key (target, purpose)
);

create table sessions (
  id uuid primary key,
  user_id uuid not null references users (id) on delete cascade,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions (user_id);

create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references sessions (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);
`;
