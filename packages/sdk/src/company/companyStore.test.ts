// @vitest-environment happy-dom
import { ACCESS_TOKEN_SECONDS, ACCOUNT_PATHS, apiPath, type Company, PROFILE_PATHS } from '@qoltanba/core';
import {
  ALFA,
  BETA,
  errorResponse,
  testServerPerFile,
  WORLD_PASSWORD,
  WORLD_USERS,
  type WorldUserName,
} from '@qoltanba/server/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword, logout } from '../auth/authActions';
import { $auth } from '../auth/authState';
import { setLocale } from '../locale';
import { initSession } from '../session/initSession';
import { clientOn, directAs, refusal, withTokensOn } from '../test-support/real-server';
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

const company = (bin: string, nameRu: string, isMainCompany = false): Company => ({
  bin,
  nameRu,
  shortNameRu: null,
  isMainCompany,
});
const alfa = company(ALFA.bin, 'ТОО Альфа');
const beta = company(BETA.bin, 'АО Бета', true);
// aigerim's IIN: a sole proprietor of the register, linked to this phone; attachable by IIN.
const iin = company(WORLD_USERS.aigerim.iin, 'ИП Бекова');
const LINKED_PHONE = '+77011234567';
// A valid IIN that the register does not know.
const UNREGISTERED_IIN = WORLD_USERS.bolat.iin;

const test = testServerPerFile();

/** Signs `user` in through the sdk (aigerim: ALFA and BETA; bolat: BETA; operator: none) with `storedBin` kept. */
async function loginWith(user: WorldUserName, storedBin?: string) {
  const setup = clientOn(test.server);
  if (storedBin) setup.storage.setItem('selectedCompanyBin', storedBin);
  await initSession(setup.client);
  await loginWithPassword({ login: WORLD_USERS[user].email, password: WORLD_PASSWORD });
  return setup;
}

/** Attaches aigerim's own IIN (sole proprietor) to the holder of `accessToken` through the routes, with the SMS code. */
async function attachIinOnServer(accessToken: string) {
  await directAs(test.server, accessToken, 'POST', PROFILE_PATHS.attachByIin, {
    iin: iin.bin,
    phoneNumber: LINKED_PHONE,
    lang: 'ru',
  });
  await directAs(test.server, accessToken, 'POST', PROFILE_PATHS.attachByIinConfirm, {
    iin: iin.bin,
    phoneNumber: LINKED_PHONE,
    code: await test.server.code(LINKED_PHONE),
  });
}

const bins = () => $companies.get().map((entry) => entry.bin);

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
    const setup = await loginWith('aigerim', BETA.bin);
    expect(bins().sort()).toEqual([ALFA.bin, BETA.bin].sort());
    expect($selectedCompanyBin.get()).toBe(BETA.bin);
    expect($currentCompany.get()?.bin).toBe(BETA.bin);
    expect(setup.storage.getItem('selectedCompanyBin')).toBe(BETA.bin);
  });

  it('after login selects the first company when the stored bin is not in the list', async () => {
    const setup = await loginWith('aigerim', iin.bin);
    const first = bins()[0];
    expect($selectedCompanyBin.get()).toBe(first);
    expect($currentCompany.get()?.bin).toBe(first);
    expect(setup.storage.getItem('selectedCompanyBin')).toBe(first);
  });

  it('after login selects nothing when the list is empty', async () => {
    const setup = await loginWith('operator', ALFA.bin);
    expect($companies.get()).toEqual([]);
    expect($selectedCompanyBin.get()).toBeUndefined();
    expect($currentCompany.get()).toBeUndefined();
    expect(setup.storage.getItem('selectedCompanyBin')).toBeNull();
  });

  it('falls back to the main company while the stored bin is not in the list yet', async () => {
    const setup = clientOn(test.server);
    setup.storage.setItem('selectedCompanyBin', iin.bin);
    const tokens = await setup.server.world.login('aigerim');
    setup.client.storeTokens(tokens);
    const restoring = initSession(setup.client);
    expect($selectedCompanyBin.get()).toBe(iin.bin);
    await restoring;
    expect($selectedCompanyBin.get()).toBe(bins()[0]);
    const other = bins()[1] ?? '';
    selectCompany(other);
    // Elsewhere she attaches her IIN and makes it her main company.
    await attachIinOnServer(tokens.access_token);
    await directAs(
      setup.server,
      tokens.access_token,
      'PUT',
      apiPath(PROFILE_PATHS.mainCompany, { bin: iin.bin }),
    );
    await reloadCompanies();
    expect($companies.get().find((entry) => entry.isMainCompany)?.bin).toBe(iin.bin);
    expect($currentCompany.get()?.bin).toBe(other);
  });

  it('selectCompany stores a listed bin and refuses an unknown one', async () => {
    const setup = await loginWith('aigerim');
    expect(selectCompany(BETA.bin)).toBe(true);
    expect([$selectedCompanyBin.get(), setup.storage.getItem('selectedCompanyBin')]).toEqual([
      BETA.bin,
      BETA.bin,
    ]);
    expect(selectCompany(iin.bin)).toBe(false);
    expect($selectedCompanyBin.get()).toBe(BETA.bin);
  });

  it('setMainCompany takes the new list from the server', async () => {
    const setup = await loginWith('aigerim');
    // ALFA is her main company: make BETA the main one.
    expect($companies.get().find((entry) => entry.isMainCompany)?.bin).toBe(ALFA.bin);
    await setMainCompany(BETA.bin);
    expect(setup.server.callsTo(['PUT', PROFILE_PATHS.mainCompany])[0]?.path).toBe(
      PROFILE_PATHS.mainCompany.replace(':bin', BETA.bin),
    );
    expect($companies.get().find((entry) => entry.isMainCompany)?.bin).toBe(BETA.bin);
  });

  it('attaches an individual by IIN and phone with an SMS code', async () => {
    const setup = await loginWith('operator');
    setLocale('en');
    await expect(attachByIin({ iin: iin.bin, phoneNumber: LINKED_PHONE })).resolves.toMatchObject({
      resendAfterSeconds: 60,
    });
    expect(setup.server.callsTo(['POST', PROFILE_PATHS.attachByIin])[0]?.json()).toEqual({
      iin: iin.bin,
      phoneNumber: LINKED_PHONE,
      lang: 'en',
    });
    const code = await setup.server.code(LINKED_PHONE);
    await expect(
      confirmAttachByIin({
        iin: iin.bin,
        phoneNumber: LINKED_PHONE,
        code: code === '000000' ? '111111' : '000000',
      }),
    ).rejects.toMatchObject({ code: 'INVALID_CODE' });
    await confirmAttachByIin({ iin: iin.bin, phoneNumber: LINKED_PHONE, code });
    expect(bins()).toEqual([iin.bin]);
    expect($selectedCompanyBin.get()).toBe(iin.bin);
  });

  it('setMainCompany refuses a company that is not in the list, as the server does (404)', async () => {
    await loginWith('aigerim');
    const before = $companies.get();
    await expect(setMainCompany(iin.bin)).rejects.toMatchObject({ status: 404, code: 'ENTITY_NOT_FOUND' });
    expect($companies.get()).toEqual(before);
  });

  it.each([
    ['an IIN the register does not know', 'IIN_NOT_IN_REGISTER', UNREGISTERED_IIN, LINKED_PHONE],
    ['a legal entity', 'ATTACH_BY_IIN_ONLY_INDIVIDUALS', ALFA.bin, LINKED_PHONE],
    ['a number with a wrong check digit', 'IDENTITY_NUMBER_INVALID', '870412300415', LINKED_PHONE],
    ['a phone that is not the linked one', 'PHONE_MISMATCH', iin.bin, '+77019998877'],
  ] as const)('refuses to attach %s with 400 %s', async (_case, code, number, phoneNumber) => {
    await loginWith('operator');
    await expect(attachByIin({ iin: number, phoneNumber })).rejects.toMatchObject({ status: 400, code });
    expect($companies.get()).toEqual([]);
  });

  it('looks up the statistics register and surfaces IIN_NOT_IN_REGISTER as 404', async () => {
    await loginWith('operator');
    await expect(lookupRegistry(ALFA.bin)).resolves.toMatchObject({ kind: 'legal', nameRu: ALFA.nameRu });
    await expect(lookupRegistry(UNREGISTERED_IIN)).rejects.toMatchObject({
      status: 404,
      code: 'IIN_NOT_IN_REGISTER',
    });
  });
});

describe('company list load state', () => {
  beforeEach(() => setLocale('en'));

  /** A stored session whose access token has expired, so the next call refreshes first. */
  async function setupExpiredSession() {
    const setup = await withTokensOn(test.server);
    setup.server.clock.advance(ACCESS_TOKEN_SECONDS + 60);
    return setup;
  }

  it('is idle while anonymous, loading between a login and the list, then loaded', async () => {
    const setup = clientOn(test.server);
    await initSession(setup.client);
    expect($companiesLoad.get()).toEqual({ status: 'idle' });
    const seen: string[] = [];
    const stop = $companiesLoad.listen((load) => seen.push(load.status));
    await loginWithPassword({ login: WORLD_USERS.bolat.email, password: WORLD_PASSWORD });
    stop();
    expect(seen).toEqual(['loading', 'loaded']);
  });

  it('an empty list is loaded too (onboarding, not waiting)', async () => {
    await loginWith('operator');
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
  });

  it('a list request answered with a server error fails with its code', async () => {
    const setup = clientOn(test.server);
    setup.server.failNext(['GET', PROFILE_PATHS.companies], refusal(503, 'SERVICE_UNAVAILABLE'));
    await initSession(setup.client);
    await loginWithPassword({ login: WORLD_USERS.aigerim.email, password: WORLD_PASSWORD });
    expect($auth.get().status).toBe('authenticated');
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'SERVICE_UNAVAILABLE' });
    expect($companies.get()).toEqual([]);
  });

  it('a list request that cannot be made fails as NETWORK_ERROR; a reload is the retry', async () => {
    const setup = await withTokensOn(test.server, 'bolat');
    setup.server.failNext(['GET', PROFILE_PATHS.companies], { networkError: true });
    setup.server.failNext(['GET', PROFILE_PATHS.companies], { networkError: true });
    await initSession(setup.client);
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'NETWORK_ERROR' });
    await expect(reloadCompanies()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'NETWORK_ERROR' });
    const retry = reloadCompanies();
    expect($companiesLoad.get()).toEqual({ status: 'loading' });
    await retry;
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
    expect(bins()).toEqual([BETA.bin]);
  });

  it('a token refresh before the list that fails with a server error fails the list with that code', async () => {
    const setup = await setupExpiredSession();
    setup.server.failNext(['POST', ACCOUNT_PATHS.refresh], refusal(500, 'INTERNAL_ERROR'));
    await initSession(setup.client);
    expect($auth.get().status).toBe('authenticated');
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'INTERNAL_ERROR' });
  });

  it('a token refresh before the list that cannot be made fails the list as NETWORK_ERROR', async () => {
    const setup = await setupExpiredSession();
    setup.server.failNext(['POST', ACCOUNT_PATHS.refresh], { networkError: true });
    await initSession(setup.client);
    expect($companiesLoad.get()).toEqual({ status: 'failed', code: 'NETWORK_ERROR' });
  });

  it('a refused refresh (401/403) ends the session instead of failing the list', async () => {
    const setup = await setupExpiredSession();
    setup.server.failNext(['POST', ACCOUNT_PATHS.refresh], refusal(403, 'FORBIDDEN'));
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
      const setup = clientOn(test.server, { logoutDelayMs: 0 });
      setup.server.failNext(
        ['GET', PROFILE_PATHS.companies],
        refusal(status, status === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN'),
      );
      await initSession(setup.client);
      await loginWithPassword({ login: WORLD_USERS.aigerim.email, password: WORLD_PASSWORD });
      expect($companiesLoad.get()).toEqual({ status: 'loading' });
    },
  );

  it('a failing reload after the list arrived keeps the list and the loaded state', async () => {
    const setup = await loginWith('bolat');
    setup.server.failNext(['GET', PROFILE_PATHS.companies], refusal(500, 'INTERNAL_ERROR'));
    const before = $companies.get();
    await expect(reloadCompanies()).rejects.toMatchObject({ status: 500 });
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
    expect($companies.get()).toEqual(before);
    expect(bins()).toEqual([BETA.bin]);
  });

  it('a failure that arrives after the logout is dropped; the next login starts loading afresh', async () => {
    const setup = await loginWith('bolat');
    let answer: (response: Response) => void = () => undefined;
    const stopIntercepting = setup.server.intercept(
      ['GET', PROFILE_PATHS.companies],
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    const late = reloadCompanies();
    await logout();
    answer(errorResponse(500, 'INTERNAL_ERROR'));
    await expect(late).rejects.toMatchObject({ status: 500 });
    expect($companiesLoad.get()).toEqual({ status: 'idle' });
    stopIntercepting();
    const seen: string[] = [];
    const stop = $companiesLoad.listen((load) => seen.push(load.status));
    await loginWithPassword({ login: WORLD_USERS.bolat.email, password: WORLD_PASSWORD });
    stop();
    expect(seen).toEqual(['loading', 'loaded']);
  });

  it('a list delivered by another call (attach by IIN) ends a failed load', async () => {
    const setup = clientOn(test.server);
    setup.server.failNext(['GET', PROFILE_PATHS.companies], refusal(500, 'INTERNAL_ERROR'));
    await initSession(setup.client);
    await loginWithPassword({ login: WORLD_USERS.operator.email, password: WORLD_PASSWORD });
    expect($companiesLoad.get()).toMatchObject({ status: 'failed' });
    await attachByIin({ iin: iin.bin, phoneNumber: LINKED_PHONE });
    await confirmAttachByIin({
      iin: iin.bin,
      phoneNumber: LINKED_PHONE,
      code: await setup.server.code(LINKED_PHONE),
    });
    expect($companiesLoad.get()).toEqual({ status: 'loaded' });
  });
});
