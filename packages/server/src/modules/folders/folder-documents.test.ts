import { apiPath, DOCUMENT_PATHS } from '@qoltanba/core';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { deferred } from '../../testing/deferred.js';
import { COMPANIES, documentPaths, listPath, useDocumentsSuite } from '../../testing/documents.js';
import { openLockSession } from '../../testing/pg-locks.js';
import { testDatabases } from '../../testing/test-databases.js';
import { setDocumentFolder } from '../documents/index.js';
import { folderExists } from './folder-store.js';

const { sender, signer } = COMPANIES;

/**
 * The folders module and the documents module together: documents filed per company through
 * `moveDocumentToFolder` (which asks the folders module's `folderExists`), counted in `listFolders`, and taken
 * out of deleted folders through the `foldersDeleted` hook.
 */
describe.each(testDatabases())('folders holding documents on $name', (backend) => {
  const suite = useDocumentsSuite(backend);

  const folders = (token: string, bin: string) =>
    suite.request(token, 'GET', apiPath(DOCUMENT_PATHS.folders, { bin }));
  const counts = async (token: string, bin: string) =>
    Object.fromEntries(
      ((await folders(token, bin)).json() as Array<{ name: string; documentCount: number }>).map((f) => [
        f.name,
        f.documentCount,
      ]),
    );
  const newFolder = async (token: string, bin: string, name: string, parentId: number | null = null) => {
    const res = await suite.request(token, 'POST', apiPath(DOCUMENT_PATHS.folders, { bin }), {
      name,
      parentId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const move = (token: string, bin: string, id: number, folderId: number | null) =>
    suite.request(token, 'PUT', `${documentPaths(bin, id).folder}?lang=en`, { folderId });
  const folderOf = async (token: string, bin: string, id: number) =>
    (await suite.request(token, 'GET', documentPaths(bin, id).document)).json().folderId as number | null;
  const deleteFolder = (token: string, bin: string, folderId: number) =>
    suite.request(token, 'DELETE', apiPath(DOCUMENT_PATHS.folderById, { bin, folderId: String(folderId) }));

  it('files a document in a folder of the acting company; each company files it its own way', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const bob = await suite.user('bob@example.kz', [signer]);
    const { id } = await suite.create(alice, sender.bin);
    expect((await suite.request(alice, 'POST', documentPaths(sender.bin, id).send)).statusCode).toBe(200);
    const contracts = await newFolder(alice, sender.bin, 'Договоры');
    const incoming = await newFolder(bob, signer.bin, 'Входящие');

    const moved = await move(alice, sender.bin, id, contracts);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().folderId).toBe(contracts);
    expect((await move(bob, signer.bin, id, incoming)).json().folderId).toBe(incoming);
    expect(await folderOf(alice, sender.bin, id)).toBe(contracts);
    expect(await counts(alice, sender.bin)).toEqual({ Договоры: 1 });
    expect(await counts(bob, signer.bin)).toEqual({ Входящие: 1 });
    const listed = await suite.request(
      alice,
      'GET',
      listPath(sender.bin, { box: 'outgoing', folderId: contracts }),
    );
    expect(listed.json().items.map((d: { id: number }) => d.id)).toEqual([id]);

    // Another company's folder is no folder of ours, exactly like a missing one.
    for (const folderId of [incoming, 2_000_000_000, Number.MAX_SAFE_INTEGER]) {
      const refused = await move(alice, sender.bin, id, folderId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: 'FOLDER_NOT_FOUND', message: 'Folder not found' });
    }
    expect(await folderOf(alice, sender.bin, id)).toBe(contracts);

    expect((await move(alice, sender.bin, id, null)).json().folderId).toBeNull();
    expect(await counts(alice, sender.bin)).toEqual({ Договоры: 0 });
  });

  it('takes documents out of a deleted folder and its subfolders; the documents and other folders stay', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const bob = await suite.user('bob@example.kz', [signer]);
    const ids = [];
    for (let n = 0; n < 3; n += 1) ids.push((await suite.create(alice, sender.bin)).id);
    const [first = 0, second = 0, third = 0] = ids;
    expect((await suite.request(alice, 'POST', documentPaths(sender.bin, first).send)).statusCode).toBe(200);
    const parent = await newFolder(alice, sender.bin, 'Архив');
    const child = await newFolder(alice, sender.bin, '2025', parent);
    const kept = await newFolder(alice, sender.bin, 'Текущие');
    const bobs = await newFolder(bob, signer.bin, 'Архив');
    await move(alice, sender.bin, first, parent);
    await move(alice, sender.bin, second, child);
    await move(alice, sender.bin, third, kept);
    await move(bob, signer.bin, first, bobs);

    expect((await deleteFolder(alice, sender.bin, parent)).statusCode).toBe(204);
    expect(await folderOf(alice, sender.bin, first)).toBeNull();
    expect(await folderOf(alice, sender.bin, second)).toBeNull();
    expect(await folderOf(alice, sender.bin, third)).toBe(kept);
    expect(await folderOf(bob, signer.bin, first)).toBe(bobs);
    expect(await counts(alice, sender.bin)).toEqual({ Текущие: 1 });
    expect(await counts(bob, signer.bin)).toEqual({ Архив: 1 });
    // The documents themselves stay.
    const drafts = await suite.request(alice, 'GET', listPath(sender.bin, { box: 'draft' }));
    expect(
      drafts
        .json()
        .items.map((d: { id: number }) => d.id)
        .sort(),
    ).toEqual([second, third].sort());
  });

  it('makes a folder delete wait for a move that has seen the folder, then takes the document out again', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const { id } = await suite.create(alice, sender.bin);
    const folder = await newFolder(alice, sender.bin, 'Временная');
    const { db } = suite.server.services.database;
    const checked = deferred<number>();
    const release = deferred();
    // What moveDocumentToFolder does, held open between the check and the write.
    const moving = db.transaction().execute(async (trx) => {
      expect(await folderExists(trx, sender.bin, folder)).toBe(true);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      checked.resolve(rows[0]?.pid ?? 0);
      await release.promise;
      await setDocumentFolder(trx, { bin: sender.bin, documentId: id, folderId: folder });
    });
    const moverPid = await checked.promise;
    const deleting = deleteFolder(alice, sender.bin, folder);
    if (backend.name === 'postgres') {
      // The delete is held by the move's lock on the folder row (PGlite runs one transaction at a time anyway).
      const url = process.env.TEST_DATABASE_URL ?? '';
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      const observer = await openLockSession(url, rows[0]?.schema ?? '');
      try {
        expect(await waitForSessionBlockedBy(observer, moverPid)).toBe(true);
      } finally {
        await observer.end();
      }
    }
    release.resolve();
    await moving;
    expect((await deleting).statusCode).toBe(204);
    expect(await folderOf(alice, sender.bin, id)).toBeNull();
    expect(await counts(alice, sender.bin)).toEqual({});
  });
});

/** Polls until some session waits for a lock that the session `pid` holds (the delete, held by the move). */
async function waitForSessionBlockedBy(
  observer: Awaited<ReturnType<typeof openLockSession>>,
  pid: number,
  timeoutMs = 5000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await observer.query<{ waiting: number }>(
      'select count(*)::int as waiting from pg_stat_activity where $1::int = any(pg_blocking_pids(pid))',
      [pid],
    );
    if ((rows[0]?.waiting ?? 0) > 0) return true;
    if (Date.now() >= deadline) return false;
    // Polling, not ordering: nothing happens until the awaited waiter shows up.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
