import type { ColumnType } from 'kysely';

/** The migrations' bookkeeping (`db/migrate.ts`). */
export interface MigrationTables {
  schema_migrations: SchemaMigrationsTable;
}

/** Row of `schema_migrations`: one per applied migration. */
export interface SchemaMigrationsTable {
  id: string;
  applied_at: ColumnType<Date, Date | string | undefined, never>;
}
