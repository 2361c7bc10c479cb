import { AppError, type Counterparty, type CounterpartyInput, normalizeEmail } from '@qoltanba/core';
import type { Selectable } from 'kysely';
import { type Kysely, sql } from 'kysely';
import { uniqueViolation } from '../../db/constraint-violation.js';
import { isRowId } from '../../db/row-id.js';
import type { CounterpartiesTable, Database } from '../../db/schema.js';

type CounterpartyRow = Selectable<CounterpartiesTable>;

function toCounterparty(row: CounterpartyRow): Counterparty {
  return {
    id: row.id,
    identityNumber: row.identity_number,
    nameRu: row.name_ru,
    nameKk: row.name_kk,
    emails: row.emails,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The stored e-mails of an entry: normalised (trimmed, lower case), each once, in the given order. */
export function normalizeEmails(emails: readonly string[]): string[] {
  return [...new Set(emails.map((email) => normalizeEmail(email) ?? email.trim()))];
}

function columns(input: CounterpartyInput) {
  return {
    identity_number: input.identityNumber,
    name_ru: input.nameRu,
    name_kk: input.nameKk ?? null,
    emails: JSON.stringify(normalizeEmails(input.emails)),
  };
}

/** The identity index refuses a second entry with the same BIN/IIN in one company. */
function counterpartyWriteError(error: unknown): unknown {
  return uniqueViolation(error)?.includes('counterparties_identity_idx')
    ? new AppError('COUNTERPARTY_EXISTS', undefined, { cause: error })
    : error;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}

/**
 * The company's address book sorted by Russian name (case-insensitively); with `q`, only entries whose Russian or
 * Kazakh name contains it (any case) or whose BIN/IIN starts with it.
 */
export async function listCounterparties(
  db: Kysely<Database>,
  bin: string,
  q?: string,
): Promise<Counterparty[]> {
  let query = db.selectFrom('counterparties').selectAll().where('company_bin', '=', bin);
  if (q) {
    const contains = `%${escapeLike(q)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('name_ru', 'ilike', contains),
        eb('name_kk', 'ilike', contains),
        eb('identity_number', 'like', `${escapeLike(q)}%`),
      ]),
    );
  }
  const rows = await query.orderBy(sql`lower(name_ru)`).orderBy('id').execute();
  return rows.map(toCounterparty);
}

/** Adds an entry: COUNTERPARTY_EXISTS when the company already has this BIN/IIN. */
export async function createCounterparty(
  db: Kysely<Database>,
  bin: string,
  input: CounterpartyInput,
  now: Date,
): Promise<Counterparty> {
  try {
    const row = await db
      .insertInto('counterparties')
      .values({ company_bin: bin, ...columns(input), created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCounterparty(row);
  } catch (error) {
    throw counterpartyWriteError(error);
  }
}

/**
 * Replaces an entry of the company: COUNTERPARTY_NOT_FOUND for an unknown id or one of another company,
 * COUNTERPARTY_EXISTS when the new BIN/IIN is another entry's.
 */
export async function updateCounterparty(
  db: Kysely<Database>,
  bin: string,
  id: number,
  input: CounterpartyInput,
  now: Date,
): Promise<Counterparty> {
  if (!isRowId(id)) throw new AppError('COUNTERPARTY_NOT_FOUND');
  let row: CounterpartyRow | undefined;
  try {
    row = await db
      .updateTable('counterparties')
      .set({ ...columns(input), updated_at: now })
      .where('company_bin', '=', bin)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    throw counterpartyWriteError(error);
  }
  if (!row) throw new AppError('COUNTERPARTY_NOT_FOUND');
  return toCounterparty(row);
}

/** Deletes an entry of the company: COUNTERPARTY_NOT_FOUND for an unknown id or one of another company. */
export async function deleteCounterparty(db: Kysely<Database>, bin: string, id: number): Promise<void> {
  if (!isRowId(id)) throw new AppError('COUNTERPARTY_NOT_FOUND');
  const result = await db
    .deleteFrom('counterparties')
    .where('company_bin', '=', bin)
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw new AppError('COUNTERPARTY_NOT_FOUND');
}
