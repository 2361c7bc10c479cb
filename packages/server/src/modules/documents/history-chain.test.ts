import { apiPath, DOCUMENT_PATHS, type HistoryVerification } from '@qoltanba/core';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { historyGenesis } from '../../crypto/history-hash.js';
import { openPGlite } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { migrations } from '../../db/migrations/index.js';
import { deferred } from '../../testing/deferred.js';
import { COMPANIES, testDraft } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { appendEvent } from './history.js';
import { verifyHistoryChain } from './history-verify.js';

const { sender, signer } = COMPANIES;
const verifyPath = (bin: string, id: number) =>
  apiPath(DOCUMENT_PATHS.historyVerify, { bin, id: String(id) });

const pki = createSigningPki();

describe.each(testDatabases())('the history hash chain on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki });
  const db = () => suite.server.services.database.db;

  /** A document through a whole life: create, update, send, viewed by the signer, signed, completed. */
  async function livedDocument(): Promise<number> {
    const draft = await suite.document({}, { send: false });
    const paths = { bin: sender.bin, id: String(draft.id) };
    const updated = await suite.request(
      suite.tokens.sender,
      'PUT',
      apiPath(DOCUMENT_PATHS.document, paths),
      testDraft({ name: 'Договор поставки №2' }),
    );
    expect(updated.statusCode).toBe(200);
    suite.clock.advance(60);
    const sent = await suite.request(suite.tokens.sender, 'POST', apiPath(DOCUMENT_PATHS.send, paths));
    expect(sent.statusCode).toBe(200);
    suite.clock.advance(60);
    const document = await suite.view(sent.json(), signer.bin);
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    return draft.id;
  }

  async function verified(id: number, bin = sender.bin): Promise<HistoryVerification> {
    const res = await suite.request(suite.tokens.sender, 'GET', verifyPath(bin, id));
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  async function eventIds(id: number): Promise<Array<{ id: number; type: string }>> {
    return db()
      .selectFrom('document_history')
      .select(['id', 'type'])
      .where('document_id', '=', id)
      .orderBy('seq')
      .execute();
  }

  it('verifies after a realistic life, for every participant, with the head the document recorded', async () => {
    const id = await livedDocument();
    const events = await eventIds(id);
    expect(events.map((e) => e.type)).toEqual([
      'CREATE',
      'UPDATE',
      'SEND',
      'RECEIVE',
      'VIEW',
      'SIGN',
      'COMPLETE',
    ]);
    const head = await db()
      .selectFrom('document_history')
      .select('hash')
      .where('id', '=', events.at(-1)?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(await verified(id)).toEqual({ valid: true, events: 7, brokenAt: null, headHash: head.hash });
    const asSigner = await suite.request(suite.tokens.signer, 'GET', verifyPath(signer.bin, id));
    expect(asSigner.json()).toMatchObject({ valid: true, events: 7 });
    // The first event chains to the document's own genesis value.
    const first = await db()
      .selectFrom('document_history')
      .select('prev_hash')
      .where('id', '=', events[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(first.prev_hash).toBe(historyGenesis(id));
  });

  it('answers a company that takes no part like a document that does not exist', async () => {
    const id = await livedDocument();
    const res = await suite.request(suite.tokens.outsider, 'GET', verifyPath(COMPANIES.outsider.bin, id));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ENTITY_NOT_FOUND');
  });

  it.each([
    ['details', sql`details = 'files added: forged.pdf'`],
    ['time', sql`at = at - interval '1 day'`],
    ['type', sql`type = 'REJECT'`],
    ['actor company', sql`company_bin = ${COMPANIES.outsider.bin}`],
  ])('detects an edited %s of a past event at that event', async (_field, change) => {
    const id = await livedDocument();
    const events = await eventIds(id);
    const victim = events[2]?.id ?? 0;
    await sql`update document_history set ${change} where id = ${victim}`.execute(db());
    expect(await verified(id)).toMatchObject({ valid: false, events: 7, brokenAt: victim });
  });

  it('detects a deleted event at the one after it, and a deleted last event at the new last one', async () => {
    const id = await livedDocument();
    const events = await eventIds(id);
    await db()
      .deleteFrom('document_history')
      .where('id', '=', events[3]?.id ?? 0)
      .execute();
    expect(await verified(id)).toMatchObject({ valid: false, events: 6, brokenAt: events[4]?.id });

    const other = await livedDocument();
    const otherEvents = await eventIds(other);
    await db()
      .deleteFrom('document_history')
      .where('id', '=', otherEvents.at(-1)?.id ?? 0)
      .execute();
    expect(await verified(other)).toMatchObject({ valid: false, events: 6, brokenAt: otherEvents[5]?.id });
  });

  it('detects reordered events, also when their hashes are moved along', async () => {
    const id = await livedDocument();
    const events = await eventIds(id);
    const [a, b] = [events[1]?.id ?? 0, events[2]?.id ?? 0];
    // Swap the places of UPDATE and SEND (through a free seq, so the unique index allows it).
    await sql`update document_history set seq = -1 where id = ${a}`.execute(db());
    await sql`update document_history set seq = 2 where id = ${b}`.execute(db());
    await sql`update document_history set seq = 3 where id = ${a}`.execute(db());
    expect(await verified(id)).toMatchObject({ valid: false, brokenAt: b });
  });

  it('keeps one chain when two appends race: the second waits for the first under the row lock', async () => {
    const id = await livedDocument();
    const before = await verified(id);
    const reached = deferred();
    const release = deferred();
    const first = db()
      .transaction()
      .execute((trx) =>
        appendEvent(
          trx,
          id,
          { type: 'TRASH', actor: { userId: null, bin: sender.bin, ip: '10.0.0.1' }, at: suite.clock.now() },
          {
            afterHeadRead: async () => {
              reached.resolve();
              await release.promise;
            },
          },
        ),
      );
    await reached.promise;
    const second = appendEvent(db(), id, {
      type: 'RESTORE',
      actor: { userId: null, bin: sender.bin, ip: '10.0.0.2' },
      at: suite.clock.now(),
    });
    if (backend.name === 'postgres') {
      // The second append must be waiting for the row lock before the first goes on.
      expect(await waitForRowLockWaiter()).toBe(true);
    }
    release.resolve();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    const after = await verified(id);
    expect(after).toMatchObject({ valid: true, events: before.events + 2, brokenAt: null });
    const tail = await db()
      .selectFrom('document_history')
      .select(['type', 'seq', 'prev_hash', 'hash'])
      .where('document_id', '=', id)
      .orderBy('seq', 'desc')
      .limit(2)
      .execute();
    expect(tail.map((row) => row.type)).toEqual(['RESTORE', 'TRASH']);
    expect(tail[0]?.prev_hash).toBe(tail[1]?.hash);
    expect(tail[1]?.prev_hash).toBe(before.headHash);
  });

  it('records a VIEW once per company and day, in the chain', async () => {
    const id = await livedDocument();
    const viewer = { userId: null, bin: sender.bin, ip: '10.0.0.3' };
    const at = suite.clock.now();
    expect(await appendEvent(db(), id, { type: 'VIEW', actor: viewer, at, viewDay: '2026-03-02' })).toBe(
      true,
    );
    expect(await appendEvent(db(), id, { type: 'VIEW', actor: viewer, at, viewDay: '2026-03-02' })).toBe(
      false,
    );
    expect(await verifyHistoryChain(db(), id)).toMatchObject({ valid: true, events: 8 });
  });
});

/** Polls pg_stat_activity until a session waits for a lock on its `for no key update` of a document. */
async function waitForRowLockWaiter(timeoutMs = 5000): Promise<boolean> {
  const observer = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await observer.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await observer.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where wait_event_type = 'Lock' and query like '%from "documents"%for no key update%'`,
      );
      if ((rows[0]?.n ?? 0) > 0) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    await observer.end();
  }
}

describe('migration 0011 on a database with history', () => {
  it('chains the existing events of each document in the order they were written', async () => {
    const handle = await openPGlite();
    try {
      const upTo = migrations.findIndex((m) => m.id === '0011_history_chain');
      await migrate(handle.db, migrations.slice(0, upTo));
      const at = new Date('2026-01-10T08:00:00.123Z');
      for (const n of [1, 2]) {
        await sql`
          insert into documents (id, sender_bin, sender_name_ru, number, name, status, signing_method, creator_id,
            search_text, created_at, updated_at)
          values (${n}, ${sender.bin}, 'ТОО', ${n}, 'Документ', 'AT_SIGNING', 'PARALLEL',
            '00000000-0000-4000-8000-000000000000', '', ${at}, ${at})`.execute(handle.db);
      }
      for (const [documentId, type] of [
        [1, 'CREATE'],
        [2, 'CREATE'],
        [1, 'SEND'],
        [1, 'VIEW'],
        [2, 'UPDATE'],
      ] as const) {
        await sql`
          insert into document_history (document_id, type, at, company_bin, ip, details)
          values (${documentId}, ${type}, ${at}, ${sender.bin}, '10.1.1.1', null)`.execute(handle.db);
      }
      await migrate(handle.db);
      expect(await verifyHistoryChain(handle.db, 1)).toMatchObject({
        valid: true,
        events: 3,
        brokenAt: null,
      });
      expect(await verifyHistoryChain(handle.db, 2)).toMatchObject({
        valid: true,
        events: 2,
        brokenAt: null,
      });
      const rows = await handle.db
        .selectFrom('document_history')
        .select(['document_id', 'type', 'seq'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => `${r.document_id}:${r.type}:${r.seq}`)).toEqual([
        '1:CREATE:1',
        '2:CREATE:1',
        '1:SEND:2',
        '1:VIEW:3',
        '2:UPDATE:2',
      ]);
      // And new events chain on from the backfilled head.
      await appendEvent(handle.db, 1, { type: 'SIGN', actor: null, at });
      expect(await verifyHistoryChain(handle.db, 1)).toMatchObject({ valid: true, events: 4 });
    } finally {
      await handle.close();
    }
  });
});
