import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.js';
import { emptyAppTables } from './empty-tables.js';
import { useSuiteDatabase } from './suite-database.js';
import { testDatabases } from './test-databases.js';

/** A plugin that counts the queries whose raw SQL mentions `text`. */
function countQueriesMentioning(text: string): KyselyPlugin & { count: number } {
  const mentions = (node: RootOperationNode) =>
    node.kind === 'RawNode' && node.sqlFragments.some((fragment) => fragment.includes(text));
  const plugin: KyselyPlugin & { count: number } = {
    count: 0,
    transformQuery: ({ node }) => {
      if (mentions(node)) plugin.count += 1;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return plugin;
}

describe.each(testDatabases())('emptying the tables between tests on $name', (backend) => {
  const database = useSuiteDatabase(backend);
  const message = { channel: 'email' as const, recipient: 'a@example.kz', subject: null, body: 'x' };
  const user = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'a@example.kz',
    phone: null,
    password_hash: 'x',
    firstname: 'A',
    lastname: 'B',
    lang: 'ru' as const,
    created_at: new Date('2026-03-01T00:00:00Z'),
  };

  it('empties by hand, keeps the migrations table, restarts sequences; leaves rows for the next test', async () => {
    const { db } = database;
    await db.insertInto('outbox_messages').values(message).execute();
    await db.insertInto('users').values(user).execute();
    await emptyAppTables(db);
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
    // The migrations table is kept, so the schema still counts as migrated.
    const applied = await db.selectFrom('schema_migrations').select('id').execute();
    expect(applied).toHaveLength(migrations.length);
    // Sequences restart.
    const again = await db.insertInto('outbox_messages').values(message).returning('id').executeTakeFirst();
    expect(again?.id).toBe(1);
    // Left behind on purpose: the next test proves that the hook, not this test, empties the tables.
    await db.insertInto('users').values(user).execute();
    expect(await db.selectFrom('users').select('id').execute()).toHaveLength(1);
  });

  it('starts the next test with empty tables (the hook of useSuiteDatabase)', async () => {
    expect(await database.db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom('users').selectAll().execute()).toEqual([]);
  });

  it('reads the table list once per database handle, and still empties on every call', async () => {
    const counter = countQueriesMentioning('pg_tables');
    const db = database.db.withPlugin(counter);
    await emptyAppTables(db);
    await db.insertInto('outbox_messages').values(message).execute();
    await emptyAppTables(db);
    expect(await db.selectFrom('outbox_messages').selectAll().execute()).toEqual([]);
    expect(counter.count).toBe(1);
  });
});
