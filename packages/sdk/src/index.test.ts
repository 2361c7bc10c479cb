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
        "$auth",
        "$avatarVersion",
        "$companies",
        "$companiesLoad",
        "$currentCompany",
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
        "addTranslations",
        "attachByIin",
        "avatarUrl",
        "cabinetHomePath",
        "commonTranslations",
        "completeRegistration",
        "confirmAttachByIin",
        "createApiClient",
        "createMemoryStorage",
        "createQoltanbaClient",
        "createQueryContext",
        "currentCompanyOf",
        "deleteCookie",
        "detectMobileApp",
        "dismissSnackbar",
        "fetchAvatar",
        "getT",
        "i18n",
        "initErrorReporting",
        "initLocale",
        "initSession",
        "isApiError",
        "isDesktopWidth",
        "loadProfile",
        "loginWithCode",
        "loginWithPassword",
        "logout",
        "lookupRegistry",
        "parseApiError",
        "pickSelectedBin",
        "queryErrorRetry",
        "readCookie",
        "recoverPassword",
        "refreshTokens",
        "reloadCompanies",
        "reportError",
        "requestCode",
        "requestRecoveryCode",
        "retryDelay",
        "selectCompany",
        "setLocale",
        "setMainCompany",
        "showSnackbar",
        "trackLastProjectHref",
        "translateError",
        "updateProfile",
        "uploadAvatar",
        "verifyRegistrationCode",
        "writeCookie",
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
