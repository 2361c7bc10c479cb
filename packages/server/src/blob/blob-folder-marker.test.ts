import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessage } from '@qoltanba/core';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/database.js';
import { COMPANIES, documentPaths, useDocumentsSuite } from '../testing/documents.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { openTestPGlite, openTestPostgres, testDatabases } from '../testing/test-databases.js';
import { BLOB_FOLDER_MARKER_FILE, BlobFolderMismatchError, claimBlobFolder } from './blob-folder-marker.js';

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'qoltanba-blobs-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe.each(testDatabases())('claimBlobFolder on $name', (backend) => {
  it('marks the first folder, accepts it again, and refuses another folder or an unmarked one', async () => {
    const database = await backend.open();
    try {
      const first = await tempDir();
      await claimBlobFolder(database.db, first);
      const marker = (await readFile(join(first, BLOB_FOLDER_MARKER_FILE), 'utf8')).trim();
      expect(marker).toMatch(/^[0-9a-f]{32}$/);
      expect(await database.db.selectFrom('blob_folder').select('marker').execute()).toEqual([{ marker }]);
      // A restart, or another instance sharing the folder.
      await claimBlobFolder(database.db, first);

      const empty = await tempDir();
      await expect(claimBlobFolder(database.db, empty)).rejects.toThrow(BlobFolderMismatchError);
      await expect(claimBlobFolder(database.db, empty)).rejects.toThrow(/has no \.qoltanba-blob-folder/);
      // Refused without marking: the folder stays unmarked.
      await expect(readFile(join(empty, BLOB_FOLDER_MARKER_FILE))).rejects.toThrow(/ENOENT/);

      const foreign = await tempDir();
      await writeFile(join(foreign, BLOB_FOLDER_MARKER_FILE), 'f'.repeat(32));
      await expect(claimBlobFolder(database.db, foreign)).rejects.toThrow(
        /is marked f{32}, but this database/,
      );
    } finally {
      await database.close();
    }
  });
});

describe('instances on one database', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0).reverse()) await app.close();
  });

  // Registered only with a PostgreSQL to run on (the other backends of this suite have no second instance).
  const url = process.env.TEST_DATABASE_URL;
  if (url)
    it('PostgreSQL: a second instance with another data folder is refused; one sharing the folder starts', async () => {
      const owner = await openTestPostgres(url);
      // Further pools on the same schema; createTestApp closes each (the owner's close drops the schema, last).
      const sameSchema = {
        name: 'postgres' as const,
        open: async () => openPostgres(url, { searchPath: owner.schema, max: 2 }),
      };
      const first = await createTestApp({ backend: { name: 'postgres', open: async () => owner } });
      apps.push(first);

      const refused = createTestApp({ backend: sameSchema });
      await expect(refused).rejects.toThrow(BlobFolderMismatchError);
      await expect(refused).rejects.toThrow(/every instance on one database must share one blob folder/);

      const shared = await createTestApp({
        backend: sameSchema,
        env: { QOLTANBA_DATA_DIR: first.config.dataDir },
      });
      // Its close would remove the shared data folder before the first instance's: close it first.
      apps.push(shared);
    });

  it('PGlite: nothing is marked or checked (its database lives in the data folder)', async () => {
    const database = await openTestPGlite();
    // Two apps on one PGlite handle with separate data folders both start; the handle is closed here, once.
    const shared = {
      name: 'pglite' as const,
      open: async () => ({ ...database, close: async () => undefined }),
    };
    try {
      apps.push(await createTestApp({ backend: shared }));
      apps.push(await createTestApp({ backend: shared }));
      expect(await database.db.selectFrom('blob_folder').selectAll().execute()).toEqual([]);
    } finally {
      for (const app of apps.splice(0).reverse()) await app.close();
      await database.close();
    }
  });
});

describe.each(testDatabases())('a file whose bytes are missing on $name', (backend) => {
  const suite = useDocumentsSuite(backend);

  it('answers 503 FILE_LOAD_FAILED, not 500', async () => {
    const token = await suite.user('owner@example.kz', [COMPANIES.sender]);
    const created = await suite.create(token, COMPANIES.sender.bin);
    const paths = documentPaths(COMPANIES.sender.bin, created.id);
    const fileId = (created.files as Array<{ id: number }>)[0]?.id;
    if (fileId === undefined) throw new Error('no file');
    // The bytes were stored by another instance, in a folder this one does not have.
    await rm(join(suite.server.config.dataDir, 'blobs'), { recursive: true, force: true });
    const res = await suite.request(token, 'GET', `${paths.file(fileId)}?lang=en`);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'FILE_LOAD_FAILED', message: errorMessage('FILE_LOAD_FAILED', 'en') });
  });
});
