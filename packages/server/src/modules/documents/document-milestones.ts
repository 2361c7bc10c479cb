import { sql } from 'kysely';
import type { Db } from './document-access.js';

/** When a document was last sent and when it was completed (null when it was not). */
export interface DocumentMilestones {
  sentAt: Date | null;
  completedAt: Date | null;
}

/** The milestones of document `id` from its history (the partner API shows them). */
export async function documentMilestones(db: Db, id: number): Promise<DocumentMilestones> {
  const rows = await db
    .selectFrom('document_history')
    .select(['type', sql<Date>`max(at)`.as('at')])
    .where('document_id', '=', id)
    .where('type', 'in', ['SEND', 'COMPLETE'])
    .groupBy('type')
    .execute();
  const at = (type: string) => {
    const found = rows.find((row) => row.type === type)?.at;
    return found ? new Date(found) : null;
  };
  return { sentAt: at('SEND'), completedAt: at('COMPLETE') };
}

/** The companies (BIN/IIN) taking part in document `id` now: its sender and, once sent, its signers. */
export async function participantCompanies(db: Db, id: number): Promise<string[]> {
  const rows = await db
    .selectFrom('document_participants')
    .select('company_bin')
    .where('document_id', '=', id)
    .execute();
  return rows.map((row) => row.company_bin);
}

/** The sender company (BIN/IIN) of document `id`, or undefined when there is no such document. */
export async function documentSender(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('documents').select('sender_bin').where('id', '=', id).executeTakeFirst();
  return row?.sender_bin;
}
