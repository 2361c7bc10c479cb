import { SIGNING_PATHS } from '@qoltanba/core';
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
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { $authDialogOpen, openAuthDialog } from '../auth/authDialog';
import { company, createFakeClient, FAKE_BASE } from '../test/fakeApi';
import { FAKE_TOKENS, signInFake, startAnonymous } from '../test/session';
import {
  AFTER_LOGOUT_PATH,
  createPortalClient,
  embeddedClientOverrides,
  startEmbeddedSession,
  startPortalSession,
} from './portalSession';

describe('portal session', () => {
  // SPEC section 4: the stored bin when it is in the list, otherwise the first company; the main company
  // is what is used while no bin is selected.
  it('restores a stored session without a stored selection: the first company is selected, even if another is main', async () => {
    await signInFake([company('180340021791', 'ТОО "Береке"'), company('900515300127', 'ИП Иванов', true)]);
    expect($auth.get().status).toBe('authenticated');
    expect($companies.get()).toHaveLength(2);
    expect($selectedCompanyBin.get()).toBe('180340021791');
    expect($currentCompany.get()?.bin).toBe('180340021791');
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
  });

  it('the main company is the one used when no bin is selected; the first when there is no main one', async () => {
    await signInFake([company('180340021791', 'ТОО "Береке"'), company('900515300127', 'ИП Иванов', true)]);
    expect(currentCompanyOf($companies.get(), undefined)?.bin).toBe('900515300127');
    await signInFake([company('180340021791', 'ТОО "Береке"'), company('900515300127', 'ИП Иванов')]);
    expect(currentCompanyOf($companies.get(), undefined)).toBeUndefined();
    expect($currentCompany.get()?.bin).toBe('180340021791');
  });

  it.each([
    ['in the list: it stays selected', '900515300127', '900515300127'],
    ['not in the list: the first company is selected', '020540003431', '180340021791'],
  ])('restores a stored selection %s', async (_case, storedBin, expected) => {
    const fake = createFakeClient({
      companies: [company('180340021791', 'ТОО "Береке"'), company('900515300127', 'ИП Иванов')],
    });
    fake.client.storage.setItem(SESSION_STORAGE_KEYS.selectedCompanyBin, storedBin);
    fake.client.storeTokens(FAKE_TOKENS);
    await startPortalSession(fake.client);
    expect($currentCompany.get()?.bin).toBe(expected);
    expect(fake.client.storage.getItem(SESSION_STORAGE_KEYS.selectedCompanyBin)).toBe(expected);
  });

  it('a 401 on any authenticated call logs out and sends the user to the main route', async () => {
    const fake = await signInFake([company('180340021791', 'ТОО "Береке"')]);
    fake.state.revoked = true;
    await expect(reloadCompanies()).rejects.toMatchObject({ status: 401 });
    await waitFor(() => expect($auth.get().status).toBe('anonymous'));
    expect(fake.navigations).toEqual([AFTER_LOGOUT_PATH]);
    expect($companies.get()).toEqual([]);
  });

  it('a user logout revokes the session, closes the dialog and also ends on the main route', async () => {
    const fake = await signInFake([]);
    openAuthDialog();
    await logout();
    expect(fake.state.calls).toContain('GET /proxy/account-recovery-api.bpmn/auth/logout');
    expect(fake.navigations).toEqual(['/']);
    expect($authDialogOpen.get()).toBe(false);
  });

  it('the company list is not ready between a login and the arrival of the list', async () => {
    const fake = await startAnonymous({ companies: [company('180340021791', 'ТОО "Береке"')] });
    expect($companiesLoad.get()).toEqual({ status: 'idle' });
    const seen: string[] = [];
    const stop = $companiesLoad.listen((load) => seen.push(load.status));
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    stop();
    expect(seen).toEqual(['loading', 'loaded']);
    expect($companies.get()).toHaveLength(1);
    expect(fake.navigations).toEqual([]);
  });

  it('a failed list load does not keep the cabinet waiting: it fails with the server code', async () => {
    await startAnonymous({ companiesStatus: 503 });
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    expect($auth.get().status).toBe('authenticated');
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'INTERNAL_ERROR' });
    expect($companies.get()).toEqual([]);
  });

  it('a list that cannot be reached fails as a network error; a retry that succeeds loads it', async () => {
    const fake = await signInFake([company('180340021791', 'ТОО "Береке"')], { companiesStatus: 0 });
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'NETWORK_ERROR' });
    delete fake.state.companiesStatus;
    const retry = reloadCompanies();
    expect($companiesLoad.get()).toEqual({ status: 'loading' });
    await retry;
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
    expect($companies.get()).toHaveLength(1);
  });

  it('a failing refresh after the list arrived keeps the list in place', async () => {
    const fake = await signInFake([company('180340021791', 'ТОО "Береке"')]);
    fake.state.companiesStatus = 500;
    await expect(reloadCompanies()).rejects.toMatchObject({ status: 500 });
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
    expect($companies.get()).toHaveLength(1);
  });

  it("the embed page's client has no session of the browser's storage, yet the signing config loads through it", async () => {
    // A portal session of the same browser: the embed page must neither use nor need it.
    localStorage.setItem(SESSION_STORAGE_KEYS.token, 'portal-access-token');
    const calls: Array<{ url: string; authorization: string | null }> = [];
    const client = createPortalClient({
      navigate: () => undefined,
      overrides: {
        ...embeddedClientOverrides(),
        baseUrl: FAKE_BASE,
        fetch: async (input, init) => {
          calls.push({ url: input, authorization: new Headers(init?.headers).get('Authorization') });
          return new Response(JSON.stringify({ ncaLayerUrl: 'ws://127.0.0.1:13580', testSigner: null }), {
            headers: { 'content-type': 'application/json' },
          });
        },
      },
    });
    try {
      startEmbeddedSession(client);
      resetSigningConfig();
      await expect(loadSigningConfig()).resolves.toEqual({
        ncaLayerUrl: 'ws://127.0.0.1:13580',
        testSigner: null,
      });
      expect(calls).toEqual([{ url: `${FAKE_BASE}${SIGNING_PATHS.config}`, authorization: null }]);
      expect(client.storage.getItem(SESSION_STORAGE_KEYS.token)).toBeNull();
    } finally {
      localStorage.removeItem(SESSION_STORAGE_KEYS.token);
      resetSigningConfig();
    }
  });
});
