import { describe, expect, it } from 'vitest';
import { COMPANIES, documentPaths, listPath, testDraft, useDocumentsSuite } from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import { setDocumentFolder } from './document-folders.js';
import { encodeCursor } from './document-list.js';
import { syncParticipants } from './document-store.js';

const { sender, signer, second } = COMPANIES;

type Row = { id: number; number: number; name: string; status: string };

describe.each(testDatabases())('listDocuments on $name', (backend) => {
  const suite = useDocumentsSuite(backend);
  const db = () => suite.server.services.database.db;

  async function list(token: string, bin: string, query: Record<string, string | number>) {
    const res = await suite.request(token, 'GET', listPath(bin, query));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: Row[]; nextCursor: string | null };
  }
  const ids = (page: { items: Row[] }) => page.items.map((item) => item.id);

  async function setStatus(id: number, status: 'SIGNED' | 'REJECTED' | 'REVOKED') {
    await db().updateTable('documents').set({ status }).where('id', '=', id).execute();
    await syncParticipants(db(), id);
  }

  it('sorts each company into its boxes, and the filters narrow a box', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const bob = await suite.user('bob@example.kz', [signer]);
    const draft = await suite.create(alice, sender.bin);
    const docs = [];
    for (let i = 0; i < 5; i += 1) {
      const doc = await suite.create(alice, sender.bin);
      await suite.request(alice, 'POST', documentPaths(sender.bin, doc.id).send);
      docs.push(doc.id);
    }
    const [waiting, signedByBob, signed, rejected, revoked] = docs as [
      number,
      number,
      number,
      number,
      number,
    ];
    await db()
      .updateTable('document_participants')
      .set({ signed_at: suite.clock.now() })
      .where('document_id', 'in', [signedByBob, signed])
      .where('company_bin', '=', signer.bin)
      .execute();
    await setStatus(signed, 'SIGNED');
    await setStatus(rejected, 'REJECTED');
    await setStatus(revoked, 'REVOKED');

    expect(ids(await list(alice, sender.bin, { box: 'draft' }))).toEqual([draft.id]);
    expect(ids(await list(alice, sender.bin, { box: 'draft', filter: 'draft' }))).toEqual([draft.id]);
    expect(ids(await list(alice, sender.bin, { box: 'outgoing' }))).toEqual([...docs].reverse());
    expect(ids(await list(alice, sender.bin, { box: 'incoming' }))).toEqual([]);
    expect(ids(await list(bob, signer.bin, { box: 'incoming' }))).toEqual([...docs].reverse());
    expect(ids(await list(bob, signer.bin, { box: 'draft' }))).toEqual([]);
    const incoming = async (filter: string) => ids(await list(bob, signer.bin, { box: 'incoming', filter }));
    expect(await incoming('needToSign')).toEqual([waiting]);
    expect(await incoming('signedByMe')).toEqual([signed, signedByBob]);
    expect(await incoming('signedByAll')).toEqual([signed]);
    expect(await incoming('inProcess')).toEqual([signedByBob, waiting]);
    expect(await incoming('signedByMeOrInProcess')).toEqual([signed, signedByBob, waiting]);
    expect(await incoming('canceled')).toEqual([revoked, rejected]);
    const wrong = await suite.request(bob, 'GET', listPath(signer.bin, { box: 'incoming', filter: 'draft' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(wrong.json().message).toContain('filter');
  });

  it("keeps trash per company: one company's trash hides nothing from the others", async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const bob = await suite.user('bob@example.kz', [signer]);
    const { id } = await suite.create(alice, sender.bin);
    await suite.request(alice, 'POST', documentPaths(sender.bin, id).send);
    const trashed = await suite.request(bob, 'POST', documentPaths(signer.bin, id).trash);
    expect(trashed.json()).toMatchObject({
      status: 'TRASH',
      lifecycleStatus: 'AT_SIGNING',
      trash: { daysLeft: 30 },
    });
    expect(trashed.json().allowedActions).toEqual(['restore']);
    expect(ids(await list(bob, signer.bin, { box: 'incoming' }))).toEqual([]);
    expect((await list(bob, signer.bin, { box: 'trash' })).items).toMatchObject([{ id, status: 'TRASH' }]);
    expect(ids(await list(alice, sender.bin, { box: 'outgoing' }))).toEqual([id]);
    expect((await suite.request(alice, 'GET', documentPaths(sender.bin, id).document)).json().status).toBe(
      'AT_SIGNING',
    );
    suite.clock.advance(10 * 24 * 3600 + 60);
    const later = await suite.login('bob@example.kz');
    expect((await list(later, signer.bin, { box: 'trash' })).items[0]).toMatchObject({
      trash: { daysLeft: 19 },
    });
    const restored = await suite.request(later, 'POST', documentPaths(signer.bin, id).restore);
    expect(restored.json()).toMatchObject({ status: 'AT_SIGNING', trash: null });
    expect(ids(await list(later, signer.bin, { box: 'incoming' }))).toEqual([id]);
    const history = await suite.request(later, 'GET', documentPaths(signer.bin, id).history);
    expect(history.json().map((e: { type: string }) => e.type)).toEqual([
      'CREATE',
      'SEND',
      'RECEIVE',
      'TRASH',
      'VIEW',
      'RESTORE',
    ]);
    // The sender does not see another company's trash and restore; it sees the receipt.
    const senderHistory = await suite.request(
      await suite.login('alice@example.kz'),
      'GET',
      documentPaths(sender.bin, id).history,
    );
    expect(senderHistory.json().map((e: { type: string }) => e.type)).toEqual([
      'CREATE',
      'SEND',
      'RECEIVE',
      'VIEW',
    ]);
  });

  it('searches by name, number and counterparty BIN/IIN or name', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const bob = await suite.user('bob@example.kz', [signer]);
    const lease = await suite.create(alice, sender.bin, testDraft({ name: 'Договор АРЕНДЫ склада' }));
    const kazakh = await suite.create(alice, sender.bin, testDraft({ name: 'ҚОЙМАНЫ жалға алу шарты' }));
    const supply = await suite.create(alice, sender.bin, testDraft({ name: 'Поставка 100% товара' }));
    const other = await suite.create(
      alice,
      sender.bin,
      testDraft({
        name: 'Акт сверки',
        signers: [{ identityNumber: second.bin, email: 's@example.kz', nameRu: second.nameRu }],
      }),
    );
    for (const doc of [lease, kazakh, supply, other])
      await suite.request(alice, 'POST', documentPaths(sender.bin, doc.id).send);
    const search = async (token: string, bin: string, box: string, q: string) =>
      ids(await list(token, bin, { box, q }));
    expect(await search(alice, sender.bin, 'outgoing', 'аренды')).toEqual([lease.id]);
    expect(await search(alice, sender.bin, 'outgoing', 'Склада')).toEqual([lease.id]);
    // Kazakh letters fold case too, both ways.
    expect(await search(alice, sender.bin, 'outgoing', 'қойманы')).toEqual([kazakh.id]);
    expect(await search(alice, sender.bin, 'outgoing', 'ЖАЛҒА')).toEqual([kazakh.id]);
    expect(await search(alice, sender.bin, 'outgoing', 'ҒА АЛУ Ш')).toEqual([kazakh.id]);
    expect(await search(alice, sender.bin, 'outgoing', String(supply.number))).toEqual([supply.id]);
    expect(await search(alice, sender.bin, 'outgoing', second.bin)).toEqual([other.id]);
    expect(await search(alice, sender.bin, 'outgoing', 'каспий')).toEqual([other.id]);
    expect(await search(alice, sender.bin, 'outgoing', '100%')).toEqual([supply.id]);
    expect(await search(alice, sender.bin, 'outgoing', '%')).toEqual([supply.id]);
    expect(await search(alice, sender.bin, 'outgoing', '_')).toEqual([]);
    expect(await search(bob, signer.bin, 'incoming', sender.bin)).toEqual([supply.id, kazakh.id, lease.id]);
    expect(await search(bob, signer.bin, 'incoming', 'алтын')).toEqual([supply.id, kazakh.id, lease.id]);
    // BIN/IINs by prefix or part too (longer than a document number); a short number is no part of one.
    expect(await search(alice, sender.bin, 'outgoing', second.bin.slice(0, 10))).toEqual([other.id]);
    expect(await search(bob, signer.bin, 'incoming', sender.bin.slice(2))).toEqual([
      supply.id,
      kazakh.id,
      lease.id,
    ]);
    expect(await search(alice, sender.bin, 'outgoing', sender.bin.slice(0, 9))).toEqual([]);
    const long = await suite.request(
      alice,
      'GET',
      listPath(sender.bin, { box: 'outgoing', q: 'x'.repeat(101) }),
    );
    expect(long.json().code).toBe('QUERY_PARAM_TOO_LONG');
  });

  it('pages every sort both ways with keyset cursors, stable when documents are added meanwhile', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const names = [
      'Вексель',
      'Акт приёмки',
      'Гарантия',
      'Бланк заказа',
      'Договор',
      'Ведомость',
      'Акт сверки',
    ];
    const created: Row[] = [];
    for (const name of names) {
      created.push((await suite.create(alice, sender.bin, testDraft({ name }))) as unknown as Row);
      suite.clock.advance(1);
    }
    // Same name twice: the id breaks the tie.
    created.push((await suite.create(alice, sender.bin, testDraft({ name: 'Договор' }))) as unknown as Row);
    suite.clock.advance(1);
    await suite.request(
      alice,
      'PUT',
      documentPaths(sender.bin, created[2]?.id ?? 0).document,
      testDraft({ name: 'Гарантия' }),
    );
    const token = await suite.login('alice@example.kz');
    const all = async (sort: string, order: string) => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: Row[]; nextCursor: string | null } = await list(token, sender.bin, {
          box: 'draft',
          sort,
          order,
          limit: 3,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.items.length).toBeLessThanOrEqual(3);
        seen.push(...ids(page));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    const byId = (a: Row, b: Row) => a.id - b.id;
    const expected = {
      createdAt: [...created].sort(byId),
      number: [...created].sort((a, b) => a.number - b.number),
      name: [...created].sort((a, b) => (a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1)),
    };
    for (const [sort, rows] of Object.entries(expected)) {
      expect(await all(sort, 'asc'), sort).toEqual(rows.map((row) => row.id));
      expect(await all(sort, 'desc'), sort).toEqual(rows.map((row) => row.id).reverse());
    }
    const updated = await all('updatedAt', 'desc');
    expect(updated[0]).toBe(created[2]?.id);

    const first = await list(token, sender.bin, { box: 'draft', limit: 3 });
    const newer = await suite.create(token, sender.bin);
    const rest = await list(token, sender.bin, { box: 'draft', limit: 100, cursor: first.nextCursor ?? '' });
    expect([...ids(first), ...ids(rest)]).toEqual(
      [...created]
        .sort(byId)
        .reverse()
        .map((row) => row.id),
    );
    expect(ids(rest)).not.toContain(newer.id);
  });

  it('refuses garbage cursors and cursors of another sort', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    for (const cursor of [
      'garbage',
      encodeCursor({ s: 'name', o: 'asc', v: 'x', i: 1 }),
      Buffer.from('[1]').toString('base64url'),
    ]) {
      const res = await suite.request(alice, 'GET', listPath(sender.bin, { box: 'draft', cursor }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const badDate = encodeCursor({ s: 'createdAt', o: 'desc', v: 'yesterday', i: 1 });
    expect(
      (await suite.request(alice, 'GET', listPath(sender.bin, { box: 'draft', cursor: badDate }))).statusCode,
    ).toBe(400);
  });

  it("lists a folder's documents, and files a document into no folder or an existing one", async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const a = await suite.create(alice, sender.bin);
    const b = await suite.create(alice, sender.bin);
    expect(await setDocumentFolder(db(), { bin: sender.bin, documentId: a.id, folderId: 7 })).toBe(true);
    expect(ids(await list(alice, sender.bin, { box: 'draft', folderId: 7 }))).toEqual([a.id]);
    expect(
      (await suite.request(alice, 'GET', documentPaths(sender.bin, a.id).document)).json().folderId,
    ).toBe(7);
    const out = await suite.request(alice, 'PUT', documentPaths(sender.bin, a.id).folder, { folderId: null });
    expect(out.json().folderId).toBeNull();
    expect(ids(await list(alice, sender.bin, { box: 'draft', folderId: 7 }))).toEqual([]);
    const unknown = await suite.request(alice, 'PUT', documentPaths(sender.bin, b.id).folder, {
      folderId: 12345,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('FOLDER_NOT_FOUND');
  });
});
