import { BOX_FILTERS, DOCUMENT_BOXES, DOCUMENT_SORTS, SORT_ORDERS } from '@qoltanba/core';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { compileListQuery, keyWord, type ListShape, type ListValues, listQuery } from './document-list.js';

const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const BOOLEANS = [false, true];

/** Every list shape: box and filter, sort, order, two page sizes, and each optional condition on or off. */
function* shapes(): Generator<{ box: ListValues['box']; shape: ListShape }> {
  for (const box of DOCUMENT_BOXES)
    for (const filter of BOX_FILTERS[box])
      for (const sort of DOCUMENT_SORTS)
        for (const order of SORT_ORDERS)
          for (const rows of [21, 101])
            for (const cursor of BOOLEANS)
              for (const member of BOOLEANS)
                for (const folder of BOOLEANS)
                  for (const search of ['text', 'number', 'phrase', null] as const)
                    yield { box, shape: { filter, sort, order, rows, cursor, member, folder, search } };
}

describe('list query templates', () => {
  it("give exactly kysely's own compile of the list query, for every shape, with each call's values", () => {
    let count = 0;
    for (const { box, shape } of shapes()) {
      count += 1;
      const values: ListValues = {
        bin: String(100000000000 + count),
        box,
        memberUserId: shape.member ? `00000000-0000-4000-8000-${String(count).padStart(12, '0')}` : undefined,
        folderId: shape.folder ? count : undefined,
        pattern: `%${count}%`,
        keyPattern: `%key ${count}%`,
        number: count,
        cursorValue: shape.cursor ? new Date(1_700_000_000_000 + count) : undefined,
        cursorId: shape.cursor ? count + 1 : undefined,
      };
      const templated = compileListQuery(db, shape, values);
      const fresh = listQuery(db, shape, values).compile();
      expect(templated.sql).toBe(fresh.sql);
      expect(templated.parameters).toEqual(fresh.parameters);
    }
    expect(count).toBeGreaterThan(5000);
  });
});

describe("a several-word search's key word (the one the trigram index looks up)", () => {
  it('is a word with digits, else the longest; none for one word or words under three letters', () => {
    expect(keyWord('Документ 99998')).toBe('99998');
    expect(keyWord('ТОО Альфа Логистик')).toBe('логистик');
    expect(keyWord('Договор №12-А поставки')).toBe('№12-а');
    expect(keyWord('Документ')).toBeUndefined();
    expect(keyWord('Документ 5')).toBeUndefined();
    expect(keyWord('a b c')).toBeUndefined();
  });
});
