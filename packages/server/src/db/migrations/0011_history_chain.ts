import { sql as query, type Transaction } from 'kysely';
import { historyEventHash, historyGenesis } from '../../crypto/history-hash.js';
import type { Database } from '../schema.js';

/**
 * Evidence and retention. The history becomes a hash chain: each event has its place `seq` in the document's
 * history, the hash of the event before it and its own hash (`crypto/history-hash.ts`, version 1), and the document
 * records the hash of its last event, so a deleted last event shows too. Existing events are chained here, in
 * the order they were written. A file of a finished document can lose its bytes after the retention period
 * (`content_deleted_at`; name, size and SHA-256 stay), and finished documents are found by when they finished.
 */
export const id = '0011_history_chain';

export const sql = /* sql */ `
alter table document_history add column seq integer;
alter table document_history add column prev_hash text;
alter table document_history add column hash text;
alter table documents add column history_head text;
update document_history h set seq = r.n
from (select id, row_number() over (partition by document_id order by id) as n from document_history) r
where r.id = h.id;

alter table document_files add column content_deleted_at timestamptz;
alter table document_files drop constraint document_files_check;
alter table document_files add constraint document_files_ready_check check (
  state = 'UPLOADING' or (format is not null and size is not null and sha256 is not null
    and (blob_key is not null or content_deleted_at is not null)));
create index document_files_stored_idx on document_files (document_id) where blob_key is not null;
create index documents_finished_idx on documents (updated_at) where status in ('SIGNED', 'REJECTED', 'REVOKED');
`;

const PAGE = 1000;

interface Row {
  id: number;
  document_id: number;
  seq: number;
  type: string;
  at: Date | string;
  actor_user_id: string | null;
  company_bin: string | null;
  ip: string | null;
  details: string | null;
}

/** Chains the existing events of every document in their order, page by page, then makes the columns required. */
export async function run(trx: Transaction<Database>): Promise<void> {
  let after = { documentId: 0, seq: 0 };
  let head: { documentId: number; hash: string } | undefined;
  const setHead = async () => {
    if (head)
      await query`update documents set history_head = ${head.hash} where id = ${head.documentId}`.execute(
        trx,
      );
  };
  for (;;) {
    const { rows } = await query<Row>`
      select id, document_id, seq, type, at, actor_user_id, company_bin, ip, details from document_history
      where (document_id, seq) > (${after.documentId}, ${after.seq})
      order by document_id, seq limit ${PAGE}`.execute(trx);
    for (const row of rows) {
      if (head?.documentId !== row.document_id) {
        await setHead();
        head = { documentId: row.document_id, hash: historyGenesis(row.document_id) };
      }
      const prev = head.hash;
      const hash = historyEventHash(
        {
          documentId: row.document_id,
          seq: row.seq,
          type: row.type,
          at: new Date(row.at),
          actorUserId: row.actor_user_id,
          companyBin: row.company_bin,
          ip: row.ip,
          details: row.details,
        },
        prev,
      );
      await query`update document_history set prev_hash = ${prev}, hash = ${hash} where id = ${row.id}`.execute(
        trx,
      );
      head.hash = hash;
    }
    const last = rows.at(-1);
    if (!last || rows.length < PAGE) break;
    after = { documentId: last.document_id, seq: last.seq };
  }
  await setHead();
  await query`
    alter table document_history alter column seq set not null;
    alter table document_history alter column prev_hash set not null;
    alter table document_history alter column hash set not null;
    create unique index document_history_seq_idx on document_history (document_id, seq);
  `.execute(trx);
}
