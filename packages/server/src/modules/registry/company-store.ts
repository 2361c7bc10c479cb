import type { Company, RegistryEntry } from '@qoltanba/core';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { uniqueViolation } from '../../db/constraint-violation.js';
import type { Database } from '../../db/schema.js';

/** The user's companies (incl. their attached individual profile), oldest membership first. */
export async function listCompanies(db: Kysely<Database>, userId: string): Promise<Company[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('companies', 'companies.bin', 'memberships.company_bin')
    .select([
      'companies.bin',
      'companies.name_ru',
      'companies.short_name_ru',
      'companies.name_kk',
      'companies.short_name_kk',
      'memberships.is_main',
      'memberships.is_admin',
    ])
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('companies.bin')
    .execute();
  return rows.map((row) => ({
    bin: row.bin,
    nameRu: row.name_ru,
    shortNameRu: row.short_name_ru,
    nameKk: row.name_kk,
    shortNameKk: row.short_name_kk,
    isMainCompany: row.is_main,
    isAdmin: row.is_admin,
  }));
}

/** Saves the register's record of a company (names refreshed) and makes the user a member; the first becomes main. */
export async function attachCompany(
  db: Kysely<Database>,
  userId: string,
  entry: RegistryEntry,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const names = {
      kind: entry.kind,
      name_ru: entry.nameRu,
      short_name_ru: entry.shortNameRu,
      name_kk: entry.nameKk,
      short_name_kk: entry.shortNameKk,
    };
    await trx
      .insertInto('companies')
      .values({ bin: entry.bin, ...names, created_at: now })
      .onConflict((oc) => oc.column('bin').doUpdateSet(names))
      .execute();
    const hasMain = await trx
      .selectFrom('memberships')
      .select('company_bin')
      .where('user_id', '=', userId)
      .where('is_main', '=', true)
      .executeTakeFirst();
    await trx
      .insertInto('memberships')
      .values({ user_id: userId, company_bin: entry.bin, is_main: !hasMain, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'company_bin']).doNothing())
      .execute();
  });
  await claimAdministration(db, userId, entry.bin);
}

/**
 * Makes the user the company's administrator when it has none (the member who added or attached it). Two first
 * attaches at once: the unique index lets one win and the other stays a member.
 */
async function claimAdministration(db: Kysely<Database>, userId: string, bin: string): Promise<void> {
  try {
    await db
      .updateTable('memberships')
      .set({ is_admin: true })
      .where('user_id', '=', userId)
      .where('company_bin', '=', bin)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('memberships as admin')
              .select('admin.user_id')
              .where('admin.company_bin', '=', bin)
              .where('admin.is_admin', '=', true),
          ),
        ),
      )
      .execute();
  } catch (error) {
    if (!uniqueViolation(error)?.includes('memberships_one_admin_idx')) throw error;
  }
}

/** True when the user administers the company (manages its API keys). */
export async function isCompanyAdmin(db: Kysely<Database>, userId: string, bin: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('is_admin')
    .where('user_id', '=', userId)
    .where('company_bin', '=', bin)
    .executeTakeFirst();
  return row?.is_admin === true;
}

/** Marks one of the user's companies main; answers false when the user is not a member of it. */
export async function setMainCompany(db: Kysely<Database>, userId: string, bin: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const member = await trx
      .selectFrom('memberships')
      .select('company_bin')
      .where('user_id', '=', userId)
      .where('company_bin', '=', bin)
      .executeTakeFirst();
    if (!member) return false;
    await trx.updateTable('memberships').set({ is_main: false }).where('user_id', '=', userId).execute();
    await trx
      .updateTable('memberships')
      .set({ is_main: true })
      .where('user_id', '=', userId)
      .where('company_bin', '=', bin)
      .execute();
    return true;
  });
}

/** True when some company with this number is known at all (to tell FORBIDDEN from ENTITY_NOT_FOUND). */
export async function companyExists(db: Kysely<Database>, bin: string): Promise<boolean> {
  return (
    (await db.selectFrom('companies').select('bin').where('bin', '=', bin).executeTakeFirst()) !== undefined
  );
}

/** True when the user belongs to the company: the check before acting on the company's documents. */
export async function isMember(db: Kysely<Database>, userId: string, bin: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('company_bin')
    .where('user_id', '=', userId)
    .where('company_bin', '=', bin)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The membership check as a condition another module can put into its own query (so a hot read needs no
 * extra round trip), without knowing this module's tables: true when the user belongs to the company.
 */
export function membershipCondition(userId: string, bin: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from memberships m where m.user_id = ${userId} and m.company_bin = ${bin})`;
}

/** A company's names in Russian and Kazakh (the short forms when the register has them). */
export interface CompanyNames {
  nameRu: string;
  nameKk: string | null;
}

/** The names of the given companies that are known here (others are left out). */
export async function companyNames(
  db: Kysely<Database>,
  bins: readonly string[],
): Promise<Map<string, CompanyNames>> {
  const unique = [...new Set(bins)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['bin', 'name_ru', 'short_name_ru', 'name_kk', 'short_name_kk'])
    .where('bin', 'in', unique)
    .execute();
  return new Map(
    rows.map((row) => [
      row.bin,
      { nameRu: row.short_name_ru ?? row.name_ru, nameKk: row.short_name_kk ?? row.name_kk },
    ]),
  );
}

/** The members of the given companies, one row per user and company. */
export async function companyMembers(
  db: Kysely<Database>,
  bins: readonly string[],
): Promise<Array<{ userId: string; companyBin: string }>> {
  if (bins.length === 0) return [];
  const rows = await db
    .selectFrom('memberships')
    .select(['user_id', 'company_bin'])
    .where('company_bin', 'in', [...new Set(bins)])
    .orderBy('company_bin')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => ({ userId: row.user_id, companyBin: row.company_bin }));
}

/**
 * As {@link membershipCondition}, for a row of another module's query: true when the user in column `userColumn`
 * belongs to the company in column `binColumn` (e.g. `notifications.user_id`, `notifications.company_bin`).
 */
export function membershipOfColumns(userColumn: string, binColumn: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from memberships m where m.user_id = ${sql.ref(userColumn)} and m.company_bin = ${sql.ref(binColumn)})`;
}
