import {
  companyParamsSchema,
  createFolderRequestSchema,
  documentParamsSchema,
  folderParamsSchema,
  moveToFolderRequestSchema,
  updateFolderRequestSchema,
} from '@qoltanba/core';
import { type FakeContext, json, noContent, parseInput, refuse } from '../fakeHttp';
import type { DocumentsParts } from './parts';
import type { FakeFolderRecord } from './records';
import { compareText } from './textOrder';

// A company's folders (a tree; names unique among siblings, no cycles) and putting a document in one.

/** The folder routes, and moving a document into a folder. */
export function folderRoutes({
  store,
  access: { actingCompany, findDocument },
  views: { documentView },
}: DocumentsParts) {
  const { documents, folders, newId, iso } = store;

  function moveDocumentToFolder(context: FakeContext): Response {
    const params = parseInput(documentParamsSchema, context.params);
    const { folderId } = parseInput(moveToFolderRequestSchema, context.rawBody);
    actingCompany(context, params.bin);
    const target = findDocument(params.id, params.bin);
    if (folderId === null) target.folderOf.delete(params.bin);
    else target.folderOf.set(params.bin, ownFolder(folderId, params.bin).id);
    return json(200, documentView(target, params.bin));
  }

  function ownFolder(id: number, bin: string): FakeFolderRecord {
    const folder = folders.get(id);
    if (!folder || folder.bin !== bin) refuse('FOLDER_NOT_FOUND');
    return folder;
  }

  function plainFolder({ bin, ...folder }: FakeFolderRecord) {
    let documentCount = 0;
    for (const entry of documents.values()) if (entry.folderOf.get(bin) === folder.id) documentCount += 1;
    return { ...folder, documentCount };
  }

  function uniqueName(bin: string, parentId: number | null, name: string, except?: number): void {
    const taken = [...folders.values()].some(
      (folder) =>
        folder.bin === bin &&
        folder.parentId === parentId &&
        folder.id !== except &&
        folder.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken) refuse('FOLDER_NAME_TAKEN');
  }

  function descendants(id: number): Set<number> {
    const found = new Set([id]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const folder of folders.values()) {
        if (folder.parentId !== null && found.has(folder.parentId) && !found.has(folder.id)) {
          found.add(folder.id);
          grew = true;
        }
      }
    }
    return found;
  }

  function listFolders(context: FakeContext): Response {
    const { bin } = parseInput(companyParamsSchema, context.params);
    actingCompany(context, bin);
    const own = [...folders.values()]
      .filter((folder) => folder.bin === bin)
      .sort((a, b) => compareText(a.name, b.name) || a.id - b.id);
    return json(200, own.map(plainFolder));
  }

  function createFolder(context: FakeContext): Response {
    const { bin } = parseInput(companyParamsSchema, context.params);
    const body = parseInput(createFolderRequestSchema, context.rawBody);
    actingCompany(context, bin);
    const parentId = body.parentId ?? null;
    if (parentId !== null) ownFolder(parentId, bin);
    uniqueName(bin, parentId, body.name);
    const folder: FakeFolderRecord = {
      id: newId('folder'),
      bin,
      name: body.name,
      parentId,
      createdAt: iso(),
    };
    folders.set(folder.id, folder);
    return json(201, plainFolder(folder));
  }

  function updateFolder(context: FakeContext): Response {
    const { bin, folderId } = parseInput(folderParamsSchema, context.params);
    const body = parseInput(updateFolderRequestSchema, context.rawBody);
    actingCompany(context, bin);
    const folder = ownFolder(folderId, bin);
    const parentId = body.parentId === undefined ? folder.parentId : body.parentId;
    if (parentId !== null) {
      ownFolder(parentId, bin);
      if (descendants(folder.id).has(parentId)) refuse('FOLDER_CYCLE');
    }
    const name = body.name ?? folder.name;
    uniqueName(bin, parentId, name, folder.id);
    folder.name = name;
    folder.parentId = parentId;
    return json(200, plainFolder(folder));
  }

  function deleteFolder(context: FakeContext): Response {
    const { bin, folderId } = parseInput(folderParamsSchema, context.params);
    actingCompany(context, bin);
    const removed = descendants(ownFolder(folderId, bin).id);
    for (const id of removed) folders.delete(id);
    for (const entry of documents.values()) {
      const kept = entry.folderOf.get(bin);
      if (kept !== undefined && removed.has(kept)) entry.folderOf.delete(bin);
    }
    return noContent();
  }

  return { moveDocumentToFolder, listFolders, createFolder, updateFolder, deleteFolder };
}
