import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useSuiteDatabase } from '../testing/suite-database.js';
import { testDatabases } from '../testing/test-databases.js';
import { openPGlite } from './database.js';
import { migrate } from './migrate.js';
import { migrations } from './migrations/index.js';

describe.each(testDatabases())('migrations on $name', (backend) => {
  const database = useSuiteDatabase(backend);

  it('records every migration and is idempotent', async () => {
    const again = await migrate(database.db);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toEqual(migrations.map((m) => m.id));
    const rows = await database.db.selectFrom('schema_migrations').select('id').orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(migrations.map((m) => m.id));
  });

  it('indexes refresh tokens by (session_id, generation) only: no redundant index on session_id alone', async () => {
    const { rows } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes
      where schemaname = current_schema() and tablename = 'refresh_tokens'
      order by indexname`.execute(database.db);
    expect(rows.map((row) => row.indexname)).toEqual([
      'refresh_tokens_generation_idx',
      'refresh_tokens_pkey',
    ]);
    expect(rows[0]?.indexdef).toMatch(/\(session_id, generation\)$/);
  });

  it('applies a new migration once, even when two runs race', async () => {
    const extra = [
      ...migrations,
      { id: '9999_test_extra', sql: 'create table test_extra (n int); insert into test_extra values (1);' },
    ];
    const [a, b] = await Promise.all([migrate(database.db, extra), migrate(database.db, extra)]);
    expect([...a.applied, ...b.applied]).toEqual(['9999_test_extra']);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from test_extra`.execute(database.db);
    expect(rows[0]?.n).toBe(1);
  });

  it('rolls a failing migration back entirely', async () => {
    const broken = [
      ...migrations,
      { id: '9998_broken', sql: 'create table test_broken (n int); select nope;' },
    ];
    await expect(migrate(database.db, broken)).rejects.toThrow();
    const { rows } = await sql<{ t: string | null }>`select to_regclass('test_broken')::text as t`.execute(
      database.db,
    );
    expect(rows[0]?.t).toBeNull();
    const applied = await database.db.selectFrom('schema_migrations').select('id').execute();
    expect(applied.map((r) => r.id)).not.toContain('9998_broken');
  });

  it('supports transactions: commit keeps rows, a throw rolls back', async () => {
    await database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('outbox_messages')
        .values({ channel: 'sms', recipient: '+77010000001', body: 'a' })
        .execute();
    });
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('outbox_messages')
          .values({ channel: 'sms', recipient: '+77010000002', body: 'b' })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await database.db.selectFrom('outbox_messages').select('recipient').execute();
    expect(rows.map((r) => r.recipient)).toContain('+77010000001');
    expect(rows.map((r) => r.recipient)).not.toContain('+77010000002');
  });

  it('runs concurrent queries and transactions without interleaving them', async () => {
    const inserts = Array.from({ length: 10 }, (_, i) =>
      database.db.transaction().execute(async (trx) => {
        const result = await trx
          .insertInto('outbox_messages')
          .values({ channel: 'email', recipient: `r${i}@example.kz`, subject: 's', body: 'b' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return result.id;
      }),
    );
    const ids = await Promise.all(inserts);
    expect(new Set(ids).size).toBe(10);
    const update = await database.db
      .updateTable('outbox_messages')
      .set({ body: 'changed' })
      .where('channel', '=', 'email')
      .executeTakeFirst();
    expect(update.numUpdatedRows).toBeGreaterThanOrEqual(10n);
  });
});

describe('PGlite on disk', () => {
  it('keeps data across a reopen of the same data folder and migrates once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qoltanba-pglite-'));
    try {
      const first = await openPGlite({ dataDir: dir });
      const report = await migrate(first.db);
      expect(report.applied).toEqual(migrations.map((m) => m.id));
      await first.db
        .insertInto('outbox_messages')
        .values({ channel: 'email', recipient: 'keep@example.kz', subject: 'kept', body: 'x' })
        .execute();
      await first.close();

      const second = await openPGlite({ dataDir: dir });
      try {
        const again = await migrate(second.db);
        expect(again.applied).toEqual([]);
        const rows = await second.db.selectFrom('outbox_messages').select('recipient').execute();
        expect(rows.map((r) => r.recipient)).toEqual(['keep@example.kz']);
      } finally {
        await second.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
