import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { emptyTablesBeforeEach } from './empty-tables.js';
import type { TestBackend } from './test-databases.js';

/** The database of one suite; `db` may be read once the suite's tests run. */
export interface SuiteDatabase {
  readonly db: Kysely<Database>;
  /** The suite's database as a handle an app may share: closing it leaves the database open. */
  shared(): DatabaseHandle;
}

/**
 * Opens a fresh database of `backend` before the suite's tests and closes it after them; every test starts
 * with empty application tables.
 */
export function useSuiteDatabase(backend: TestBackend): SuiteDatabase {
  let handle: DatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await backend.open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  const suite: SuiteDatabase = {
    get db() {
      if (!handle) throw new Error('the suite database is open only while its tests run');
      return handle.db;
    },
    shared() {
      const open = handle;
      if (!open) throw new Error('the suite database is open only while its tests run');
      return { ...open, db: open.db, close: async () => undefined };
    },
  };
  emptyTablesBeforeEach(() => suite.db);
  return suite;
}
