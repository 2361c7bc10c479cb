import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as sdk from './index';

describe('public entry', () => {
  // An added or removed export shows up in review through this list.
  it('exports exactly this list', () => {
    expect(Object.keys(sdk).sort()).toMatchInlineSnapshot(`
      [
        "$actingCompanyBin",
        "$auth",
        "$avatarVersion",
        "$companies",
        "$companiesLoad",
        "$counterparties",
        "$currentCompany",
        "$documentsVersion",
        "$folderTree",
        "$folders",
        "$loading",
        "$locale",
        "$mobileApp",
        "$profile",
        "$selectedCompanyBin",
        "$snackbars",
        "ApiError",
        "IDENTITY_NOTE_KEY",
        "QUERY_DEFAULTS",
        "SESSION_STORAGE_KEYS",
        "actingCompanyBin",
        "addDocumentFiles",
        "addTranslations",
        "attachByIin",
        "avatarUrl",
        "buildFolderTree",
        "cabinetHomePath",
        "clientApiError",
        "commonTranslations",
        "completeRegistration",
        "confirmAttachByIin",
        "contentDispositionFileName",
        "copyDocument",
        "createApiClient",
        "createCounterparty",
        "createDocument",
        "createDocumentListStore",
        "createDocumentStore",
        "createDraftEditor",
        "createFolder",
        "createMemoryStorage",
        "createQoltanbaClient",
        "createQueryContext",
        "currentCompanyOf",
        "deleteCookie",
        "deleteCounterparty",
        "deleteDocumentFile",
        "deleteFolder",
        "detectMobileApp",
        "dismissSnackbar",
        "documentFileUrl",
        "documentList",
        "documentListSearch",
        "documentPreviewUrl",
        "documentStore",
        "downloadDocumentFile",
        "errorCodeOf",
        "fetchAvatar",
        "fetchUploadTransport",
        "getDocument",
        "getDocumentHistory",
        "getT",
        "i18n",
        "initErrorReporting",
        "initLocale",
        "initSession",
        "invalidateDocuments",
        "isApiError",
        "isDesktopWidth",
        "listCounterparties",
        "listDocuments",
        "listFolders",
        "loadProfile",
        "loginWithCode",
        "loginWithPassword",
        "logout",
        "lookupRegistry",
        "moveDocumentToFolder",
        "multipartLayout",
        "parseApiError",
        "partProgress",
        "pickSelectedBin",
        "previewDocumentFile",
        "queryErrorRetry",
        "readCookie",
        "recoverPassword",
        "refreshTokens",
        "reloadCompanies",
        "reportError",
        "requestCode",
        "requestRecoveryCode",
        "restoreDocument",
        "retryDelay",
        "selectCompany",
        "sendDocument",
        "setLocale",
        "setMainCompany",
        "showSnackbar",
        "trackLastProjectHref",
        "translateError",
        "trashDocument",
        "updateCounterparty",
        "updateDocument",
        "updateFolder",
        "updateProfile",
        "uploadAvatar",
        "verifyRegistrationCode",
        "writeCookie",
        "xhrUploadTransport",
      ]
    `);
  });

  // `export *` would let any new export of a folder slip into the package unseen; entries list names.
  it('names every export: no `export *` in the entry or its folder entries', () => {
    const src = fileURLToPath(new URL('.', import.meta.url));
    const entries = [
      'index.ts',
      ...readdirSync(src, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(src, entry.name, 'index.ts')))
        .map((entry) => join(entry.name, 'index.ts')),
    ];
    expect(entries.length).toBeGreaterThan(5);
    for (const file of entries) {
      expect(readFileSync(join(src, file), 'utf8'), file).not.toMatch(/export\s+(type\s+)?\*/);
    }
  });
});
