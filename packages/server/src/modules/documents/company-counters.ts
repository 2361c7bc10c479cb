import { AppError } from '@qoltanba/core';
import { sql } from 'kysely';
import type { Db } from './document-access.js';

/**
 * The next document number of a sender company, in one upsert: the counter row stays locked until the
 * calling transaction ends, so concurrent creations get 1, 2, 3... and a rolled-back creation gives its
 * number back (no gaps, no duplicates).
 */
export async function nextDocumentNumber(trx: Db, bin: string): Promise<number> {
  const row = await trx
    .insertInto('company_document_counters')
    .values({ company_bin: bin, last_number: 1 })
    .onConflict((oc) =>
      oc.column('company_bin').doUpdateSet({ last_number: sql`company_document_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/**
 * Counts `bytes` against the company's storage quota in one UPDATE that only succeeds while the total stays
 * within `quotaBytes`: concurrent uploads cannot all pass a read-then-check. STORAGE_FULL otherwise.
 */
export async function reserveStorage(trx: Db, bin: string, bytes: number, quotaBytes: number): Promise<void> {
  await trx
    .insertInto('company_document_counters')
    .values({ company_bin: bin })
    .onConflict((oc) => oc.column('company_bin').doNothing())
    .execute();
  const reserved = await trx
    .updateTable('company_document_counters')
    .set({ used_bytes: sql`used_bytes + ${bytes}` })
    .where('company_bin', '=', bin)
    .where(sql<boolean>`used_bytes + ${bytes} <= ${quotaBytes}`)
    .returning('company_bin')
    .executeTakeFirst();
  if (!reserved) throw new AppError('STORAGE_FULL');
}

/** Gives back storage of deleted files (never below zero). */
export async function releaseStorage(trx: Db, bin: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await trx
    .updateTable('company_document_counters')
    .set({ used_bytes: sql`greatest(used_bytes - ${bytes}, 0)` })
    .where('company_bin', '=', bin)
    .execute();
}

/** Bytes a company stores now. */
export async function usedStorage(db: Db, bin: string): Promise<number> {
  const row = await db
    .selectFrom('company_document_counters')
    .select(sql<number>`used_bytes::float8`.as('used'))
    .where('company_bin', '=', bin)
    .executeTakeFirst();
  return row?.used ?? 0;
}
