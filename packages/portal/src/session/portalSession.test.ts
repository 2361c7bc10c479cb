import { ACCOUNT_PATHS, type Company, PROFILE_PATHS, SIGNING_PATHS } from '@qoltanba/core';
import {
  $auth,
  $companies,
  $companiesLoad,
  $currentCompany,
  $selectedCompanyBin,
  currentCompanyOf,
  loadSigningConfig,
  loginWithPassword,
  logout,
  reloadCompanies,
  resetSigningConfig,
  SESSION_STORAGE_KEYS,
} from '@qoltanba/sdk';
import { ALFA, addUser, BETA, INDIVIDUAL, NEWCOMER } from '@qoltanba/server/testing';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { $authDialogOpen, openAuthDialog } from '../auth/authDialog';
import { portalServerPerFile } from '../test/serverSession';
import {
  AFTER_LOGOUT_PATH,
  createPortalClient,
  embeddedClientOverrides,
  startEmbeddedSession,
} from './portalSession';

// aigerim's companies come ordered by BIN: АО «Бета» (020540003431) first, then ТОО «Альфа» (990340005977), her
// main company.
const test = portalServerPerFile();
const COMPANIES = ['GET', PROFILE_PATHS.companies] as const;
const INTERNAL_ERROR = { code: 'INTERNAL_ERROR', message: 'Internal Server Error' };

describe('portal session', () => {
  // SPEC section 4: the stored bin when it is in the list, otherwise the first company; the main company
  // is what is used while no bin is selected.
  it('restores a stored session without a stored selection: the first company is selected, even if another is main', async () => {
    await test.start();
    expect($auth.get().status).toBe('authenticated');
    expect($companies.get().map((company) => [company.bin, company.isMainCompany])).toEqual([
      [BETA.bin, false],
      [ALFA.bin, true],
    ]);
    expect($selectedCompanyBin.get()).toBe(BETA.bin);
    expect($currentCompany.get()?.bin).toBe(BETA.bin);
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
  });

  it('the main company is the one used when no bin is selected; the first when there is no main one', async () => {
    await test.start();
    expect(currentCompanyOf($companies.get(), undefined)?.bin).toBe(ALFA.bin);
    // The server always has a main company once one is attached: a list without one is the rule's own case.
    const withoutMain: Company[] = $companies.get().map((company) => ({ ...company, isMainCompany: false }));
    expect(currentCompanyOf(withoutMain, undefined)).toBeUndefined();
    expect($currentCompany.get()?.bin).toBe(BETA.bin);
  });

  it.each([
    ['in the list: it stays selected', ALFA.bin, ALFA.bin],
    ['not in the list: the first company is selected', INDIVIDUAL.bin, BETA.bin],
  ])('restores a stored selection %s', async (_case, storedBin, expected) => {
    const { client } = await test.start('aigerim', (client) => {
      client.storage.setItem(SESSION_STORAGE_KEYS.selectedCompanyBin, storedBin);
    });
    expect($currentCompany.get()?.bin).toBe(expected);
    expect(client.storage.getItem(SESSION_STORAGE_KEYS.selectedCompanyBin)).toBe(expected);
  });

  it('a 401 on any authenticated call logs out and sends the user to the main route', async () => {
    const { server, client, navigations } = await test.start();
    // The session ends elsewhere (a logout in another tab): the server revokes its tokens.
    const ended = await server.directFetch(`${server.baseUrl}${ACCOUNT_PATHS.logout}`, {
      headers: { authorization: `Bearer ${client.storage.getItem(SESSION_STORAGE_KEYS.token)}` },
    });
    expect(ended.ok).toBe(true);
    await expect(reloadCompanies()).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect($auth.get().status).toBe('anonymous'));
    expect(navigations).toEqual([AFTER_LOGOUT_PATH]);
    expect($companies.get()).toEqual([]);
  });

  it('a user logout revokes the session, closes the dialog and also ends on the main route', async () => {
    await addUser(test.server, NEWCOMER);
    const { server, navigations } = await test.start(NEWCOMER);
    openAuthDialog();
    await logout();
    expect(server.callsTo(['GET', ACCOUNT_PATHS.logout])).toHaveLength(1);
    expect(navigations).toEqual(['/']);
    expect($authDialogOpen.get()).toBe(false);
  });

  it('the company list is not ready between a login and the arrival of the list', async () => {
    await addUser(test.server, { ...NEWCOMER, companies: [ALFA] });
    const { navigations } = await test.start(null);
    expect($companiesLoad.get()).toEqual({ status: 'idle' });
    const seen: string[] = [];
    const stop = $companiesLoad.listen((load) => seen.push(load.status));
    await loginWithPassword({ login: NEWCOMER.email, password: 'correct-horse' });
    stop();
    expect(seen).toEqual(['loading', 'loaded']);
    expect($companies.get()).toHaveLength(1);
    expect(navigations).toEqual([]);
  });

  it('a failed list load does not keep the cabinet waiting: it fails with the server code', async () => {
    const { server } = await test.start(null);
    server.failNext(COMPANIES, { status: 503, body: INTERNAL_ERROR });
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    expect($auth.get().status).toBe('authenticated');
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'INTERNAL_ERROR' });
    expect($companies.get()).toEqual([]);
  });

  it('a list that cannot be reached fails as a network error; a retry that succeeds loads it', async () => {
    await test.start('aigerim', () => test.server.failNext(COMPANIES, { networkError: true }));
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'NETWORK_ERROR' });
    const retry = reloadCompanies();
    expect($companiesLoad.get()).toEqual({ status: 'loading' });
    await retry;
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
    expect($companies.get()).toHaveLength(2);
  });

  it('a failing refresh after the list arrived keeps the list in place', async () => {
    const { server } = await test.start();
    server.failNext(COMPANIES, { status: 500, body: INTERNAL_ERROR });
    await expect(reloadCompanies()).rejects.toMatchObject({ status: 500 });
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
    expect($companies.get()).toHaveLength(2);
  });

  it("the embed page's client has no session of the browser's storage, yet the signing config loads through it", async () => {
    // A portal session of the same browser: the embed page must neither use nor need it.
    localStorage.setItem(SESSION_STORAGE_KEYS.token, 'portal-access-token');
    const { server } = test;
    const client = createPortalClient({
      navigate: () => undefined,
      overrides: { ...embeddedClientOverrides(), baseUrl: server.baseUrl, fetch: server.fetch },
    });
    try {
      startEmbeddedSession(client);
      resetSigningConfig();
      const config = await loadSigningConfig();
      expect(config.ncaLayerUrl).toMatch(/^wss?:\/\//);
      expect(server.calls.map((call) => [call.method, call.path, call.headers.get('authorization')])).toEqual(
        [['GET', SIGNING_PATHS.config, null]],
      );
      expect(client.storage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
    } finally {
      localStorage.removeItem(SESSION_STORAGE_KEYS.token);
      resetSigningConfig();
    }
  });
});
