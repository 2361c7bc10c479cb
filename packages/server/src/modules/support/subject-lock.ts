import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Namespace (first key) of the per-subject advisory lock, apart from the job, migration and folder locks. */
export const SUBJECT_LOCK_NAMESPACE = 0x53_75_70; // "Sup"

/** Serialises the writes of one subject (sending, claiming): one open conversation, an exact rate count. */
export async function lockSubject(trx: Transaction<Database>, subject: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${SUBJECT_LOCK_NAMESPACE}, hashtext(${subject}))`.execute(trx);
}
