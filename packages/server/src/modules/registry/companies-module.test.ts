import { apiPath, errorMessage, PROFILE_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, latestCode, registerAccount, type TestClock, testClock } from '../../testing/accounts.js';
import { userIdOf } from '../../testing/companies.js';
import { emptyTablesBeforeEach } from '../../testing/empty-tables.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { isCompanyAdmin } from './company-store.js';

const SOLE_PROPRIETOR = { iin: '850312300459', phone: '+77011234567' };
const INDIVIDUAL = { iin: '920715401122', phone: '+77027654321' };

describe.each(testDatabases())('companies and registry on $name', (backend) => {
  let server: TestApp;
  let clock: TestClock;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    clock = testClock();
    server = await createTestApp({ backend, clock: clock.now, env: { RATE_LIMIT_MAX: '100000' } });
  });
  emptyTablesBeforeEach(() => server.services.database.db);
  beforeEach(async () => {
    owner = (await registerAccount(server, 'owner@example.kz')).access_token;
    other = (await registerAccount(server, 'other@example.kz')).access_token;
  });
  afterAll(async () => {
    await server.close();
  });

  const companies = (token: string) => call(server, 'GET', PROFILE_PATHS.companies, { token });
  const startAttach = (token: string, iin: string, phoneNumber: string) =>
    call(server, 'POST', `${PROFILE_PATHS.attachByIin}?lang=en`, {
      token,
      body: { iin, phoneNumber, lang: 'ru' },
    });
  const confirm = (token: string, iin: string, phoneNumber: string, code: string) =>
    call(server, 'POST', PROFILE_PATHS.attachByIinConfirm, { token, body: { iin, phoneNumber, code } });

  it('starts with no companies', async () => {
    const res = await companies(owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('refuses legal entities, unknown and invalid numbers, and a phone that is not linked to the IIN', async () => {
    const legal = await startAttach(owner, '990340005977', SOLE_PROPRIETOR.phone);
    expect(legal.statusCode).toBe(400);
    expect(legal.json()).toEqual({
      code: 'ATTACH_BY_IIN_ONLY_INDIVIDUALS',
      message: 'Only individuals and sole proprietors can be attached by IIN',
    });
    expect((await startAttach(owner, '123456789021', SOLE_PROPRIETOR.phone)).json().code).toBe(
      'ATTACH_BY_IIN_ONLY_INDIVIDUALS',
    );
    const unknown = await startAttach(owner, '781105201234', SOLE_PROPRIETOR.phone);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('IIN_NOT_IN_REGISTER');
    expect((await startAttach(owner, '850312300458', SOLE_PROPRIETOR.phone)).json().code).toBe(
      'IDENTITY_NUMBER_INVALID',
    );
    const mismatch = await startAttach(owner, SOLE_PROPRIETOR.iin, INDIVIDUAL.phone);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().code).toBe('PHONE_MISMATCH');
    expect((await confirm(owner, SOLE_PROPRIETOR.iin, INDIVIDUAL.phone, '123456')).json().code).toBe(
      'PHONE_MISMATCH',
    );
  });

  it('attaches a sole proprietor and an individual with the SMS code; the first becomes main', async () => {
    const sent = await startAttach(owner, SOLE_PROPRIETOR.iin, '8 701 123 45 67');
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(server, SOLE_PROPRIETOR.phone);
    // The code is bound to the user who asked for it.
    expect((await confirm(other, SOLE_PROPRIETOR.iin, SOLE_PROPRIETOR.phone, code)).json().code).toBe(
      'INVALID_CODE',
    );
    const attached = await confirm(owner, SOLE_PROPRIETOR.iin, SOLE_PROPRIETOR.phone, code);
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toEqual([
      {
        bin: SOLE_PROPRIETOR.iin,
        nameRu: 'ИП «Бекова Айгерим Сериковна»',
        shortNameRu: 'ИП Бекова А. С.',
        nameKk: '«Бекова Айгерим Серікқызы» ЖК',
        shortNameKk: 'ЖК Бекова А. С.',
        isMainCompany: true,
        isAdmin: true,
      },
    ]);
    expect((await confirm(owner, SOLE_PROPRIETOR.iin, SOLE_PROPRIETOR.phone, code)).json().code).toBe(
      'INVALID_CODE',
    );

    await startAttach(owner, INDIVIDUAL.iin, INDIVIDUAL.phone);
    const second = await confirm(
      owner,
      INDIVIDUAL.iin,
      INDIVIDUAL.phone,
      await latestCode(server, INDIVIDUAL.phone),
    );
    expect(
      second.json().map((c: { bin: string; isMainCompany: boolean }) => [c.bin, c.isMainCompany]),
    ).toEqual([
      [SOLE_PROPRIETOR.iin, true],
      [INDIVIDUAL.iin, false],
    ]);
  });

  /** Attaches a party to the user of `token` through the API (code from the dev outbox). */
  async function attach(token: string, party: { iin: string; phone: string }) {
    expect((await startAttach(token, party.iin, party.phone)).statusCode).toBe(200);
    const done = await confirm(token, party.iin, party.phone, await latestCode(server, party.phone));
    expect(done.statusCode).toBe(200);
  }

  it('switches the main company among the own ones only', async () => {
    await attach(owner, SOLE_PROPRIETOR);
    await attach(owner, INDIVIDUAL);
    const res = await call(server, 'PUT', apiPath(PROFILE_PATHS.mainCompany, { bin: INDIVIDUAL.iin }), {
      token: owner,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { bin: string; isMainCompany: boolean }) => [c.bin, c.isMainCompany])).toEqual([
      [SOLE_PROPRIETOR.iin, false],
      [INDIVIDUAL.iin, true],
    ]);
    const foreign = await call(server, 'PUT', apiPath(PROFILE_PATHS.mainCompany, { bin: INDIVIDUAL.iin }), {
      token: other,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    const unknown = await call(server, 'PUT', apiPath(PROFILE_PATHS.mainCompany, { bin: '990340005977' }), {
      token: other,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ENTITY_NOT_FOUND');
  });

  it('shows each user only their own companies', async () => {
    await attach(owner, SOLE_PROPRIETOR);
    await attach(owner, INDIVIDUAL);
    expect((await companies(other)).json()).toEqual([]);
    expect((await companies(owner)).json()).toHaveLength(2);
  });

  it('looks numbers up in the statistics register', async () => {
    const lookup = (identityNumber: string) =>
      call(server, 'GET', apiPath(PROFILE_PATHS.registryLookup, { identityNumber }), { token: other });
    const legal = await lookup('990340005977');
    expect(legal.statusCode).toBe(200);
    expect(legal.json()).toMatchObject({
      bin: '990340005977',
      kind: 'legal',
      nameRu: 'ТОО «Альфа Логистик»',
    });
    expect((await lookup('123456789012')).json()).toMatchObject({
      kind: 'individual',
      nameRu: 'ТЕСТОВА ТЕСТ',
    });
    const unknown = await lookup('781105201234');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'IIN_NOT_IN_REGISTER',
      message: errorMessage('IIN_NOT_IN_REGISTER', 'kk'),
    });
    expect((await lookup('781105201235')).json().code).toBe('IDENTITY_NUMBER_INVALID');
    expect((await lookup('abc')).json().code).toBe('IDENTITY_NUMBER_INVALID');
  });

  it("another user's codes for the same IIN and phone neither void nor block a user's attach", async () => {
    clock.advance(120);
    const victim = (await registerAccount(server, 'victim@example.kz')).access_token;
    expect((await startAttach(victim, INDIVIDUAL.iin, INDIVIDUAL.phone)).statusCode).toBe(200);
    const victimCode = await latestCode(server, INDIVIDUAL.phone);

    // Someone who knows the IIN and the phone asks for a code of their own at once and guesses.
    expect((await startAttach(other, INDIVIDUAL.iin, INDIVIDUAL.phone)).statusCode).toBe(200);
    const otherCode = await latestCode(server, INDIVIDUAL.phone);
    const wrong = otherCode === '000000' ? '111111' : '000000';
    for (let i = 1; i < 5; i += 1) {
      expect((await confirm(other, INDIVIDUAL.iin, INDIVIDUAL.phone, wrong)).json().code).toBe(
        'INVALID_CODE',
      );
    }
    const blocked = await confirm(other, INDIVIDUAL.iin, INDIVIDUAL.phone, wrong);
    expect(blocked.statusCode).toBe(423);
    expect(blocked.json().code).toBe('ACCOUNT_BLOCKED');
    expect((await startAttach(other, INDIVIDUAL.iin, INDIVIDUAL.phone)).json().code).toBe('ACCOUNT_BLOCKED');

    // The victim's code still works, and the victim is not blocked.
    const attached = await confirm(victim, INDIVIDUAL.iin, INDIVIDUAL.phone, victimCode);
    expect(attached.statusCode).toBe(200);
    expect(attached.json().map((c: { bin: string }) => c.bin)).toEqual([INDIVIDUAL.iin]);
    expect((await companies(other)).json()).toEqual([]);
  });

  it('makes the member who attached a company first its one administrator', async () => {
    await attach(owner, SOLE_PROPRIETOR);
    clock.advance(120);
    await attach(other, SOLE_PROPRIETOR);
    const admins = async (token: string) =>
      (await companies(token)).json().map((c: { bin: string; isAdmin: boolean }) => [c.bin, c.isAdmin]);
    expect(await admins(owner)).toEqual([[SOLE_PROPRIETOR.iin, true]]);
    expect(await admins(other)).toEqual([[SOLE_PROPRIETOR.iin, false]]);
    const { db } = server.services.database;
    expect(await isCompanyAdmin(db, userIdOf(owner), SOLE_PROPRIETOR.iin)).toBe(true);
    expect(await isCompanyAdmin(db, userIdOf(other), SOLE_PROPRIETOR.iin)).toBe(false);
    expect(await isCompanyAdmin(db, userIdOf(other), INDIVIDUAL.iin)).toBe(false);
  });
});
