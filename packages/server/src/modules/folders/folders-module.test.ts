import { apiPath, DOCUMENT_PATHS, FOLDER_NAME_MAX } from '@qoltanba/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { type CompanyMember, registerMember } from '../../testing/companies.js';
import { emptyTablesBeforeEach } from '../../testing/empty-tables.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import type { AppModule } from '../module.js';
import type { FoldersDeletedEvent } from '../module-hooks.js';
import { folderExists } from './folder-store.js';

const ALPHA = '990340005977';
const BETA = '020540003431';

/** What the hook listeners of the test module saw, and what they should do next. */
const hookLog = {
  deleted: [] as Array<Omit<FoldersDeletedEvent, 'trx'> & { insideTransaction: boolean }>,
  failNextDelete: false,
  counts: [] as Array<Map<number, number>>,
  reset() {
    this.deleted = [];
    this.failNextDelete = false;
    this.counts = [];
  },
};

/** Stands in for the documents module: listens to folder deletes and answers document counts. */
const documentsStandIn: AppModule = {
  name: 'documents-stand-in',
  register({ hooks }) {
    hooks.foldersDeleted.add(async ({ trx, bin, folderIds }) => {
      // The deleting transaction has written, so it has a transaction id; a fresh one would not.
      const { rows } = await sql<{
        xid: string | null;
      }>`select txid_current_if_assigned()::text as xid`.execute(trx);
      hookLog.deleted.push({ bin, folderIds, insideTransaction: rows[0]?.xid != null });
      if (hookLog.failNextDelete) throw new Error('documents could not let go of the folders');
    });
    // Two listeners: their counts add up.
    hooks.folderDocumentCounts.add(async () => hookLog.counts[0] ?? new Map());
    hooks.folderDocumentCounts.add(async () => hookLog.counts[1] ?? new Map());
  },
};

describe.each(testDatabases())('folders on $name', (backend) => {
  let server: TestApp;
  let alpha: CompanyMember;
  let colleague: CompanyMember;
  let beta: CompanyMember;

  beforeAll(async () => {
    server = await createTestApp({
      backend,
      modules: [documentsStandIn],
      env: { RATE_LIMIT_MAX: '100000' },
    });
  });
  afterAll(async () => {
    await server.close();
  });
  emptyTablesBeforeEach(() => server.services.database.db);
  beforeEach(async () => {
    hookLog.reset();
    alpha = await registerMember(server, 'alpha@example.kz', ALPHA);
    colleague = await registerMember(server, 'colleague@example.kz', ALPHA);
    beta = await registerMember(server, 'beta@example.kz', BETA);
  });

  const list = (member: CompanyMember, bin = member.bin) =>
    call(server, 'GET', `${apiPath(DOCUMENT_PATHS.folders, { bin })}?lang=en`, { token: member.token });
  const create = (member: CompanyMember, body: unknown, bin = member.bin) =>
    call(server, 'POST', `${apiPath(DOCUMENT_PATHS.folders, { bin })}?lang=en`, {
      token: member.token,
      body,
    });
  const byId = (bin: string, folderId: number | string) =>
    `${apiPath(DOCUMENT_PATHS.folderById, { bin, folderId: String(folderId) })}?lang=en`;
  const update = (member: CompanyMember, folderId: number | string, body: unknown, bin = member.bin) =>
    call(server, 'PUT', byId(bin, folderId), { token: member.token, body });
  const remove = (member: CompanyMember, folderId: number | string, bin = member.bin) =>
    call(server, 'DELETE', byId(bin, folderId), { token: member.token });
  /** Creates a folder and answers its id. */
  const folder = async (member: CompanyMember, name: string, parentId: number | null = null) => {
    const res = await create(member, { name, parentId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const names = async (member: CompanyMember) =>
    ((await list(member)).json() as Array<{ name: string; parentId: number | null }>).map(
      (f) => `${f.parentId === null ? '' : `${f.parentId}/`}${f.name}`,
    );

  it('creates folders and subfolders shared by the whole company, listed flat by name', async () => {
    const created = await create(alpha, { name: '  Договоры  ' });
    expect(created.statusCode).toBe(201);
    const contracts = created.json();
    expect(contracts).toEqual({
      id: expect.any(Number),
      name: 'Договоры',
      parentId: null,
      documentCount: 0,
      createdAt: expect.any(String),
    });
    const acts = await folder(colleague, 'Акты', contracts.id);
    await folder(alpha, 'архив');
    const listed = await list(colleague);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { id: acts, name: 'Акты', parentId: contracts.id, documentCount: 0, createdAt: expect.any(String) },
      expect.objectContaining({ name: 'архив', parentId: null }),
      expect.objectContaining({ name: 'Договоры', parentId: null }),
    ]);
    // Another company sees its own (empty) tree.
    expect((await list(beta)).json()).toEqual([]);
  });

  it('requires a name of at most 100 characters', async () => {
    for (const name of ['', '   ', undefined]) {
      const res = await create(alpha, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'FOLDER_NAME_REQUIRED', message: 'Enter a folder name' });
    }
    const tooLong = await create(alpha, { name: 'я'.repeat(FOLDER_NAME_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('FOLDER_NAME_TOO_LONG');
    const longest = await create(alpha, { name: ` ${'я'.repeat(FOLDER_NAME_MAX)} ` });
    expect(longest.statusCode).toBe(201);
    const id = longest.json().id as number;
    expect((await update(alpha, id, { name: 'x'.repeat(FOLDER_NAME_MAX + 1) })).json().code).toBe(
      'FOLDER_NAME_TOO_LONG',
    );
    expect((await update(alpha, id, { name: ' ' })).json().code).toBe('FOLDER_NAME_REQUIRED');
  });

  it('keeps names unique among siblings, whatever the case; other parents and companies may reuse them', async () => {
    const contracts = await folder(alpha, 'Договоры');
    const taken = await create(colleague, { name: ' ДОГОВОРЫ ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      code: 'FOLDER_NAME_TAKEN',
      message: 'A folder with this name already exists',
    });
    // The same name one level down, and in another company.
    const inner = await folder(alpha, 'договоры', contracts);
    expect((await create(alpha, { name: 'Договоры', parentId: contracts })).json().code).toBe(
      'FOLDER_NAME_TAKEN',
    );
    await folder(beta, 'Договоры');
    // Renaming into a sibling's name is refused; changing the case of one's own name is not.
    const acts = await folder(alpha, 'Акты');
    expect((await update(alpha, acts, { name: 'договоры' })).json().code).toBe('FOLDER_NAME_TAKEN');
    const recased = await update(alpha, acts, { name: 'АКТЫ' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json().name).toBe('АКТЫ');
    // Moving next to a folder of the same name is refused too.
    expect((await update(alpha, inner, { parentId: null })).json().code).toBe('FOLDER_NAME_TAKEN');
    expect(await names(alpha)).toEqual(['АКТЫ', 'Договоры', `${contracts}/договоры`]);
  });

  it('lets only one of two concurrent creates of a name win (the unique index decides)', async () => {
    const results = await Promise.all([
      create(alpha, { name: 'Счета' }),
      create(colleague, { name: 'СЧЕТА' }),
      create(alpha, { name: 'счета' }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([201, 409, 409]);
    expect(results.filter((res) => res.statusCode === 409).map((res) => res.json().code)).toEqual([
      'FOLDER_NAME_TAKEN',
      'FOLDER_NAME_TAKEN',
    ]);
    expect(await names(alpha)).toHaveLength(1);
  });

  it('renames and moves in one call, and moves back to the top level with parentId null', async () => {
    const a = await folder(alpha, 'A');
    const b = await folder(alpha, 'B');
    const moved = await update(colleague, b, { name: 'B2', parentId: a });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual(expect.objectContaining({ id: b, name: 'B2', parentId: a }));
    const unchanged = await update(alpha, b, {});
    expect(unchanged.json()).toEqual(moved.json());
    const top = await update(alpha, b, { parentId: null });
    expect(top.json()).toEqual(expect.objectContaining({ id: b, name: 'B2', parentId: null }));
  });

  it('refuses to move a folder into itself or one of its descendants (FOLDER_CYCLE)', async () => {
    const a = await folder(alpha, 'A');
    const b = await folder(alpha, 'B', a);
    const c = await folder(alpha, 'C', b);
    for (const [moving, into] of [
      [a, a],
      [a, b],
      [a, c],
      [b, c],
    ] as const) {
      const res = await update(alpha, moving, { parentId: into });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'FOLDER_CYCLE',
        message: 'A folder cannot be moved into itself or one of its subfolders',
      });
    }
    // Down the other way is fine: C to the top, then A under C.
    expect((await update(alpha, c, { parentId: null })).statusCode).toBe(200);
    expect((await update(alpha, a, { parentId: c })).statusCode).toBe(200);
    expect(await names(alpha)).toEqual([`${c}/A`, `${a}/B`, 'C']);
  });

  it('lets only one of two crossing moves through, so they cannot make a loop together', async () => {
    const a = await folder(alpha, 'A');
    const b = await folder(alpha, 'B');
    const results = await Promise.all([
      update(alpha, a, { parentId: b }),
      update(colleague, b, { parentId: a }),
    ]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const tree = (await list(alpha)).json() as Array<{ id: number; parentId: number | null }>;
    expect(tree.filter((f) => f.parentId === null)).toHaveLength(1);
  });

  it('answers FOLDER_NOT_FOUND for an unknown parent or folder, and for those of another company', async () => {
    const theirs = await folder(beta, 'Чужая');
    const mine = await folder(alpha, 'Своя');
    const missing = 2_000_000_000;
    for (const parentId of [missing, theirs]) {
      const res = await create(alpha, { name: 'X', parentId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'FOLDER_NOT_FOUND', message: 'Folder not found' });
      expect((await update(alpha, mine, { parentId })).json().code).toBe('FOLDER_NOT_FOUND');
    }
    for (const id of [missing, theirs, Number.MAX_SAFE_INTEGER]) {
      const renamed = await update(alpha, id, { name: 'Моя' });
      expect(renamed.statusCode).toBe(404);
      expect(renamed.json()).toEqual({ code: 'FOLDER_NOT_FOUND', message: 'Folder not found' });
      expect((await remove(alpha, id)).json()).toEqual(renamed.json());
    }
    // Theirs is untouched.
    expect((await list(beta)).json()).toEqual([expect.objectContaining({ id: theirs, name: 'Чужая' })]);
  });

  it('refuses callers outside the company: 401 anonymous, 403 for a member of another company', async () => {
    const mine = await folder(alpha, 'Своя');
    const anonymous = await call(server, 'GET', apiPath(DOCUMENT_PATHS.folders, { bin: ALPHA }));
    expect(anonymous.statusCode).toBe(401);
    for (const res of [
      await list(beta, ALPHA),
      await create(beta, { name: 'Взлом' }, ALPHA),
      await update(beta, mine, { name: 'Взлом' }, ALPHA),
      await remove(beta, mine, ALPHA),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await names(alpha)).toEqual(['Своя']);
  });

  it('deletes a folder with its subtree, tells the listeners in the same transaction; documents stay', async () => {
    const a = await folder(alpha, 'A');
    const b = await folder(alpha, 'B', a);
    const c = await folder(alpha, 'C', b);
    const d = await folder(alpha, 'D', a);
    const e = await folder(alpha, 'E');
    await folder(beta, 'A');
    const res = await remove(colleague, a);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(hookLog.deleted).toEqual([{ bin: ALPHA, folderIds: [a, b, c, d], insideTransaction: true }]);
    expect(await names(alpha)).toEqual(['E']);
    expect(await names(beta)).toEqual(['A']);
    expect((await remove(alpha, a)).statusCode).toBe(404);
    expect((await remove(alpha, b)).statusCode).toBe(404);
    // A leaf goes alone.
    expect((await remove(alpha, e)).statusCode).toBe(204);
    expect(hookLog.deleted.at(-1)).toEqual({ bin: ALPHA, folderIds: [e], insideTransaction: true });
  });

  it('keeps the folders when a listener fails: the delete and the cleanup go together', async () => {
    const a = await folder(alpha, 'A');
    await folder(alpha, 'B', a);
    hookLog.failNextDelete = true;
    const res = await remove(alpha, a);
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('INTERNAL_ERROR');
    expect(await names(alpha)).toEqual(['A', `${a}/B`]);
  });

  it('counts documents per folder through the hook listeners, summed', async () => {
    const a = await folder(alpha, 'A');
    const b = await folder(alpha, 'B');
    hookLog.counts = [
      new Map([[a, 2]]),
      new Map([
        [a, 1],
        [b, 4],
      ]),
    ];
    const listed = (await list(alpha)).json() as Array<{ id: number; documentCount: number }>;
    expect(listed.map((f) => [f.id, f.documentCount])).toEqual([
      [a, 3],
      [b, 4],
    ]);
    expect((await update(alpha, b, { name: 'B2' })).json().documentCount).toBe(4);
  });

  it('tells the documents module whether a folder is the company’s (folderExists)', async () => {
    const { db } = server.services.database;
    const mine = await folder(alpha, 'Своя');
    const theirs = await folder(beta, 'Чужая');
    expect(await folderExists(db, ALPHA, mine)).toBe(true);
    expect(await folderExists(db, BETA, mine)).toBe(false);
    expect(await folderExists(db, ALPHA, theirs)).toBe(false);
    expect(await folderExists(db, ALPHA, 2_000_000_000)).toBe(false);
    expect(await folderExists(db, ALPHA, Number.MAX_SAFE_INTEGER)).toBe(false);
    // Inside a transaction, as moveDocumentToFolder calls it.
    expect(await db.transaction().execute((trx) => folderExists(trx, ALPHA, mine))).toBe(true);
  });
});
