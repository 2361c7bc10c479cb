import { DOCUMENT_PATHS, type DocumentDraft } from '@qoltanba/core';
import { BETA, errorResponse, type RecordedCall, testServerPerFile } from '@qoltanba/server/testing';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../auth/authActions';
import { selectCompany } from '../company/companyStore';
import { pdfFile } from '../test-support/files';
import { loggedInOn } from '../test-support/real-server';
import { createDocumentListStore, type DocumentListStore } from './documentListStore';
import { createDocument } from './documentsApi';
import { invalidateDocuments } from './documentsVersion';

const draft: DocumentDraft = { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [] };
const stores: DocumentListStore[] = [];
const test = testServerPerFile();

function watched(store: DocumentListStore): DocumentListStore {
  stores.push(store);
  store.listen(() => {});
  return store;
}

async function drafts(count: number, bin?: string) {
  for (let index = 1; index <= count; index += 1) {
    await createDocument({ ...draft, name: `Договор номер ${index}` }, [pdfFile()], bin ? { bin } : {});
  }
}

describe('document list store', () => {
  afterEach(() => {
    cleanStores(...stores.splice(0));
  });

  it('loads nothing until used, then the first page of its box', async () => {
    const { server } = await loggedInOn(test.server);
    await drafts(2);
    const list = createDocumentListStore('draft');
    expect(server.callsTo(['GET', DOCUMENT_PATHS.documents])).toHaveLength(0);
    watched(list);
    expect(list.get().status).toBe('loading');
    await vi.waitFor(() => expect(list.get().status).toBe('loaded'));
    expect(list.get().items.map((item) => item.name)).toEqual(['Договор номер 2', 'Договор номер 1']);
    expect(list.get().hasMore).toBe(false);
  });

  it('loads more pages by keyset cursor; concurrent calls share one request', async () => {
    const { server } = await loggedInOn(test.server);
    await drafts(5);
    const list = watched(createDocumentListStore('draft', 2));
    await vi.waitFor(() => expect(list.get().status).toBe('loaded'));
    expect(list.get().items.map((item) => item.number)).toEqual([5, 4]);
    const before = server.callsTo(['GET', DOCUMENT_PATHS.documents]).length;
    await Promise.all([list.loadMore(), list.loadMore()]);
    expect(server.callsTo(['GET', DOCUMENT_PATHS.documents]).length).toBe(before + 1);
    expect(list.get().items.map((item) => item.number)).toEqual([5, 4, 3, 2]);
    await list.loadMore();
    expect(list.get()).toMatchObject({ hasMore: false, loadingMore: false });
    expect(list.get().items.map((item) => item.number)).toEqual([5, 4, 3, 2, 1]);
    await list.loadMore();
    expect(server.callsTo(['GET', DOCUMENT_PATHS.documents]).length).toBe(before + 2);
  });

  it('applies filter, search, folder and sort and reloads from the first page', async () => {
    const { server } = await loggedInOn(test.server);
    await drafts(3);
    const list = watched(createDocumentListStore('draft'));
    await vi.waitFor(() => expect(list.get().status).toBe('loaded'));
    await list.setOptions({ q: 'номер 2' });
    expect(list.get().items.map((item) => item.name)).toEqual(['Договор номер 2']);
    await list.setOptions({ sort: 'number', order: 'asc', filter: 'needToSign' });
    // The search stays; a filter the box does not offer is dropped rather than sent.
    expect(list.get().options).toEqual({ q: 'номер 2', sort: 'number', order: 'asc', filter: undefined });
    expect(list.get().items.map((item) => item.number)).toEqual([2]);
    await list.setOptions({ q: undefined, filter: 'draft' });
    expect(list.get().items.map((item) => item.number)).toEqual([1, 2, 3]);
    const last = server.callsTo(['GET', DOCUMENT_PATHS.documents]).at(-1);
    expect(last?.path).toMatch(/\/documents$/);
  });

  it('reloads when the acting company changes, and forgets its rows without one', async () => {
    await loggedInOn(test.server);
    await drafts(2);
    await drafts(1, BETA.bin);
    const list = watched(createDocumentListStore('draft'));
    await vi.waitFor(() => expect(list.get().items).toHaveLength(2));
    selectCompany(BETA.bin);
    await vi.waitFor(() => expect(list.get().items).toHaveLength(1));
    expect(list.get().items[0]?.sender.bin).toBe(BETA.bin);
    await logout();
    await vi.waitFor(() => expect(list.get()).toMatchObject({ status: 'idle', items: [] }));
  });

  it('reloads when documents change through the sdk', async () => {
    await loggedInOn(test.server);
    const list = watched(createDocumentListStore('draft'));
    await vi.waitFor(() => expect(list.get().status).toBe('loaded'));
    await drafts(1);
    expect(list.get().items).toHaveLength(0);
    invalidateDocuments();
    await vi.waitFor(() => expect(list.get().items).toHaveLength(1));
  });

  it('keeps the error code of a failed page', async () => {
    const { server } = await loggedInOn(test.server);
    server.intercept(['GET', DOCUMENT_PATHS.documents], () => errorResponse(400, 'QUERY_PARAM_TOO_LONG'));
    const list = watched(createDocumentListStore('incoming'));
    await vi.waitFor(() => expect(list.get().status).toBe('failed'));
    expect(list.get()).toMatchObject({ error: 'QUERY_PARAM_TOO_LONG', items: [] });
  });

  it('drops a page that arrives after a newer load started', async () => {
    const { server } = await loggedInOn(test.server);
    await drafts(2);
    let release = () => {};
    let answered = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const lateAnswer = new Promise<void>((resolve) => (answered = resolve));
    // The first page waits for release, then is answered by the server and reaches the store late.
    const stop = server.intercept(['GET', DOCUMENT_PATHS.documents], async (call: RecordedCall) => {
      stop();
      await held;
      const response = await server.directFetch(`${server.baseUrl}${call.path}?${call.query}`, {
        headers: call.headers,
      });
      setTimeout(answered, 0);
      return response;
    });
    const list = watched(createDocumentListStore('draft'));
    await vi.waitFor(() => expect(server.callsTo(['GET', DOCUMENT_PATHS.documents])).toHaveLength(1));
    // A new search while the first page is held: the held answer must not replace its result.
    await list.setOptions({ q: 'номер 1' });
    expect(list.get().items.map((item) => item.name)).toEqual(['Договор номер 1']);
    release();
    await lateAnswer;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(list.get().items.map((item) => item.name)).toEqual(['Договор номер 1']);
    expect(list.get().status).toBe('loaded');
  });
});
