import type { DocumentListQuery } from '@qoltanba/core';
import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { PLAN_EACH_CALL } from '../../db/prepared-statements.js';
import type { Database } from '../../db/schema.js';
import { seedDocuments } from '../../testing/document-seed.js';
import { COMPANIES } from '../../testing/documents.js';
import { openTestPostgres } from '../../testing/test-databases.js';
import { encodeCursor, listDocuments } from './document-list.js';

const url = process.env.TEST_DATABASE_URL;
const COUNT = 100_000;
const { sender, signer } = COMPANIES;
const USER_ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
/** A counterparty only one document has (seeded below): a rare search. */
const RARE_BIN = '990440000017';
const RARE_ID = 77_777;
/** A phrase of two common words, in every other document (seeded below). */
const SUPPLY = 'договор поставки';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

const DOCUMENT_TABLES = ['documents', 'document_participants', 'document_signers', 'document_files'];

describe.skipIf(!url)('list queries at 100,000 documents of one company (PostgreSQL EXPLAIN)', () => {
  let handle: (DatabaseHandle & { schema: string }) | undefined;
  let pool: pg.Pool | undefined;
  let traced: Kysely<Database> | undefined;
  let captured: CompiledQuery[] = [];

  beforeAll(async () => {
    handle = await openTestPostgres(url ?? '');
    await seedDocuments(handle.db, {
      senderBin: sender.bin,
      signerBin: signer.bin,
      count: COUNT,
      start: new Date('2025-01-01T00:00:00Z'),
    });
    // The caller's membership is checked inside the list query, as the route does it.
    await sql`insert into users (id, email, password_hash, firstname, lastname, lang, created_at)
      values (${USER_ID}, 'bench@example.kz', 'x', 'A', 'B', 'ru', now())`.execute(handle.db);
    for (const bin of [sender.bin, signer.bin]) {
      await sql`insert into companies (bin, kind, name_ru, created_at) values (${bin}, 'legal', 'ТОО', now())`.execute(
        handle.db,
      );
      await sql`insert into memberships (user_id, company_bin, created_at) values (${USER_ID}, ${bin}, now())`.execute(
        handle.db,
      );
    }
    // One document with a counterparty of its own: rare names and BINs are what the trigram index is for.
    await sql`update documents set search_text = search_text || ${'\nтоо «сирек серіктес»'},
      search_ids = search_ids || ${`\n${RARE_BIN}`} where id = ${RARE_ID}`.execute(handle.db);
    await sql`analyze documents`.execute(handle.db);
    pool = new pg.Pool({ connectionString: url, options: `-c search_path=${handle.schema}`, max: 2 });
    traced = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') captured.push(event.query);
      },
    });
  }, 120_000);
  afterAll(async () => {
    await traced?.destroy();
    await handle?.close();
  });

  const planOf = (rows: unknown[]) => {
    const plan = (rows[0] as { 'QUERY PLAN': Array<{ Plan: PlanNode }> })['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('no plan');
    return nodes(plan);
  };
  let statements = 0;

  /**
   * The server runs the query as a prepared statement (db/prepared-statements.ts): after five runs PostgreSQL
   * keeps one generic plan for it when that costs no more than planning each call. Answers whether it did, and
   * EXPLAIN ANALYZE of the plan it now uses.
   */
  async function explainPrepared(sent: CompiledQuery) {
    const client = await (pool as pg.Pool).connect();
    try {
      statements += 1;
      const name = `list_probe_${statements}`;
      for (let run = 0; run < 6; run += 1) {
        await client.query({ name, text: sent.sql, values: [...sent.parameters] });
      }
      const { rows: stats } = await client.query(
        'select generic_plans from pg_prepared_statements where name = $1',
        [name],
      );
      const values = sent.parameters.map((value) =>
        client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value)),
      );
      const { rows } = await client.query(
        `explain (analyze, format json) execute ${name}(${values.join(', ')})`,
      );
      return { generic: Number(stats[0]?.generic_plans) > 0, all: planOf(rows) };
    } finally {
      client.release();
    }
  }

  /** Runs the list query for real, then EXPLAIN ANALYZE of exactly the SQL it sent, planned once and for good. */
  async function explain(bin: string, query: DocumentListQuery) {
    captured = [];
    const page = await listDocuments(traced as Kysely<Database>, bin, query, new Date(), 30, USER_ID);
    const sent = captured.at(-1);
    if (!sent || !pool) throw new Error('no query captured');
    const { rows } = await pool.query(`explain (analyze, format json) ${sent.sql}`, [...sent.parameters]);
    return { page, all: planOf(rows), prepared: await explainPrepared(sent) };
  }

  /** The plan planned for these values and the generic plan kept for the prepared statement both pass. */
  function expectIndexed(
    explained: { all: PlanNode[]; prepared: { generic: boolean; all: PlanNode[] } },
    maxParticipantRows: number,
  ) {
    expectIndexOnly(explained.all, maxParticipantRows);
    expect(explained.prepared.generic).toBe(true);
    expectIndexOnly(explained.prepared.all, maxParticipantRows);
  }

  function expectIndexOnly(all: PlanNode[], maxParticipantRows: number) {
    const seqScans = all.filter(
      (node) => node['Node Type'] === 'Seq Scan' && DOCUMENT_TABLES.includes(node['Relation Name'] ?? ''),
    );
    expect(seqScans.map((node) => node['Relation Name'])).toEqual([]);
    const participants = all.filter((node) => node['Relation Name'] === 'document_participants');
    expect(participants.length).toBeGreaterThan(0);
    for (const node of participants) {
      expect(node['Node Type']).toMatch(/Index/);
      // The list walks its index and stops at the page: it never touches the company's other rows.
      expect((node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)).toBeLessThanOrEqual(
        maxParticipantRows,
      );
    }
  }

  it('first page: one index range scan that stops after the page', async () => {
    const explained = await explain(sender.bin, { box: 'outgoing' });
    expect(explained.page.items).toHaveLength(20);
    expect(explained.page.items[0]?.number).toBe(COUNT - (COUNT % 3 === 0 ? 1 : 0));
    expectIndexed(explained, 21);
  });

  it('filtered page: still the index, reading a bounded number of rows', async () => {
    const explained = await explain(sender.bin, {
      box: 'outgoing',
      filter: 'inProcess',
      sort: 'number',
      order: 'asc',
    });
    expect(explained.page.items.map((item) => item.number)).toEqual(
      Array.from({ length: 20 }, (_, i) => 1 + i * 3),
    );
    expectIndexed(explained, 21 * 2 + 2);
    const incoming = await explain(signer.bin, {
      box: 'incoming',
      filter: 'needToSign',
      sort: 'name',
      order: 'desc',
    });
    expect(incoming.page.items).toHaveLength(20);
    expectIndexed(incoming, 21 * 2 + 2);
  });

  it('deep keyset page (half way through): as cheap as the first', async () => {
    const { rows } = await sql<{ at: Date; id: number }>`
      select doc_created_at as at, document_id as id from document_participants
      where company_bin = ${sender.bin} and box = 'outgoing'
      order by doc_created_at desc, document_id desc offset ${Math.floor(COUNT / 3)} limit 1`.execute(
      handle?.db as Kysely<Database>,
    );
    const start = rows[0];
    if (!start) throw new Error('no row to start from');
    const cursor = encodeCursor({
      s: 'createdAt',
      o: 'desc',
      v: new Date(start.at).toISOString(),
      i: start.id,
    });
    const explained = await explain(sender.bin, { box: 'outgoing', cursor });
    expect(explained.page.items).toHaveLength(20);
    expect(explained.page.items[0]?.id).toBeLessThan(start.id);
    expectIndexed(explained, 21);
  });

  /**
   * A search runs unnamed (PLAN_EACH_CALL), so PostgreSQL plans it with its text on every call: EXPLAIN ANALYZE of
   * exactly the SQL and values the list sent is the plan it gets.
   */
  async function explainSearch(bin: string, query: DocumentListQuery) {
    captured = [];
    const page = await listDocuments(traced as Kysely<Database>, bin, query, new Date(), 30, USER_ID);
    const sent = captured.at(-1);
    if (!sent || !pool) throw new Error('no query captured');
    expect(sent.sql).toContain(PLAN_EACH_CALL);
    const { rows } = await pool.query(`explain (analyze, format json) ${sent.sql}`, [...sent.parameters]);
    return { page, all: planOf(rows) };
  }

  function indexesUsed(all: PlanNode[]): string[] {
    return all.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
  }

  it('rare search (a name, a BIN prefix, a number): through the trigram and number indexes, not the whole box', async () => {
    const cases: [DocumentListQuery, string][] = [
      [{ box: 'outgoing', q: 'Документ 99998' }, 'documents_search_text_trgm_idx'],
      [{ box: 'outgoing', q: 'СИРЕК серіктес' }, 'documents_search_text_trgm_idx'],
      [{ box: 'outgoing', q: RARE_BIN.slice(0, 10) }, 'documents_search_ids_trgm_idx'],
      [{ box: 'outgoing', q: RARE_BIN }, 'documents_search_ids_trgm_idx'],
      [{ box: 'outgoing', q: '99997' }, 'documents_number_idx'],
    ];
    for (const [query, index] of cases) {
      const { page, all } = await explainSearch(sender.bin, query);
      expect(page.items.length, query.q).toBeGreaterThan(0);
      expect(page.items.length, query.q).toBeLessThanOrEqual(2);
      expect(indexesUsed(all), query.q).toContain(index);
      const seqScans = all.filter(
        (node) => node['Node Type'] === 'Seq Scan' && DOCUMENT_TABLES.includes(node['Relation Name'] ?? ''),
      );
      expect(
        seqScans.map((node) => node['Relation Name']),
        query.q,
      ).toEqual([]);
      // The documents found are looked up in the box one by one: no walk over the company's rows.
      for (const node of all.filter((n) => n['Relation Name'] === 'document_participants')) {
        expect((node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1), query.q).toBeLessThanOrEqual(10);
      }
    }
    const rare = await explainSearch(sender.bin, { box: 'outgoing', q: RARE_BIN });
    expect(rare.page.items.map((item) => item.id)).toEqual([RARE_ID]);
  });

  it('a phrase with a common word: the trigram index looks up its rare word only, the phrase is checked on the rows', async () => {
    const { page, all } = await explainSearch(sender.bin, { box: 'outgoing', q: 'Документ 99998' });
    expect(page.items.map((item) => item.name)).toEqual(['Документ 99998']);
    const conditions = all.flatMap((node) =>
      node['Index Name'] === 'documents_search_text_trgm_idx' ? [node['Index Cond'] ?? ''] : [],
    );
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toContain('%99998%');
    // "документ" is in every document: its trigrams' posting lists are the whole table.
    expect(conditions[0]).not.toContain('документ');
  });

  it('common search (every document matches): walks the keyset index and stops after the page', async () => {
    const { page, all } = await explainSearch(sender.bin, { box: 'outgoing', q: 'ДОКУМЕНТ' });
    expect(page.items).toHaveLength(20);
    expectIndexOnly(all, 21);
  });

  // Last, as it rewrites half the table (the plans above are read on the table as seeded).
  describe('every other document also a supply contract', () => {
    beforeAll(async () => {
      const db = handle?.db as Kysely<Database>;
      await sql`update documents set search_text = search_text || ${`\n${SUPPLY}`} where id % 2 = 0`.execute(
        db,
      );
      await sql`analyze documents`.execute(db);
    }, 120_000);

    it('a phrase of common words (half the documents): walks the keyset index, as the phrase statistics tell the planner', async () => {
      const { page, all } = await explainSearch(sender.bin, { box: 'outgoing', q: 'Договор ПОСТАВКИ' });
      expect(page.items).toHaveLength(20);
      expect(page.items.every((item) => item.id % 2 === 0)).toBe(true);
      // Without statistics on the phrase's expression the planner guessed 0.5 % of rows hold it, and read and sorted
      // every document its key word found: 50,000 participant lookups for a page of 20.
      expect(indexesUsed(all)).not.toContain('documents_search_text_trgm_idx');
      expectIndexOnly(all, 21 * 2 + 2);
    });
  });
});
