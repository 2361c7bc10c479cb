/**
 * External document links (`/document/:id/by-hash`): a company taking part in a document shares it read-only.
 * Only the token's SHA-256 is kept. `last_viewed_at` throttles the VIEW events a link records (one an hour).
 */
export const id = '0012_external_links';

export const sql = /* sql */ `
create table external_links (
  id integer generated always as identity primary key,
  token_hash text not null unique,
  document_id integer not null,
  company_bin text not null check (company_bin ~ '^[0-9]{12}$'),
  created_by uuid not null,
  label text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  last_viewed_at timestamptz
);
create index external_links_document_idx on external_links (document_id, company_bin);
`;
