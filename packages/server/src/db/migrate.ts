import { type Kysely, sql } from 'kysely';
import { migrations as allMigrations, type Migration } from './migrations/index.js';
import type { Database } from './schema.js';

/** Advisory lock key taken while migrating, so several starting instances migrate once. */
export const MIGRATION_LOCK_KEY = 0x51_6f_6c_74; // "Qolt"

/** Outcome of {@link migrate}. */
export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * Applies pending migrations in order, each in its own transaction, under a session-level
 * `pg_advisory_lock` so concurrent starters serialise (the second one finds nothing left to do).
 */
export async function migrate(
  db: Kysely<Database>,
  migrations: readonly Migration[] = allMigrations,
): Promise<MigrationReport> {
  assertUniqueIds(migrations);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await sql`
        create table if not exists schema_migrations (
          id text primary key,
          applied_at timestamptz not null default now()
        )`.execute(conn);
      const rows = await conn.selectFrom('schema_migrations').select('id').execute();
      const done = new Set(rows.map((row) => row.id));
      const report: MigrationReport = { applied: [], alreadyApplied: [] };
      for (const migration of migrations) {
        if (done.has(migration.id)) {
          report.alreadyApplied.push(migration.id);
          continue;
        }
        await conn.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await migration.run?.(trx);
          await trx.insertInto('schema_migrations').values({ id: migration.id }).execute();
        });
        report.applied.push(migration.id);
      }
      return report;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}

function assertUniqueIds(migrations: readonly Migration[]): void {
  const seen = new Set<string>();
  for (const { id } of migrations) {
    if (seen.has(id)) throw new Error(`Duplicate migration id ${id}`);
    seen.add(id);
  }
}
