import type { HistoryVerification } from '@qoltanba/core';
import { historyEventHash, historyGenesis } from '../../crypto/history-hash.js';
import type { Db } from './document-access.js';

/**
 * Checks the hash chain of document `documentId`'s history: walking the events by `seq`, each must be next in
 * the sequence, name the previous event's hash (the genesis value for the first) and hash to what it stores; the
 * last must be the head the document recorded. `brokenAt` is the first event that fails (the last event when the
 * chain stops before the recorded head: events after it were deleted).
 */
export async function verifyHistoryChain(db: Db, documentId: number): Promise<HistoryVerification> {
  const rows = await db
    .selectFrom('document_history')
    .select(['id', 'seq', 'type', 'at', 'actor_user_id', 'company_bin', 'ip', 'details', 'prev_hash', 'hash'])
    .where('document_id', '=', documentId)
    .orderBy('seq')
    .orderBy('id')
    .execute();
  const document = await db
    .selectFrom('documents')
    .select('history_head')
    .where('id', '=', documentId)
    .executeTakeFirst();
  let prev = historyGenesis(documentId);
  let brokenAt: number | null = null;
  for (const [index, row] of rows.entries()) {
    const hash = historyEventHash(
      {
        documentId,
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
    if (row.seq !== index + 1 || row.prev_hash !== prev || row.hash !== hash) {
      brokenAt = row.id;
      break;
    }
    prev = hash;
  }
  const last = rows.at(-1);
  const headHash = last?.hash ?? null;
  const headMatches = (document?.history_head ?? null) === headHash;
  if (brokenAt === null && !headMatches) brokenAt = last?.id ?? null;
  return { valid: brokenAt === null && headMatches, events: rows.length, brokenAt, headHash };
}
