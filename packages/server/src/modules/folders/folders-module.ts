import {
  companyParamsSchema,
  createFolderRequestSchema,
  DOCUMENT_PATHS,
  type Folder,
  folderParamsSchema,
  folderSchema,
  updateFolderRequestSchema,
} from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import type { AppModule } from '../module.js';
import type { FolderDocumentCounts } from '../module-hooks.js';
import { requireCompanyUser } from '../registry/index.js';
import {
  createFolder,
  deleteFolderTree,
  listFolders,
  type StoredFolder,
  updateFolder,
} from './folder-store.js';

export { folderExists } from './folder-store.js';

const TAGS = ['folders'];

/**
 * Folders of a company (SPEC section 6: shared by all its users): a tree with subfolders. Every route needs a
 * member of `:bin` (401 / 403); a folder of another company answers FOLDER_NOT_FOUND like a missing one.
 * Documents live in the documents module, which keeps its own folder references: this module counts them and
 * clears them through `context.hooks` (`folderDocumentCounts`, `foldersDeleted`), and exports
 * `folderExists` for its move route.
 */
export const foldersModule: AppModule = {
  name: 'folders',
  register({ route, services, hooks }) {
    const { db } = services.database;
    const { clock } = services;

    async function documentCounts(bin: string): Promise<FolderDocumentCounts> {
      const totals = new Map<number, number>();
      for (const counts of await hooks.folderDocumentCounts.run({ db, bin })) {
        for (const [id, count] of counts) totals.set(id, (totals.get(id) ?? 0) + count);
      }
      return totals;
    }
    const withCount = (folder: StoredFolder, counts: FolderDocumentCounts): Folder => ({
      ...folder,
      documentCount: counts.get(folder.id) ?? 0,
    });

    route(
      defineRoute({
        method: 'GET',
        url: DOCUMENT_PATHS.folders,
        operationId: 'listFolders',
        summary:
          "The company's folders, flat: each with its parentId and the number of documents directly in it",
        tags: TAGS,
        auth: true,
        params: companyParamsSchema,
        response: z.array(folderSchema),
        handler: async ({ request, params }) => {
          await requireCompanyUser(request, db, params.bin);
          const folders = await listFolders(db, params.bin);
          const counts = await documentCounts(params.bin);
          return folders.map((folder) => withCount(folder, counts));
        },
      }),
    );

    route(
      defineRoute({
        method: 'POST',
        url: DOCUMENT_PATHS.folders,
        operationId: 'createFolder',
        summary: 'Create a folder, or a subfolder with parentId',
        description:
          'FOLDER_NAME_TAKEN when a sibling has the name (case does not matter), FOLDER_NOT_FOUND for an unknown parent.',
        tags: TAGS,
        auth: true,
        params: companyParamsSchema,
        body: createFolderRequestSchema,
        response: folderSchema,
        status: 201,
        handler: async ({ request, params, body }) => {
          await requireCompanyUser(request, db, params.bin);
          const folder = await createFolder(db, params.bin, body, clock());
          return withCount(folder, new Map());
        },
      }),
    );

    route(
      defineRoute({
        method: 'PUT',
        url: DOCUMENT_PATHS.folderById,
        operationId: 'updateFolder',
        summary: 'Rename a folder and/or move it (parentId; null for the top level)',
        description:
          'FOLDER_CYCLE for a move into itself or one of its subfolders; FOLDER_NAME_TAKEN when a sibling at the ' +
          'destination has the name; FOLDER_NOT_FOUND for an unknown folder or parent.',
        tags: TAGS,
        auth: true,
        params: folderParamsSchema,
        body: updateFolderRequestSchema,
        response: folderSchema,
        handler: async ({ request, params, body }) => {
          await requireCompanyUser(request, db, params.bin);
          const folder = await updateFolder(db, params.bin, params.folderId, body);
          return withCount(folder, await documentCounts(params.bin));
        },
      }),
    );

    route(
      defineRoute({
        method: 'DELETE',
        url: DOCUMENT_PATHS.folderById,
        operationId: 'deleteFolder',
        summary: 'Delete a folder with all its subfolders; their documents stay, out of any folder',
        tags: TAGS,
        auth: true,
        params: folderParamsSchema,
        response: z.undefined(),
        status: 204,
        handler: async ({ request, params }) => {
          await requireCompanyUser(request, db, params.bin);
          await deleteFolderTree(db, params.bin, params.folderId, async (trx, folderIds) => {
            await hooks.foldersDeleted.run({ trx, bin: params.bin, folderIds });
          });
          return undefined;
        },
      }),
    );
  },
};
