// @vitest-environment happy-dom
import { ACCOUNT_PATHS, errorMessage, PROFILE_PATHS, profileSchema } from '@qoltanba/core';
import { testServerPerFile, WORLD_USERS } from '@qoltanba/server/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  completeRegistration,
  loginWithCode,
  loginWithPassword,
  recoverPassword,
  refreshTokens,
  requestCode,
  requestRecoveryCode,
  verifyRegistrationCode,
} from '../auth/authActions';
import { $auth } from '../auth/authState';
import {
  $companies,
  $selectedCompanyBin,
  attachByIin,
  confirmAttachByIin,
  lookupRegistry,
  reloadCompanies,
  setMainCompany,
} from '../company/companyStore';
import { setLocale } from '../locale';
import { $profile, loadProfile, updateProfile } from '../profile/profileStore';
import { initSession } from '../session/initSession';
import { clientOn } from '../test-support/real-server';
import { ApiError } from './apiError';
import { expectResponse } from './expectResponse';

type Setup = ReturnType<typeof clientOn>;

const test = testServerPerFile();
// What the calls send does not matter here: every answer below is a malformed one played instead of the server's.
const CODE = '123456';
const IIN = WORLD_USERS.aigerim.iin;

/** A JSON answer of `status` with `body`. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Everything a malformed answer must leave alone: the session stores and the stored tokens and selection. */
function storesOf(setup: Setup) {
  const storage: Record<string, string | null> = {};
  for (let index = 0; index < setup.storage.length; index += 1) {
    const key = setup.storage.key(index);
    if (key !== null) storage[key] = setup.storage.getItem(key);
  }
  return {
    auth: $auth.get(),
    profile: $profile.get(),
    companies: $companies.get(),
    selected: $selectedCompanyBin.get(),
    storage,
  };
}

async function expectMalformedError(pending: Promise<unknown>): Promise<void> {
  const error = await pending.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({
    status: 502,
    code: 'INTERNAL_ERROR',
    message: errorMessage('INTERNAL_ERROR', 'ru'),
  });
}

async function anonymous(): Promise<Setup> {
  const setup = clientOn(test.server);
  await initSession(setup.client);
  return setup;
}

async function loggedIn(): Promise<Setup> {
  const setup = await anonymous();
  // The world's profiles are in Russian, the interface's language here: no language sync changes $profile.
  await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
  expect($companies.get()).not.toEqual([]);
  return setup;
}

describe('expectResponse', () => {
  it('returns the parsed body (core schema transforms applied)', () => {
    const profile = { email: 'a@example.kz', firstname: 'A', lastname: 'B', lang: 'kz' };
    expect(expectResponse(profileSchema, profile, 'en')).toEqual({ ...profile, lang: 'kk' });
  });

  it('turns a body that does not match into ApiError INTERNAL_ERROR in the given language', () => {
    const body = { email: 'a@example.kz', lang: 'de' };
    let thrown: unknown;
    try {
      expectResponse(profileSchema, body, 'kk');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({
      status: 502,
      code: 'INTERNAL_ERROR',
      message: errorMessage('INTERNAL_ERROR', 'kk'),
      body,
    });
  });
});

describe('a malformed server answer becomes ApiError INTERNAL_ERROR and leaves the stores unchanged', () => {
  beforeEach(() => setLocale('ru'));

  const tokenBodies = [{ access_token: 'a', refresh_token: 'r' }, { access_token: 7 }, [], 'ok'];

  it.each([
    [
      'loginWithPassword',
      ACCOUNT_PATHS.login,
      () => loginWithPassword({ login: 'aigerim@example.kz', password: 'x' }),
    ],
    [
      'loginWithCode',
      ACCOUNT_PATHS.verifyCode,
      () => loginWithCode({ channel: 'sms', target: '+77012345678', code: CODE }),
    ],
    [
      'completeRegistration',
      ACCOUNT_PATHS.completeRegistration,
      () =>
        completeRegistration({
          registrationToken: 'registration-1',
          password: 'long-enough-1',
          firstname: 'Dana',
          lastname: 'Sultan',
        }),
    ],
    [
      'recoverPassword',
      ACCOUNT_PATHS.recoveryChange,
      () => recoverPassword({ target: 'aigerim@example.kz', code: CODE, newPassword: 'brand-new-pass' }),
    ],
  ] as const)('%s: a token answer without valid tokens logs nobody in', async (_name, path, run) => {
    for (const body of tokenBodies) {
      const setup = await anonymous();
      const stop = setup.server.intercept(['POST', path], () => json(200, body));
      const before = storesOf(setup);
      await expectMalformedError(run());
      stop();
      expect(storesOf(setup)).toEqual(before);
      expect(setup.server.callsTo(['GET', PROFILE_PATHS.user])).toHaveLength(0);
    }
  });

  it('refresh: keeps the old tokens and the session', async () => {
    const setup = await loggedIn();
    setup.server.intercept(['POST', ACCOUNT_PATHS.refresh], () =>
      json(200, { access_token: 'new', expires_in: 900 }),
    );
    const before = storesOf(setup);
    await expectMalformedError(refreshTokens());
    expect(storesOf(setup)).toEqual(before);
    expect(setup.onLoggedOut).not.toHaveBeenCalled();
  });

  it.each([
    [
      'requestCode',
      ACCOUNT_PATHS.sendCode,
      () => requestCode({ purpose: 'otp', channel: 'sms', target: '+77012345678' }),
    ],
    [
      'requestRecoveryCode',
      ACCOUNT_PATHS.recoverySendCode,
      () => requestRecoveryCode({ target: 'aigerim@example.kz' }),
    ],
    [
      'verifyRegistrationCode',
      ACCOUNT_PATHS.verifyCode,
      () => verifyRegistrationCode({ channel: 'email', target: 'new@example.kz', code: CODE }),
    ],
  ] as const)('%s: rejects an answer of the wrong shape', async (_name, path, run) => {
    const setup = await anonymous();
    setup.server.intercept(['POST', path], () =>
      json(200, { resendAfterSeconds: '60', registrationToken: '' }),
    );
    const before = storesOf(setup);
    await expectMalformedError(run());
    expect(storesOf(setup)).toEqual(before);
  });

  it('loadProfile: keeps the loaded profile', async () => {
    const setup = await loggedIn();
    setup.server.intercept(['GET', PROFILE_PATHS.user], () =>
      json(200, { email: 'a@example.kz', firstname: null }),
    );
    const before = storesOf(setup);
    expect(before.profile).toBeDefined();
    await expectMalformedError(loadProfile());
    expect(storesOf(setup)).toEqual(before);
  });

  it('updateProfile: keeps the profile', async () => {
    const setup = await loggedIn();
    setup.server.intercept(['PUT', PROFILE_PATHS.user], () => json(200, { firstname: 'Renamed' }));
    const before = storesOf(setup);
    await expectMalformedError(updateProfile({ firstname: 'Renamed', lastname: 'Bekova' }));
    expect(storesOf(setup)).toEqual(before);
  });

  const listBodies = [
    { companies: [] },
    [{ bin: '990340005977', nameRu: 'ТОО Альфа' }],
    [{ bin: 'x' }],
    null,
  ];

  it.each([
    ['reloadCompanies', 'GET', PROFILE_PATHS.companies, () => reloadCompanies()],
    ['setMainCompany', 'PUT', PROFILE_PATHS.mainCompany, () => setMainCompany('020540003431')],
    [
      'confirmAttachByIin',
      'POST',
      PROFILE_PATHS.attachByIinConfirm,
      () => confirmAttachByIin({ iin: IIN, phoneNumber: '+77012345678', code: CODE }),
    ],
  ] as const)('%s: keeps the company list and the selection', async (_name, method, path, run) => {
    const setup = await loggedIn();
    for (const body of listBodies) {
      const stop = setup.server.intercept([method, path], () => json(200, body));
      const before = storesOf(setup);
      await expectMalformedError(run());
      stop();
      expect(storesOf(setup)).toEqual(before);
    }
  });

  it('attachByIin: rejects an answer of the wrong shape', async () => {
    const setup = await loggedIn();
    setup.server.intercept(['POST', PROFILE_PATHS.attachByIin], () => json(200, { resendAfterSeconds: -1 }));
    const before = storesOf(setup);
    await expectMalformedError(attachByIin({ iin: IIN, phoneNumber: '+77012345678' }));
    expect(storesOf(setup)).toEqual(before);
  });

  it('lookupRegistry: rejects a record of the wrong shape', async () => {
    const setup = await loggedIn();
    setup.server.intercept(['GET', PROFILE_PATHS.registryLookup], () =>
      json(200, { bin: '990340005977', kind: 'bank', nameRu: 'ТОО Альфа' }),
    );
    const before = storesOf(setup);
    await expectMalformedError(lookupRegistry('990340005977'));
    expect(storesOf(setup)).toEqual(before);
  });

  it('at start-up: a malformed company list keeps the stored session (not a refusal)', async () => {
    const setup = clientOn(test.server);
    const tokens = await setup.server.world.login('aigerim');
    setup.client.storeTokens(tokens);
    setup.server.intercept(['GET', PROFILE_PATHS.companies], () => json(200, { items: [] }));
    await initSession(setup.client);
    expect($auth.get()).toEqual({ status: 'authenticated' });
    expect($companies.get()).toEqual([]);
    expect(setup.storage.getItem('token')).toBe(tokens.access_token);
    expect(setup.onLoggedOut).not.toHaveBeenCalled();
  });
});
