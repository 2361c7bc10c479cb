import {
  counterpartySchema,
  DOCUMENT_PATHS,
  documentSchema,
  type Folder,
  folderSchema,
} from '@qoltanba/core';
import {
  A_BIN,
  B_BIN,
  companyPath,
  docPath,
  documentMeaning,
  ok,
  refused,
  type Step,
} from '../table-support';

/** Folders and counterparties of a company. */
export const folderAndCounterpartySteps: Step[] = [
  // ----- folders -----
  {
    name: 'creating a folder',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: 'Договоры' },
    }),
    expect: ok(folderSchema, 201),
    same: (folder: Folder) => [folder.name, folder.parentId, folder.documentCount],
    keep: (context, body: Folder) => {
      context.ids.folder = body.id;
    },
  },
  {
    name: 'a folder name taken by a sibling (any case)',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: 'ДОГОВОРЫ' },
    }),
    expect: refused('FOLDER_NAME_TAKEN'),
  },
  {
    name: 'a folder without a name',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: '  ' },
    }),
    expect: refused('FOLDER_NAME_REQUIRED'),
  },
  {
    name: 'a folder name with a control character',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: 'Акты\u0007' },
    }),
    expect: refused('CONTROL_CHARACTERS'),
  },
  {
    name: 'a search text with a NUL character',
    request: () => ({
      method: 'GET',
      path: `${companyPath(DOCUMENT_PATHS.documents)}?box=draft&q=a%00b`,
      as: 'a',
    }),
    expect: refused('CONTROL_CHARACTERS'),
  },
  {
    name: 'a subfolder',
    request: (context) => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.folders),
      as: 'a',
      json: { name: '2026', parentId: context.ids.folder },
    }),
    expect: ok(folderSchema, 201),
    same: (folder: Folder) => [folder.name, folder.parentId !== null],
    keep: (context, body: Folder) => {
      context.ids.subfolder = body.id;
    },
  },
  {
    name: 'moving a folder into its own subfolder',
    request: (context) => ({
      method: 'PUT',
      path: companyPath(DOCUMENT_PATHS.folderById, A_BIN, { folderId: String(context.ids.folder) }),
      as: 'a',
      json: { parentId: context.ids.subfolder },
    }),
    expect: refused('FOLDER_CYCLE'),
  },
  {
    name: 'renaming a folder',
    request: (context) => ({
      method: 'PUT',
      path: companyPath(DOCUMENT_PATHS.folderById, A_BIN, { folderId: String(context.ids.subfolder) }),
      as: 'a',
      json: { name: '2027' },
    }),
    expect: ok(folderSchema),
    same: (folder: Folder) => folder.name,
  },
  {
    name: 'filing the document in the subfolder',
    request: (context) => ({
      method: 'PUT',
      path: docPath(DOCUMENT_PATHS.folder, context),
      as: 'a',
      json: { folderId: context.ids.subfolder },
    }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },
  {
    name: 'filing it in a folder the company does not have',
    request: (context) => ({
      method: 'PUT',
      path: docPath(DOCUMENT_PATHS.folder, context),
      as: 'a',
      json: { folderId: 999999 },
    }),
    expect: refused('FOLDER_NOT_FOUND', 404),
  },
  {
    name: 'the folders with their document counts',
    request: () => ({ method: 'GET', path: companyPath(DOCUMENT_PATHS.folders), as: 'a' }),
    expect: ok(folderSchema.array()),
    same: (folders: Folder[]) => folders.map((folder) => [folder.name, folder.documentCount]),
  },
  {
    name: 'the folder of another company answers as missing',
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(DOCUMENT_PATHS.folderById, B_BIN, { folderId: String(context.ids.folder) }),
      as: 'b',
    }),
    expect: refused('FOLDER_NOT_FOUND', 404),
  },
  {
    name: 'deleting a folder with its subfolders',
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(DOCUMENT_PATHS.folderById, A_BIN, { folderId: String(context.ids.folder) }),
      as: 'a',
    }),
    expect: { status: 204 },
  },
  {
    name: 'the document left the deleted folder',
    request: (context) => ({ method: 'GET', path: docPath(DOCUMENT_PATHS.document, context), as: 'a' }),
    expect: ok(documentSchema),
    same: documentMeaning,
  },

  // ----- counterparties -----
  {
    name: 'adding a counterparty',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.counterparties),
      as: 'a',
      json: {
        identityNumber: B_BIN,
        nameRu: 'ИП Бекова',
        emails: ['Office@Example.kz', 'office@example.kz'],
      },
    }),
    expect: ok(counterpartySchema, 201),
    same: (entry: { identityNumber: string; emails: string[]; nameKk: string | null }) => [
      entry.identityNumber,
      entry.emails,
      entry.nameKk,
    ],
    keep: (context, body: { id: number }) => {
      context.ids.counterparty = body.id;
    },
  },
  {
    name: 'the same BIN/IIN twice',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.counterparties),
      as: 'a',
      json: { identityNumber: B_BIN, nameRu: 'Другое имя', emails: ['x@example.kz'] },
    }),
    expect: refused('COUNTERPARTY_EXISTS'),
  },
  {
    name: 'a counterparty with an invalid BIN/IIN',
    request: () => ({
      method: 'POST',
      path: companyPath(DOCUMENT_PATHS.counterparties),
      as: 'a',
      json: { identityNumber: '850312300458', nameRu: 'ИП Бекова', emails: ['x@example.kz'] },
    }),
    expect: refused('IDENTITY_NUMBER_INVALID'),
  },
  {
    name: 'searching counterparties by the start of the BIN/IIN',
    request: () => ({ method: 'GET', path: `${companyPath(DOCUMENT_PATHS.counterparties)}?q=8503`, as: 'a' }),
    expect: ok(counterpartySchema.array()),
    same: (entries: { identityNumber: string }[]) => entries.map((entry) => entry.identityNumber),
  },
  {
    name: 'replacing a counterparty',
    request: (context) => ({
      method: 'PUT',
      path: companyPath(DOCUMENT_PATHS.counterparty, A_BIN, {
        counterpartyId: String(context.ids.counterparty),
      }),
      as: 'a',
      json: {
        identityNumber: B_BIN,
        nameRu: 'ИП Бекова А. С.',
        nameKk: 'ЖК Бекова',
        emails: ['office@example.kz'],
      },
    }),
    expect: ok(counterpartySchema),
    same: (entry: { nameRu: string; nameKk: string | null }) => [entry.nameRu, entry.nameKk],
  },
  {
    name: 'a counterparty that does not exist',
    request: () => ({
      method: 'PUT',
      path: companyPath(DOCUMENT_PATHS.counterparty, A_BIN, { counterpartyId: '999999' }),
      as: 'a',
      json: { identityNumber: B_BIN, nameRu: 'ИП Бекова', emails: ['office@example.kz'] },
    }),
    expect: refused('COUNTERPARTY_NOT_FOUND', 404),
  },
  {
    name: 'the counterparties of a company of someone else',
    request: () => ({ method: 'GET', path: companyPath(DOCUMENT_PATHS.counterparties, A_BIN), as: 'b' }),
    expect: refused('FORBIDDEN'),
  },
  {
    name: 'deleting a counterparty',
    request: (context) => ({
      method: 'DELETE',
      path: companyPath(DOCUMENT_PATHS.counterparty, A_BIN, {
        counterpartyId: String(context.ids.counterparty),
      }),
      as: 'a',
    }),
    expect: { status: 204 },
  },
];
