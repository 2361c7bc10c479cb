import { type Kysely, sql } from 'kysely';
import { beforeEach } from 'vitest';
import type { Database } from '../db/schema.js';

/** The migrations bookkeeping table: kept, so the schema stays marked as migrated. */
const KEPT_TABLES = new Set(['schema_migrations']);

// The application tables of each database, read once: migrations ran before the first test, so the list holds.
const tablesOf = new WeakMap<Kysely<Database>, readonly string[]>();

async function appTables(db: Kysely<Database>): Promise<readonly string[]> {
  const cached = tablesOf.get(db);
  if (cached) return cached;
  const { rows } = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = current_schema()`.execute(db);
  const tables = rows.map((row) => row.tablename).filter((name) => !KEPT_TABLES.has(name));
  tablesOf.set(db, tables);
  return tables;
}

/**
 * Empties every application table of the current schema (all but the migrations table) and restarts its
 * sequences, so a test sees no rows of an earlier test. Works on PGlite and on a PostgreSQL test schema. The
 * table list is read on the first call per `db` and kept: a table a test creates later is not emptied.
 */
export async function emptyAppTables(db: Kysely<Database>): Promise<void> {
  const tables = await appTables(db);
  if (tables.length === 0) return;
  await sql`truncate table ${sql.join(tables.map((name) => sql.id(name)))} restart identity cascade`.execute(
    db,
  );
}

/**
 * Registers a `beforeEach` in the calling `describe` that empties the application tables of `db()`. Call it
 * before other `beforeEach` hooks that create rows for the test (hooks run in registration order).
 */
export function emptyTablesBeforeEach(db: () => Kysely<Database>): void {
  beforeEach(async () => {
    await emptyAppTables(db());
  });
}
