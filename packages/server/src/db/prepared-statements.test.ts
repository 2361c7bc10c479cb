import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PREPARED_STATEMENTS,
  PLAN_EACH_CALL,
  preparingPool,
  StatementNames,
} from './prepared-statements.js';

const url = process.env.TEST_DATABASE_URL;

interface Tables {
  items: { id: number; label: string };
}

describe('statement names', () => {
  it('gives a text the same name every time and stops naming at the limit', () => {
    const names = new StatementNames(2);
    const first = names.nameOf('select $1');
    expect(first).toMatch(/^qoltanba_\d+$/);
    expect(names.nameOf('select $1')).toBe(first);
    const second = names.nameOf('select $1, $2');
    expect(second).not.toBe(first);
    expect(names.nameOf('select $1, $2, $3')).toBeUndefined();
    expect(names.nameOf('select $1')).toBe(first);
    expect(names.size).toBe(2);
    expect(new StatementNames().nameOf('x')).toBeDefined();
    expect(MAX_PREPARED_STATEMENTS).toBeGreaterThan(100);
  });

  it('leaves a query that asks to be planned on every call unnamed, and takes no slot for it', () => {
    const names = new StatementNames(2);
    expect(names.nameOf(`select $1 ${PLAN_EACH_CALL}`)).toBeUndefined();
    expect(names.size).toBe(0);
  });
});

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  const schema = `test_prepared_${randomBytes(5).toString('hex')}`;
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.query(`create table ${schema}.items (id int primary key, label text not null)`);
    await admin.query(`insert into ${schema}.items values (1, 'one'), (2, 'two')`);
  });
  afterAll(async () => {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  });

  /** A kysely instance on one connection, so what one query prepared the next one sees. */
  function open(options: { prepared?: boolean } = {}) {
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 1 });
    const db = new Kysely<Tables>({
      dialect: new PostgresDialect({ pool: options.prepared === false ? pool : preparingPool(pool) }),
    });
    return db;
  }
  const byId = (db: Kysely<Tables>, id: number) =>
    db.selectFrom('items').selectAll().where('id', '=', id).executeTakeFirst();
  const prepared = async (db: Kysely<Tables>) =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements order by name`.execute(db)
    ).rows;
  const backendPid = async (db: Kysely<Tables>) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;

  it('runs a query with parameters as one named statement per text, with its values bound each time', async () => {
    const db = open();
    try {
      expect(await byId(db, 1)).toEqual({ id: 1, label: 'one' });
      expect(await byId(db, 2)).toEqual({ id: 2, label: 'two' });
      expect(await byId(db, 3)).toBeUndefined();
      const statements = await prepared(db);
      expect(statements).toHaveLength(1);
      expect(statements[0]?.name).toMatch(/^qoltanba_\d+$/);
      expect(statements[0]?.statement).toContain('from "items" where "id" = $1');
    } finally {
      await db.destroy();
    }
  });

  it('leaves queries without parameters unnamed, so one text may hold several statements', async () => {
    const db = open();
    try {
      await sql`select 1; select 2`.execute(db);
      expect(await prepared(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('prepares nothing when switched off', async () => {
    const db = open({ prepared: false });
    try {
      expect(await byId(db, 1)).toEqual({ id: 1, label: 'one' });
      expect(await prepared(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('answers again without a name when the server lost the statement, then replaces the connection', async () => {
    const db = open();
    try {
      await byId(db, 1);
      const pid = await backendPid(db);
      // Somebody (a pooler, a DISCARD ALL) dropped what this connection prepared; pg still believes it is there.
      await sql`deallocate all`.execute(db);
      expect(await byId(db, 2)).toEqual({ id: 2, label: 'two' });
      expect(await backendPid(db)).not.toBe(pid);
      expect(await byId(db, 1)).toEqual({ id: 1, label: 'one' });
    } finally {
      await db.destroy();
    }
  });

  it('answers again when a migration elsewhere changed the columns a prepared select returns', async () => {
    const db = open();
    const table = `${schema}.items`;
    try {
      expect(await byId(db, 1)).toEqual({ id: 1, label: 'one' });
      await admin.query(`alter table ${table} add column extra text not null default 'x'`);
      expect(await byId(db, 1)).toEqual({ id: 1, label: 'one', extra: 'x' });
    } finally {
      await admin.query(`alter table ${table} drop column if exists extra`);
      await db.destroy();
    }
  });

  it('lets the error through inside a transaction, which it has aborted', async () => {
    const db = open();
    try {
      await byId(db, 1);
      await sql`deallocate all`.execute(db);
      await expect(db.transaction().execute((trx) => byId(trx, 1))).rejects.toMatchObject({ code: '26000' });
      // The connection was replaced; the next query prepares afresh.
      expect(await byId(db, 1)).toEqual({ id: 1, label: 'one' });
    } finally {
      await db.destroy();
    }
  });
});
