/**
 * The partner API and embedding: API keys of companies (the key stored as SHA-256 only, found by its prefix),
 * webhook deliveries with their attempts, embed tokens (SHA-256, single use) and the embed sessions they are
 * exchanged for (SHA-256). Companies, users and documents are named by id without foreign keys: modules keep to
 * their own tables.
 */
export const id = '0014_partner_embed';

export const sql = /* sql */ `
create table api_keys (
  id text primary key,
  company_bin text not null check (company_bin ~ '^[0-9]{12}$'),
  name text not null,
  prefix text not null,
  secret_hash text not null unique,
  allowed_origins jsonb not null check (jsonb_typeof(allowed_origins) = 'array'),
  webhook_url text,
  webhook_secret text,
  created_by uuid not null,
  created_by_name text not null,
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_company_idx on api_keys (company_bin, created_at);
create index api_keys_prefix_idx on api_keys (prefix);

create table webhook_deliveries (
  id text primary key,
  api_key_id text not null references api_keys (id) on delete cascade,
  event text not null check (event in ('document.signed', 'document.rejected', 'document.completed')),
  document_id integer not null,
  payload text not null,
  status text not null check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  last_status_code integer,
  last_error text,
  created_at timestamptz not null,
  delivered_at timestamptz,
  next_attempt_at timestamptz,
  leased_until timestamptz
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_key_idx on webhook_deliveries (api_key_id, created_at desc);

create table embed_tokens (
  token_hash text primary key,
  api_key_id text not null,
  company_bin text not null,
  purpose text not null check (purpose in ('sign', 'verify', 'create', 'status')),
  document_id integer,
  signer text,
  allowed_origins jsonb not null check (jsonb_typeof(allowed_origins) = 'array'),
  lang text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index embed_tokens_expiry_idx on embed_tokens (expires_at);

create table embed_sessions (
  session_hash text primary key,
  api_key_id text not null,
  company_bin text not null,
  purpose text not null,
  document_id integer,
  signer text,
  allowed_origins jsonb not null,
  lang text,
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index embed_sessions_expiry_idx on embed_sessions (expires_at);
`;
