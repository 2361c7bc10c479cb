import { DOCUMENT_PATHS, folderSchema } from '@qoltanba/core';
import { ALFA, BETA, testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { createDocument, moveDocumentToFolder } from '../documents/documentsApi';
import { loggedInOn } from '../test-support/real-server';
import { createFolder, deleteFolder, listFolders, updateFolder } from './foldersApi';

const test = testServerPerFile();

async function codeOf(pending: Promise<unknown>) {
  return pending.then(
    () => 'resolved',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );
}

const pdf = () => new File(['%PDF-1.4\n%folders\n%%EOF\n'], 'contract.pdf', { type: 'application/pdf' });

describe('folders API', () => {
  it('creates, lists, renames, moves and deletes folders of the acting company', async () => {
    const { server } = await loggedInOn(test.server);
    const contracts = await createFolder({ name: '  Договоры ' });
    expect(folderSchema.parse(contracts)).toMatchObject({
      name: 'Договоры',
      parentId: null,
      documentCount: 0,
    });
    const year = await createFolder({ name: '2026', parentId: contracts.id });
    expect(year.parentId).toBe(contracts.id);
    expect((await listFolders()).map((folder) => folder.name)).toEqual(['2026', 'Договоры']);
    expect(await listFolders({ bin: BETA.bin })).toEqual([]);

    expect((await updateFolder(year.id, { name: '2027' })).name).toBe('2027');
    expect((await updateFolder(year.id, { parentId: null })).parentId).toBeNull();
    await updateFolder(year.id, { parentId: contracts.id });

    const { id } = await createDocument(
      { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [] },
      [pdf()],
    );
    await moveDocumentToFolder(id, year.id);
    expect((await listFolders()).find((folder) => folder.id === year.id)?.documentCount).toBe(1);

    await deleteFolder(contracts.id);
    expect(await listFolders()).toEqual([]);
    const document = await server.documents.view({ id }, { user: 'aigerim', company: ALFA });
    expect(document.folderId ?? null).toBeNull();
    expect(server.callsTo(['DELETE', DOCUMENT_PATHS.folderById])).toHaveLength(1);
  });

  it('refuses a missing or taken name, an unknown folder and a cycle', async () => {
    await loggedInOn(test.server);
    const top = await createFolder({ name: 'Акты' });
    const child = await createFolder({ name: 'Январь', parentId: top.id });
    expect(await codeOf(createFolder({ name: '  ' }))).toBe('400 FOLDER_NAME_REQUIRED');
    expect(await codeOf(createFolder({ name: 'x'.repeat(101) }))).toBe('400 FOLDER_NAME_TOO_LONG');
    expect(await codeOf(createFolder({ name: 'акты' }))).toBe('409 FOLDER_NAME_TAKEN');
    expect(await codeOf(createFolder({ name: 'Акты', parentId: top.id }))).toBe('resolved');
    expect(await codeOf(createFolder({ name: 'Февраль', parentId: 999 }))).toBe('404 FOLDER_NOT_FOUND');
    expect(await codeOf(updateFolder(top.id, { parentId: child.id }))).toBe('409 FOLDER_CYCLE');
    expect(await codeOf(updateFolder(top.id, { parentId: top.id }))).toBe('409 FOLDER_CYCLE');
    expect(await codeOf(deleteFolder(child.id, { bin: BETA.bin }))).toBe('404 FOLDER_NOT_FOUND');
  });
});
