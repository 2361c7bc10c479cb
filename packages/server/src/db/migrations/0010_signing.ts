/**
 * Signing: accepted signatures (one row per file and signer, with the CMS and its verification report),
 * personal signing links of signers without an account, eGov mobile QR sessions, attach-by-signature
 * challenges and the signing locks.
 *
 * Secrets (link tokens, QR session ids and auth tokens) are stored as SHA-256 only. The documents module owns
 * the documents; rows here name them by id without a foreign key (modules keep to their own tables), and the
 * documents purge tells this module which documents went. A signing lock is one row per document and signer,
 * taken by one upsert that only wins over an expired holder, so it holds across instances and ends by itself.
 */
export const id = '0010_signing';

export const sql = /* sql */ `
create table signatures (
  id integer generated always as identity primary key,
  document_id integer not null,
  file_id integer not null,
  identity_number text not null check (identity_number ~ '^[0-9]{12}$'),
  acting_bin text,
  link_id integer,
  user_id uuid,
  cms bytea not null,
  certificate_serial text,
  certificate_subject text,
  report jsonb not null,
  method text not null check (method in ('NCALAYER', 'EGOV_QR')),
  ip text,
  created_at timestamptz not null,
  unique (document_id, file_id, identity_number)
);
create index signatures_document_idx on signatures (document_id);

create table signing_links (
  id integer generated always as identity primary key,
  token_hash text not null unique,
  document_id integer not null,
  identity_number text not null check (identity_number ~ '^[0-9]{12}$'),
  email text not null,
  expires_at timestamptz not null,
  revoked boolean not null default false,
  created_at timestamptz not null
);
create index signing_links_document_idx on signing_links (document_id, identity_number);

create table qr_signing_sessions (
  id_hash text primary key,
  token_hash text not null,
  document_id integer not null,
  identity_number text not null check (identity_number ~ '^[0-9]{12}$'),
  acting_bin text,
  user_id uuid,
  link_id integer,
  state text not null check (state in ('WAITING', 'FETCHED', 'SIGNED', 'FAILED', 'EXPIRED')),
  error_code text,
  version integer not null default 1,
  updated_at timestamptz not null,
  expires_at timestamptz not null,
  created_at timestamptz not null
);
create index qr_signing_sessions_document_idx on qr_signing_sessions (document_id);
create index qr_signing_sessions_expires_idx on qr_signing_sessions (expires_at);

create table attach_challenges (
  id text primary key,
  user_id uuid not null,
  data bytea not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null
);
create index attach_challenges_expires_idx on attach_challenges (expires_at);

create table signing_locks (
  document_id integer not null,
  identity_number text not null,
  holder text not null,
  locked_until timestamptz not null,
  primary key (document_id, identity_number)
);
`;
