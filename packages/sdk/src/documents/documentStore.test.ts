import { DOCUMENT_PATHS, type DocumentDraft } from '@qoltanba/core';
import { BETA, testServerPerFile } from '@qoltanba/server/testing';
import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectCompany } from '../company/companyStore';
import { createFolder } from '../folders/foldersApi';
import { pdfFile } from '../test-support/files';
import { loggedInOn } from '../test-support/real-server';
import { createDocumentStore, type DocumentStore } from './documentStore';
import { createDocument } from './documentsApi';
import { $documentsVersion } from './documentsVersion';

const signer = { identityNumber: '920715401122', email: 'danyar@example.kz', nameRu: 'Ахметов Данияр' };
const draft: DocumentDraft = { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [signer] };
const stores: DocumentStore[] = [];
const test = testServerPerFile();

async function watched(id: number): Promise<DocumentStore> {
  const store = createDocumentStore(id);
  stores.push(store);
  store.listen(() => {});
  await vi.waitFor(() => expect(store.get().status).not.toBe('loading'));
  return store;
}

describe('document store', () => {
  afterEach(() => {
    cleanStores(...stores.splice(0));
  });

  it('loads the document with its history when watched', async () => {
    await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile()]);
    const store = await watched(id);
    expect(store.get()).toMatchObject({ id, status: 'loaded', error: undefined, pending: [] });
    expect(store.get().document?.name).toBe('Договор поставки');
    // The first view of the day by a company is recorded; the history may be read before or after it.
    expect(store.get().history?.[0]?.type).toBe('CREATE');
  });

  it('keeps the code of a document the acting company does not take part in', async () => {
    await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile()], { bin: BETA.bin });
    const store = await watched(id);
    expect(store.get()).toMatchObject({ status: 'failed', error: 'ENTITY_NOT_FOUND', document: undefined });
    selectCompany(BETA.bin);
    await vi.waitFor(() => expect(store.get().status).toBe('loaded'));
    expect(store.get().document?.sender.bin).toBe(BETA.bin);
  });

  it('runs actions once at a time, keeps the answer and tells the lists', async () => {
    const { server } = await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile()]);
    const store = await watched(id);
    const version = $documentsVersion.get();
    const first = store.send();
    expect(store.get().pending).toEqual(['send']);
    expect(store.send()).toBe(first);
    await first;
    expect(server.callsTo(['POST', DOCUMENT_PATHS.send])).toHaveLength(1);
    expect(store.get().document?.status).toBe('AT_SIGNING');
    expect(store.get().pending).toEqual([]);
    expect($documentsVersion.get()).toBeGreaterThan(version);
    await vi.waitFor(() =>
      expect(store.get().history?.map((event) => event.type)).toEqual(['CREATE', 'VIEW', 'SEND', 'RECEIVE']),
    );

    expect((await store.trash()).status).toBe('TRASH');
    expect(store.get().document?.trash?.daysLeft).toBe(30);
    expect((await store.restore()).status).toBe('AT_SIGNING');
    const copy = await store.copy();
    expect(copy.id).not.toBe(id);
    expect(store.get().document?.id).toBe(id);
  });

  it('keeps the code of a refused action and rejects with it', async () => {
    await loggedInOn(test.server);
    const { id } = await createDocument({ ...draft, signers: [] }, [pdfFile()]);
    const store = await watched(id);
    await expect(store.send()).rejects.toMatchObject({ code: 'SIGNERS_REQUIRED' });
    expect(store.get()).toMatchObject({ error: 'SIGNERS_REQUIRED', pending: [] });
    expect(store.get().document?.status).toBe('DRAFT');
  });

  it('moves the document into a folder of the acting company', async () => {
    await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile()]);
    const archive = await createFolder({ name: 'Архив' });
    const store = await watched(id);
    expect((await store.moveToFolder(archive.id)).folderId).toBe(archive.id);
    expect(store.get().document?.folderId).toBe(archive.id);
    await expect(store.moveToFolder(archive.id + 1)).rejects.toMatchObject({ code: 'FOLDER_NOT_FOUND' });
  });
});
