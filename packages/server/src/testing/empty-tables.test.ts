import { describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.js';
import { emptyAppTables } from './empty-tables.js';
import { useSuiteDatabase } from './suite-database.js';
import { testDatabases } from './test-databases.js';

describe.each(testDatabases())('emptying the tables between tests on $name', (backend) => {
  const database = useSuiteDatabase(backend);
  const message = { channel: 'email' as const, recipient: 'a@example.kz', subject: null, body: 'x' };

  it('leaves no rows of an earlier test: this one writes a row and empties by hand', async () => {
    const { db } = database;
    expect(await db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
    await db.insertInto('outbox_messages').values(message).execute();
    await db
      .insertInto('users')
      .values({
        id: '00000000-0000-4000-8000-000000000001',
        email: 'a@example.kz',
        phone: null,
        password_hash: 'x',
        firstname: 'A',
        lastname: 'B',
        lang: 'ru',
        created_at: new Date('2026-03-01T00:00:00Z'),
      })
      .execute();
    await emptyAppTables(db);
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
    // The migrations table is kept, so the schema still counts as migrated.
    const applied = await db.selectFrom('schema_migrations').select('id').execute();
    expect(applied).toHaveLength(migrations.length);
    // Sequences restart.
    const again = await db.insertInto('outbox_messages').values(message).returning('id').executeTakeFirst();
    expect(again?.id).toBe(1);
  });

  it('starts the next test with empty tables (the hook of useSuiteDatabase)', async () => {
    expect(await database.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
  });
});
