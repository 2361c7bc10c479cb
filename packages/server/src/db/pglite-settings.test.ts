import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPGlite } from './database.js';

describe('the embedded database', () => {
  it('runs with the small memory settings and has pg_trgm for the search indexes', async () => {
    const handle = await openPGlite();
    try {
      const { rows } = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(handle.db);
      expect(rows[0]?.shared_buffers).toBe('16MB');
      const maintenance = await sql<{ maintenance_work_mem: string }>`show maintenance_work_mem`.execute(
        handle.db,
      );
      expect(maintenance.rows[0]?.maintenance_work_mem).toBe('16MB');
      await sql`create extension if not exists pg_trgm`.execute(handle.db);
      const similarity = await sql<{ s: number }>`select similarity('қолтаңба', 'қолтаңбалар') as s`.execute(
        handle.db,
      );
      expect(similarity.rows[0]?.s).toBeGreaterThan(0.5);
    } finally {
      await handle.close();
    }
  });
});
