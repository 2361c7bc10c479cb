/**
 * Document search that scales: trigram indexes (pg_trgm) serve substring search over the lower-cased search text
 * (names) and a new column of the document's BIN/IINs (the sender's, the signers'), both in the documents table, so
 * one bitmap scan answers what was an OR across tables no index could serve; the number gets its own index for
 * the exact-number arm of a digits-only search.
 */
export const id = '0024_search_index';

// The extension lives in public and its operator class is named with the schema, so a database whose search_path
// is another schema (the test suites', one per suite) finds it wherever the migration runs.
export const sql = /* sql */ `
create extension if not exists pg_trgm schema public;
alter table documents add column search_ids text not null default '';
update documents d set search_ids = d.sender_bin || coalesce(
  (select string_agg(E'\\n' || s.identity_number, '' order by s.position) from document_signers s where s.document_id = d.id),
  '');
create index documents_search_text_trgm_idx on documents using gin (search_text public.gin_trgm_ops);
create index documents_search_ids_trgm_idx on documents using gin (search_ids public.gin_trgm_ops);
create index documents_number_idx on documents (number);
`;
