import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { QueryTemplates } from './query-templates.js';

interface Tables {
  items: { id: number; label: string; kind: string };
}

/** A Kysely that compiles PostgreSQL and never connects. */
function compileOnly() {
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

describe('query templates', () => {
  const db = compileOnly();
  const build = (v: { id: number; label: string }) =>
    db
      .selectFrom('items')
      .selectAll()
      .where('id', '=', v.id)
      .where('kind', '=', 'fixed')
      .where('label', '=', v.label);

  it("puts each call's values where kysely put them, keeping the build's constants", () => {
    const templates = new QueryTemplates();
    const first = templates.compile(db, 'by id and label', { id: 1, label: 'a' }, build);
    const second = templates.compile(db, 'by id and label', { id: 2, label: 'b' }, build);
    expect(first.sql).toBe(build({ id: 1, label: 'a' }).compile().sql);
    expect(first.parameters).toEqual([1, 'fixed', 'a']);
    expect(second.parameters).toEqual([2, 'fixed', 'b']);
    // The text is built once: the same string object, which PostgreSQL's statement names key on.
    expect(second.sql).toBe(first.sql);
  });

  it('builds once per shape and per database', () => {
    const templates = new QueryTemplates();
    let builds = 0;
    const counted = (v: { id: number; label: string }) => {
      builds += 1;
      return build(v);
    };
    templates.compile(db, 'one', { id: 1, label: 'a' }, counted);
    templates.compile(db, 'one', { id: 2, label: 'b' }, counted);
    expect(builds).toBe(1);
    templates.compile(db, 'two', { id: 2, label: 'b' }, counted);
    templates.compile(compileOnly(), 'one', { id: 2, label: 'b' }, counted);
    expect(builds).toBe(3);
  });

  it("shares a database's templates with its transactions", async () => {
    const templates = new QueryTemplates();
    let builds = 0;
    const counted = (v: { id: number; label: string }) => {
      builds += 1;
      return build(v);
    };
    templates.compile(db, 'one', { id: 1, label: 'a' }, counted);
    const inside = await db
      .transaction()
      .execute(async (trx) => templates.compile(trx, 'one', { id: 3, label: 'c' }, counted));
    expect(inside.parameters).toEqual([3, 'fixed', 'c']);
    expect(builds).toBe(1);
  });

  it('starts over when it holds too many shapes', () => {
    const templates = new QueryTemplates(2);
    let builds = 0;
    const counted = (v: { id: number; label: string }) => {
      builds += 1;
      return build(v);
    };
    for (const shape of ['a', 'b', 'c', 'a']) templates.compile(db, shape, { id: 1, label: 'x' }, counted);
    expect(builds).toBe(4);
  });

  it('places values inside raw SQL fragments and tuples too', () => {
    const templates = new QueryTemplates();
    const query = (v: { at: Date; id: number }) =>
      db
        .selectFrom('items')
        .select('id')
        .where(sql<boolean>`exists (select 1 from items i where i.id = ${v.id})`)
        .where((eb) => eb(eb.refTuple('label', 'id'), '<', eb.tuple(v.at as unknown as string, v.id)));
    const at = new Date('2026-03-02T06:00:00Z');
    const compiled = templates.compile(db, 'raw', { at, id: 7 }, query);
    const fresh = query({ at, id: 7 }).compile();
    expect(compiled.sql).toBe(fresh.sql);
    expect(compiled.parameters).toEqual([7, at, 7]);
    expect(compiled.parameters).toEqual(fresh.parameters);
  });
});
