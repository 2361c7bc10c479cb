import {
  type CreateFolderRequest,
  DOCUMENT_PATHS,
  type Folder,
  folderSchema,
  type UpdateFolderRequest,
} from '@qoltanba/core';
import { readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';

const folderListSchema = folderSchema.array();

/** Every folder of the acting company, flat (see `buildFolderTree`); folders are shared by its users. */
export function listFolders(scope?: CompanyScope): Promise<Folder[]> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.folders, {}, scope);
  return readResponse(api.get().json<unknown>(), folderListSchema, client.lang);
}

/**
 * Creates a folder, at the top level or (`parentId`) inside another. The name is required, at most
 * FOLDER_NAME_MAX characters and unique among its siblings (FOLDER_NAME_TAKEN).
 */
export function createFolder(request: CreateFolderRequest, scope?: CompanyScope): Promise<Folder> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.folders, {}, scope);
  return readResponse(api.post(request).json<unknown>(), folderSchema, client.lang);
}

/** Renames and/or moves a folder (`parentId` null: to the top level); FOLDER_CYCLE for a move into itself. */
export function updateFolder(
  folderId: number,
  request: UpdateFolderRequest,
  scope?: CompanyScope,
): Promise<Folder> {
  const { api, client } = companyRequest(DOCUMENT_PATHS.folderById, { folderId }, scope);
  return readResponse(api.put(request).json<unknown>(), folderSchema, client.lang);
}

/** Deletes a folder and its subfolders; the documents in them stay, out of any folder. */
export async function deleteFolder(folderId: number, scope?: CompanyScope): Promise<void> {
  const { api } = companyRequest(DOCUMENT_PATHS.folderById, { folderId }, scope);
  await api.delete().res();
}
