// @vitest-environment happy-dom
import { ACCESS_TOKEN_SECONDS, ACCOUNT_PATHS, PROFILE_PATHS } from '@qoltanba/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword, logout } from '../auth/authActions';
import { $auth } from '../auth/authState';
import { setLocale } from '../locale';
import { initSession } from '../session/initSession';
import { company, FAKE_CODE, FAKE_IIN, failure, json } from '../testing/fakeServer';
import { setupClient } from '../testing/setupSession';
import {
  $companies,
  $companiesLoad,
  $currentCompany,
  $selectedCompanyBin,
  attachByIin,
  confirmAttachByIin,
  currentCompanyOf,
  lookupRegistry,
  pickSelectedBin,
  reloadCompanies,
  selectCompany,
  setMainCompany,
} from './companyStore';

const alfa = company('990340005977', 'ТОО Альфа');
const beta = company('020540003431', 'АО Бета', true);
const iin = company(FAKE_IIN, 'ИП Бекова');
// A valid IIN that the fake statistics register does not know.
const UNREGISTERED_IIN = '920715401122';

async function loginWith(companies: (typeof alfa)[], storedBin?: string) {
  const setup = setupClient();
  setup.server.account.companies = companies;
  if (storedBin) setup.storage.setItem('selectedCompanyBin', storedBin);
  await initSession(setup.client);
  await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
  return setup;
}

describe('company selection rules', () => {
  it('picks the stored bin when it is in the list, else the first, else none', () => {
    expect(pickSelectedBin([alfa, beta], beta.bin)).toBe(beta.bin);
    expect(pickSelectedBin([alfa, beta], iin.bin)).toBe(alfa.bin);
    expect(pickSelectedBin([alfa, beta], undefined)).toBe(alfa.bin);
    expect(pickSelectedBin([], alfa.bin)).toBeUndefined();
  });

  it('uses the selected company, else the main company', () => {
    expect(currentCompanyOf([alfa, beta], alfa.bin)).toBe(alfa);
    expect(currentCompanyOf([alfa, beta], undefined)).toBe(beta);
    expect(currentCompanyOf([alfa, beta], iin.bin)).toBe(beta);
    expect(currentCompanyOf([alfa], undefined)).toBeUndefined();
    expect(currentCompanyOf([], alfa.bin)).toBeUndefined();
  });
});

describe('company stores', () => {
  beforeEach(() => setLocale('kk'));

  it('after login selects the stored bin when it is in the list', async () => {
    const setup = await loginWith([alfa, beta], beta.bin);
    expect($companies.get()).toEqual([alfa, beta]);
    expect($selectedCompanyBin.get()).toBe(beta.bin);
    expect($currentCompany.get()).toEqual(beta);
    expect(setup.storage.getItem('selectedCompanyBin')).toBe(beta.bin);
  });

  it('after login selects the first company when the stored bin is not in the list', async () => {
    const setup = await loginWith([alfa, beta], iin.bin);
    expect($selectedCompanyBin.get()).toBe(alfa.bin);
    expect($currentCompany.get()).toEqual(alfa);
    expect(setup.storage.getItem('selectedCompanyBin')).toBe(alfa.bin);
  });

  it('after login selects nothing when the list is empty', async () => {
    const setup = await loginWith([], alfa.bin);
    expect($companies.get()).toEqual([]);
    expect($selectedCompanyBin.get()).toBeUndefined();
    expect($currentCompany.get()).toBeUndefined();
    expect(setup.storage.getItem('selectedCompanyBin')).toBeNull();
  });

  it('falls back to the main company while the stored bin is not in the list yet', async () => {
    const setup = setupClient();
    setup.storage.setItem('selectedCompanyBin', iin.bin);
    setup.client.storeTokens(setup.server.issue());
    setup.server.account.companies = [alfa, beta];
    const restoring = initSession(setup.client);
    expect($selectedCompanyBin.get()).toBe(iin.bin);
    await restoring;
    expect($selectedCompanyBin.get()).toBe(alfa.bin);
    selectCompany(beta.bin);
    setup.server.account.companies = [
      alfa,
      { ...beta, isMainCompany: false },
      { ...iin, isMainCompany: true },
    ];
    await reloadCompanies();
    expect($currentCompany.get()?.bin).toBe(beta.bin);
  });

  it('selectCompany stores a listed bin and refuses an unknown one', async () => {
    const setup = await loginWith([alfa, beta]);
    expect(selectCompany(beta.bin)).toBe(true);
    expect([$selectedCompanyBin.get(), setup.storage.getItem('selectedCompanyBin')]).toEqual([
      beta.bin,
      beta.bin,
    ]);
    expect(selectCompany(iin.bin)).toBe(false);
    expect($selectedCompanyBin.get()).toBe(beta.bin);
  });

  it('setMainCompany takes the new list from the server', async () => {
    const setup = await loginWith([alfa, beta]);
    await setMainCompany(alfa.bin);
    expect(setup.server.callsTo('PUT', PROFILE_PATHS.mainCompany)[0]?.path).toBe(
      PROFILE_PATHS.mainCompany.replace(':bin', alfa.bin),
    );
    expect($companies.get().find((entry) => entry.isMainCompany)?.bin).toBe(alfa.bin);
  });

  it('attaches an individual by IIN and phone with an SMS code', async () => {
    const setup = await loginWith([]);
    setLocale('en');
    await expect(attachByIin({ iin: iin.bin, phoneNumber: '+77012345678' })).resolves.toMatchObject({
      resendAfterSeconds: 60,
    });
    expect(setup.server.callsTo('POST', PROFILE_PATHS.attachByIin)[0]?.body).toEqual({
      iin: iin.bin,
      phoneNumber: '+77012345678',
      lang: 'en',
    });
    await expect(
      confirmAttachByIin({ iin: iin.bin, phoneNumber: '+77012345678', code: '000000' }),
    ).rejects.toMatchObject({ code: 'INVALID_CODE' });
    await confirmAttachByIin({ iin: iin.bin, phoneNumber: '+77012345678', code: FAKE_CODE });
    expect($companies.get().map((entry) => entry.bin)).toEqual([iin.bin]);
    expect($selectedCompanyBin.get()).toBe(iin.bin);
  });

  it('setMainCompany refuses a company that is not in the list, as the server does (404)', async () => {
    await loginWith([alfa, beta]);
    await expect(setMainCompany(iin.bin)).rejects.toMatchObject({ status: 404, code: 'ENTITY_NOT_FOUND' });
    expect($companies.get()).toEqual([alfa, beta]);
  });

  it.each([
    ['an IIN the register does not know', 'IIN_NOT_IN_REGISTER', UNREGISTERED_IIN, '+77012345678'],
    ['a legal entity', 'ATTACH_BY_IIN_ONLY_INDIVIDUALS', alfa.bin, '+77012345678'],
    ['a number with a wrong check digit', 'IDENTITY_NUMBER_INVALID', '870412300415', '+77012345678'],
    ['a phone that is not the linked one', 'PHONE_MISMATCH', iin.bin, '+77019998877'],
  ] as const)('refuses to attach %s with 400 %s', async (_case, code, number, phoneNumber) => {
    await loginWith([]);
    await expect(attachByIin({ iin: number, phoneNumber })).rejects.toMatchObject({ status: 400, code });
    expect($companies.get()).toEqual([]);
  });

  it('looks up the statistics register and surfaces IIN_NOT_IN_REGISTER as 404', async () => {
    await loginWith([]);
    await expect(lookupRegistry('990340005977')).resolves.toMatchObject({
      kind: 'legal',
      nameRu: 'ТОО Альфа',
    });
    await expect(lookupRegistry(UNREGISTERED_IIN)).rejects.toMatchObject({
      status: 404,
      code: 'IIN_NOT_IN_REGISTER',
    });
  });
});

describe('company list load state', () => {
  beforeEach(() => setLocale('en'));

  /** A client whose company list request fails as a network error while `offline.on` is true. */
  function setupOffline() {
    const setup = setupClient();
    const offline = { on: true };
    setup.fetch.mockImplementation(async (input, init) => {
      if (offline.on && new URL(input).pathname === PROFILE_PATHS.companies) {
        throw new TypeError('Failed to fetch');
      }
      return setup.server.fetch(input, init);
    });
    return { ...setup, offline };
  }

  /** A stored session whose access token has expired, so the next call refreshes first. */
  function setupExpiredSession() {
    const setup = setupClient();
    setup.client.storeTokens(setup.server.issue());
    setup.clock.now += ACCESS_TOKEN_SECONDS * 1000;
    return setup;
  }

  it('is idle while anonymous, loading between a login and the list, then loaded', async () => {
    const setup = setupClient();
    setup.server.account.companies = [alfa];
    await initSession(setup.client);
    expect($companiesLoad.get()).toEqual({ status: 'idle' });
    const seen: string[] = [];
    const stop = $companiesLoad.listen((load) => seen.push(load.status));
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    stop();
    expect(seen).toEqual(['loading', 'loaded']);
  });

  it('an empty list is loaded too (onboarding, not waiting)', async () => {
    await loginWith([]);
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
  });

  it('a list request answered with a server error fails with its code', async () => {
    const setup = setupClient();
    setup.server.on('GET', PROFILE_PATHS.companies, () => failure('SERVICE_UNAVAILABLE', 503));
    await initSession(setup.client);
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    expect($auth.get().status).toBe('authenticated');
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'SERVICE_UNAVAILABLE' });
    expect($companies.get()).toEqual([]);
  });

  it('a list request that cannot be made fails as NETWORK_ERROR; a reload is the retry', async () => {
    const setup = setupOffline();
    setup.server.account.companies = [alfa];
    setup.client.storeTokens(setup.server.issue());
    await initSession(setup.client);
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'NETWORK_ERROR' });
    await expect(reloadCompanies()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'NETWORK_ERROR' });
    setup.offline.on = false;
    const retry = reloadCompanies();
    expect($companiesLoad.get()).toEqual({ status: 'loading' });
    await retry;
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
    expect($companies.get()).toEqual([alfa]);
  });

  it('a token refresh before the list that fails with a server error fails the list with that code', async () => {
    const setup = setupExpiredSession();
    setup.server.on('POST', ACCOUNT_PATHS.refresh, () => failure('INTERNAL_ERROR', 500));
    await initSession(setup.client);
    expect($auth.get().status).toBe('authenticated');
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'INTERNAL_ERROR' });
  });

  it('a token refresh before the list that cannot be made fails the list as NETWORK_ERROR', async () => {
    const setup = setupExpiredSession();
    setup.fetch.mockImplementation(async (input, init) => {
      if (new URL(input).pathname === ACCOUNT_PATHS.refresh) throw new TypeError('Failed to fetch');
      return setup.server.fetch(input, init);
    });
    await initSession(setup.client);
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'NETWORK_ERROR' });
  });

  it('a refused refresh (401/403) ends the session instead of failing the list', async () => {
    const setup = setupExpiredSession();
    setup.server.on('POST', ACCOUNT_PATHS.refresh, () => failure('FORBIDDEN', 403));
    const seen: string[] = [];
    const stop = $companiesLoad.listen((load) => seen.push(load.status));
    await initSession(setup.client);
    stop();
    expect($auth.get().status).toBe('anonymous');
    expect(setup.onLoggedOut).toHaveBeenCalledWith('refresh-rejected');
    expect(seen).not.toContain('failed');
    expect($companiesLoad.get()).toEqual({ status: 'idle' });
  });

  it.each([401, 403])(
    'a list answered %i stays loading, never failed (401/403 are left to the session)',
    async (status) => {
      const setup = setupClient({ logoutDelayMs: 0 });
      setup.server.on('GET', PROFILE_PATHS.companies, () =>
        failure(status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN', status),
      );
      await initSession(setup.client);
      await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
      expect($companiesLoad.get()).toEqual({ status: 'loading' });
    },
  );

  it('a failing reload after the list arrived keeps the list and the loaded state', async () => {
    const setup = await loginWith([alfa]);
    setup.server.on('GET', PROFILE_PATHS.companies, () => failure('INTERNAL_ERROR', 500));
    await expect(reloadCompanies()).rejects.toMatchObject({ status: 500 });
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
    expect($companies.get()).toEqual([alfa]);
  });

  it('a failure that arrives after the logout is dropped; the next login starts loading afresh', async () => {
    const setup = await loginWith([alfa]);
    let answer: (response: Response) => void = () => undefined;
    setup.server.on(
      'GET',
      PROFILE_PATHS.companies,
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const late = reloadCompanies();
    await logout();
    answer(failure('INTERNAL_ERROR', 500));
    await expect(late).rejects.toMatchObject({ status: 500 });
    expect($companiesLoad.get()).toEqual({ status: 'idle' });
    setup.server.on('GET', PROFILE_PATHS.companies, ({ account }) => json(200, account?.companies));
    const seen: string[] = [];
    const stop = $companiesLoad.listen((load) => seen.push(load.status));
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    stop();
    expect(seen).toEqual(['loading', 'loaded']);
  });

  it('a list delivered by another call (attach by IIN) ends a failed load', async () => {
    const setup = setupClient();
    setup.server.account.companies = [];
    setup.server.on('GET', PROFILE_PATHS.companies, () => failure('INTERNAL_ERROR', 500));
    await initSession(setup.client);
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    expect($companiesLoad.get()).toMatchObject({ status: 'failed' });
    await confirmAttachByIin({ iin: iin.bin, phoneNumber: '+77012345678', code: FAKE_CODE });
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
  });
});
