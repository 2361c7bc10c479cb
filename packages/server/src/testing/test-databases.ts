import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  type DatabaseHandle,
  type DatabaseKind,
  openPGlite,
  openPostgres,
  type PostgresOpenOptions,
} from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { loadTemplate } from './pglite-template.js';

/** A database backend the integration suites run on. */
export interface TestBackend {
  /** Shown in test names: `describe.each(testDatabases())('... on $name', ...)`. */
  name: DatabaseKind;
  /** Opens a fresh, migrated, isolated database; close the handle when done (it cleans up). */
  open(): Promise<DatabaseHandle>;
  /** Environment for the server's blob store when it is not the data folder (see test-storage.ts). */
  storageEnv?: Record<string, string>;
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export function testDatabases(env: Record<string, string | undefined> = process.env): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'pglite', open: openTestPGlite }];
  const url = env.TEST_DATABASE_URL;
  if (url) backends.push({ name: 'postgres', open: () => openTestPostgres(url) });
  return backends;
}

/** A fresh in-memory PGlite cloned from the migrated template. */
export async function openTestPGlite(): Promise<DatabaseHandle> {
  return openPGlite({ loadDataDir: await loadTemplate() });
}

/** A PostgreSQL pool confined to a new schema `test_<random>`, migrated; closing drops the schema. */
export async function openTestPostgres(
  url: string,
  options: Pick<PostgresOpenOptions, 'applicationName' | 'connectTimeoutMs' | 'max'> = {},
): Promise<DatabaseHandle & { schema: string }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    // Extensions are per database: made once in public (as migration 0024 would), before any suite's schema could
    // get it and take it along when it is dropped. Two workers racing here: the loser's duplicate is harmless.
    await admin.query('create extension if not exists pg_trgm schema public').catch(() => undefined);
  } finally {
    await admin.end();
  }
  const handle = openPostgres(url, { max: 4, ...options, searchPath: schema });
  await migrate(handle.db);
  let closing: Promise<void> | undefined;
  return {
    kind: handle.kind,
    db: handle.db,
    schema,
    openListenSession: () => handle.openListenSession(),
    close() {
      closing ??= (async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        try {
          await cleanup.query(`drop schema if exists ${schema} cascade`);
        } finally {
          await cleanup.end();
        }
      })();
      return closing;
    },
  };
}
