import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openPGlite } from './database.js';
import { createPGliteClusterApart, hasPGliteCluster } from './pglite-create.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the embedded cluster created in a child process', () => {
  it('creates the cluster of an empty folder once, and the server opens it with its settings and pg_trgm', async () => {
    dir = await mkdtemp(join(tmpdir(), 'qoltanba-pglite-create-'));
    const dataDir = join(dir, 'pglite');
    const handle = await openPGlite({ dataDir, createApart: true });
    try {
      expect(hasPGliteCluster(dataDir)).toBe(true);
      const { rows } = await sql<{
        shared: string;
      }>`select current_setting('shared_buffers') as shared`.execute(handle.db);
      expect(rows[0]?.shared).toBe('16MB');
      await sql`create extension if not exists pg_trgm`.execute(handle.db);
      const similar = await sql<{ s: number }>`select similarity('қолтаңба', 'қолтаңбалар') as s`.execute(
        handle.db,
      );
      expect(similar.rows[0]?.s).toBeGreaterThan(0.3);
    } finally {
      await handle.close();
    }
    // A folder with a cluster is left alone.
    expect(await createPGliteClusterApart(dataDir)).toBe(false);
  }, 120_000);

  it("fails with the child's error when the folder cannot hold a cluster", async () => {
    dir = await mkdtemp(join(tmpdir(), 'qoltanba-pglite-create-'));
    const file = join(dir, 'not-a-folder');
    await writeFile(file, 'x');
    await expect(createPGliteClusterApart(join(file, 'pglite'))).rejects.toThrow(
      /creating the PGlite cluster/,
    );
  }, 60_000);
});
