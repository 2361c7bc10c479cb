import type { CreateFolderRequest, Folder, UpdateFolderRequest } from '@qoltanba/core';
import { computed, type ReadableAtom } from 'nanostores';
import { type CompanyListStore, createCompanyListStore } from '../company/companyListStore';
import { invalidateDocuments } from '../documents/documentsVersion';
import { createFolder, deleteFolder, listFolders, updateFolder } from './foldersApi';

/** A folder with its subfolders, for a tree view. */
export interface FolderNode {
  folder: Folder;
  children: FolderNode[];
  /** Steps from the top level (0 for a top-level folder). */
  depth: number;
}

/**
 * Builds the folder tree from the server's flat list (each folder with its `parentId`), keeping the list's
 * order among siblings. A folder whose parent is missing, or that sits in a cycle, shows at the top level,
 * so no folder is ever lost.
 *
 * @example buildFolderTree(await listFolders()).map((node) => node.folder.name)
 */
export function buildFolderTree(folders: readonly Folder[]): FolderNode[] {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  const children = new Map<number | null, Folder[]>();
  for (const folder of folders) {
    const parent = folder.parentId !== null && reachesTop(folder, byId) ? folder.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), folder]);
  }
  const grow = (parent: number | null, depth: number): FolderNode[] =>
    (children.get(parent) ?? []).map((folder) => ({ folder, depth, children: grow(folder.id, depth + 1) }));
  return grow(null, 0);
}

/** True when following parents from `folder` ends at the top level (no missing parent, no cycle). */
function reachesTop(folder: Folder, byId: ReadonlyMap<number, Folder>): boolean {
  const seen = new Set<number>([folder.id]);
  let parentId = folder.parentId;
  while (parentId !== null) {
    const parent = byId.get(parentId);
    if (!parent || seen.has(parent.id)) return false;
    seen.add(parent.id);
    parentId = parent.parentId;
  }
  return true;
}

/** The acting company's folders with the actions on them; see {@link $folders}. */
export interface FoldersStore extends CompanyListStore<Folder> {
  /** Creates a folder (in `parentId`, else at the top level) and reloads the list. Rejects with ApiError. */
  create(request: CreateFolderRequest): Promise<Folder>;
  /** Renames and/or moves a folder and reloads the list. */
  update(folderId: number, request: UpdateFolderRequest): Promise<Folder>;
  /** Deletes a folder with its subfolders, reloads the list and tells the document lists. */
  remove(folderId: number): Promise<void>;
}

const folders = createCompanyListStore('folders', (signal) => listFolders({ signal }));

/**
 * The acting company's folders, flat as the server lists them (by name): loads when watched and when the
 * acting company changes. `$folderTree` gives them as a tree.
 *
 * @example
 * $folderTree.subscribe((tree) => render(tree));
 * await $folders.create({ name: 'Договоры' });
 */
export const $folders: FoldersStore = Object.assign(folders, {
  async create(request: CreateFolderRequest) {
    const folder = await createFolder(request);
    if (folders.lc > 0) await folders.reload();
    return folder;
  },
  async update(folderId: number, request: UpdateFolderRequest) {
    const folder = await updateFolder(folderId, request);
    if (folders.lc > 0) await folders.reload();
    return folder;
  },
  async remove(folderId: number) {
    await deleteFolder(folderId);
    if (folders.lc > 0) await folders.reload();
    invalidateDocuments();
  },
});

/** {@link $folders} as a tree ({@link buildFolderTree}). */
export const $folderTree: ReadableAtom<FolderNode[]> = computed(folders, (state) =>
  buildFolderTree(state.items),
);
