// @vitest-environment happy-dom
import { PROFILE_PATHS } from '@qoltanba/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginWithPassword } from '../auth/authActions';
import { setLocale } from '../locale';
import { initSession } from '../session/initSession';
import { company, FAKE_CODE, FAKE_IIN } from '../testing/fakeServer';
import { setupClient } from '../testing/setupSession';
import {
  $companies,
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
