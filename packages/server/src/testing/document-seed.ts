import { sql } from 'kysely';
import type { Db } from '../modules/documents/index.js';

/** What {@link seedDocuments} makes. */
export interface SeedOptions {
  /** The company that sends every document. */
  senderBin: string;
  /** The company every sent document goes to. */
  signerBin: string;
  count: number;
  /** First document's creation time; each next one is a second later. */
  start: Date;
}

/**
 * Bulk test data in a few statements (generate_series, never one insert per row), for the index-use tests
 * and the benchmark: `count` documents of one sender, a third drafts, a third at signing, a third signed,
 * each with one signer and one file (whose blob does not exist), then ANALYZE so the planner knows the sizes.
 * Times are whole milliseconds, like the ones the server writes.
 */
export async function seedDocuments(db: Db, options: SeedOptions): Promise<void> {
  const { senderBin, signerBin, count, start } = options;
  const status = sql`(case g % 3 when 0 then 'DRAFT' when 1 then 'AT_SIGNING' else 'SIGNED' end)`;
  const at = sql`(${start}::timestamptz + g * interval '1 second')`;
  await sql`
    insert into documents (id, sender_bin, sender_name_ru, sender_name_kk, number, name, status, signing_method,
      creator_id, search_text, search_ids, created_at, updated_at)
    select g, ${senderBin}, 'ТОО «Сид»', null, g, 'Документ ' || g, ${status}, 'PARALLEL',
      '00000000-0000-4000-8000-000000000000', 'документ ' || g,
      ${senderBin} || E'\n' || ${signerBin}, ${at}, ${at}
    from generate_series(1, ${count}::int) g`.execute(db);
  await sql`select setval(pg_get_serial_sequence('documents', 'id'), ${count}::int)`.execute(db);
  await sql`
    insert into document_participants (document_id, company_bin, role, doc_status, doc_number, doc_name,
      doc_created_at, doc_updated_at)
    select id, sender_bin, 'sender', status, number, name, created_at, updated_at from documents`.execute(db);
  await sql`
    insert into document_participants (document_id, company_bin, role, doc_status, doc_number, doc_name,
      doc_created_at, doc_updated_at)
    select id, ${signerBin}, 'signer', status, number, name, created_at, updated_at
    from documents where status <> 'DRAFT'`.execute(db);
  await sql`
    insert into document_signers (document_id, position, identity_number, email, name_ru)
    select id, 1, ${signerBin}, 'signer@example.kz', 'ТОО «Подписант»' from documents`.execute(db);
  await sql`
    insert into document_files (document_id, state, name, format, size, sha256, blob_key, uploaded_at)
    select id, 'READY', 'document.pdf', 'pdf', 1000, repeat('a', 64), 'seed' || id, created_at
    from documents`.execute(db);
  for (const table of ['documents', 'document_participants', 'document_signers', 'document_files']) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}
