// @vitest-environment happy-dom
import {
  ACCESS_TOKEN_SECONDS,
  ACCOUNT_PATHS,
  GATEWAY_COOKIE,
  LOGIN_LOCK_SECONDS,
  LOGIN_SLOWDOWN_AFTER,
  PROFILE_PATHS,
} from '@qoltanba/core';
import { ALFA, BETA, testServerPerFile, WORLD_PASSWORD, WORLD_USERS } from '@qoltanba/server/testing';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { $companies, $selectedCompanyBin } from '../company/companyStore';
import { readCookie } from '../cookies';
import { setLocale } from '../locale';
import { $profile } from '../profile/profileStore';
import { initSession } from '../session/initSession';
import { IDENTITY_NOTE_KEY } from '../session/storageKeys';
import { clientOn, directAs, refusal } from '../test-support/real-server';
import {
  completeRegistration,
  loginWithCode,
  loginWithPassword,
  logout,
  recoverPassword,
  refreshTokens,
  requestCode,
  requestRecoveryCode,
  verifyRegistrationCode,
} from './authActions';
import { $auth } from './authState';

const test = testServerPerFile();
const AIGERIM = WORLD_USERS.aigerim.email;
/** A phone no world user has, as a user types it and as the server keeps it. */
const NEW_PHONE = { typed: '+7 701 234 56 78', local: '8 701 234 56 78', stored: '+77012345678' };

async function anonymousSession() {
  const setup = clientOn(test.server);
  await initSession(setup.client);
  return setup;
}

/** Logged in: the stored token is the cookie and the bearer of the last profile load; it expires with the server's clock. */
function expectLoggedIn(setup: Awaited<ReturnType<typeof anonymousSession>>) {
  const token = setup.storage.getItem('token');
  expect($auth.get()).toEqual({ status: 'authenticated' });
  expect(token).toBeTruthy();
  expect(setup.storage.getItem('refresh_token')).toBeTruthy();
  expect(setup.storage.getItem('expires_in')).toBe(
    String(setup.server.clock.now().getTime() + ACCESS_TOKEN_SECONDS * 1000),
  );
  expect(readCookie(GATEWAY_COOKIE)).toBe(token);
  expect(setup.server.callsTo(['GET', PROFILE_PATHS.user]).at(-1)?.headers.get('authorization')).toBe(
    `Bearer ${token}`,
  );
  return token;
}

/** Logs in by the e-mail code the server sent (login by code is counted apart from passwords). */
async function loginByEmailCode(email = AIGERIM) {
  await requestCode({ purpose: 'otp', channel: 'email', target: email });
  await loginWithCode({ channel: 'email', target: email, code: await test.server.code(email) });
}

describe('auth actions', () => {
  beforeEach(() => setLocale('kk'));

  it('starts anonymous without stored tokens', async () => {
    await anonymousSession();
    expect($auth.get()).toEqual({ status: 'anonymous' });
    expect($profile.get()).toBeUndefined();
  });

  it('loginWithPassword stores the tokens, loads the profile and the companies, with lang from $locale', async () => {
    const setup = await anonymousSession();
    setLocale('ru');
    await loginWithPassword({ login: ` ${AIGERIM} `, password: WORLD_PASSWORD });
    expect(setup.server.callsTo(['POST', ACCOUNT_PATHS.login])[0]?.json()).toEqual({
      login: AIGERIM,
      password: WORLD_PASSWORD,
      lang: 'ru',
    });
    expectLoggedIn(setup);
    expect($profile.get()).toMatchObject({
      firstname: WORLD_USERS.aigerim.firstname,
      lastname: WORLD_USERS.aigerim.lastname,
    });
    // The world attaches her companies at one instant: the server lists them by BIN, and the first is selected.
    expect($companies.get().map((company) => company.bin)).toEqual([BETA.bin, ALFA.bin]);
    expect($selectedCompanyBin.get()).toBe(BETA.bin);
  });

  it('accepts a phone number as login (a user who registered by SMS)', async () => {
    const setup = await anonymousSession();
    await requestCode({ purpose: 'registration', channel: 'sms', target: NEW_PHONE.typed });
    const { registrationToken } = await verifyRegistrationCode({
      channel: 'sms',
      target: NEW_PHONE.typed,
      code: await setup.server.code(NEW_PHONE.stored),
    });
    await completeRegistration({
      registrationToken,
      password: 'long-enough-1',
      firstname: 'Дана',
      lastname: 'Султан',
    });
    await logout();
    await loginWithPassword({ login: NEW_PHONE.local, password: 'long-enough-1' });
    expectLoggedIn(setup);
    expect($profile.get()).toMatchObject({ firstname: 'Дана', lastname: 'Султан' });
  });

  it.each([
    ['nobody@example.kz', WORLD_PASSWORD, 404, 'ACCOUNT_NOT_FOUND'],
    [AIGERIM, 'wrong', 401, 'INVALID_PASSWORD'],
  ] as const)(
    'rejects %s / %s with ApiError %i %s and stays anonymous',
    async (login, password, status, code) => {
      const setup = await anonymousSession();
      const error = await loginWithPassword({ login, password }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, code });
      expect($auth.get().status).toBe('anonymous');
      expect(setup.storage.getItem('token')).toBeNull();
      expect(setup.server.callsTo(['GET', PROFILE_PATHS.user])).toHaveLength(0);
    },
  );

  it('surfaces ACCOUNT_BLOCKED with the unlock time as params', async () => {
    const { server } = await anonymousSession();
    // Locked out at a chosen time: an hour after the server started.
    server.clock.advance(3600);
    const lockedAt = server.clock.now().getTime();
    await server.world.lockOut('aigerim');
    await expect(loginWithPassword({ login: AIGERIM, password: WORLD_PASSWORD })).rejects.toMatchObject({
      status: 423,
      code: 'ACCOUNT_BLOCKED',
      params: { until: new Date(lockedAt + LOGIN_LOCK_SECONDS * 1000).toISOString() },
    });
  });

  it('surfaces the slow-down of an account under distributed guessing as RATE_LIMITED with retryAfter', async () => {
    const setup = await anonymousSession();
    // Wrong passwords from as many addresses: none is locked out, the account waits 1 s from the last one on.
    expect(await setup.server.world.guessPasswords('aigerim', LOGIN_SLOWDOWN_AFTER)).toEqual(
      Array(LOGIN_SLOWDOWN_AFTER).fill(401),
    );
    await expect(loginWithPassword({ login: AIGERIM, password: WORLD_PASSWORD })).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      params: { retryAfter: 1 },
    });
    // Login by code is counted apart and stays open.
    await loginByEmailCode();
    expectLoggedIn(setup);
  });

  it('is blocked from password login after 5 wrong passwords in a row, while login by code stays open', async () => {
    const setup = await anonymousSession();
    const attempt = (password: string) =>
      loginWithPassword({ login: AIGERIM, password }).catch((error: unknown) => error);
    for (let i = 0; i < 4; i++) expect(await attempt('wrong')).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(await attempt('wrong')).toMatchObject({ status: 423, code: 'ACCOUNT_BLOCKED' });
    const blocked = await attempt(WORLD_PASSWORD);
    expect(blocked).toMatchObject({ status: 423, code: 'ACCOUNT_BLOCKED' });
    // For 15 minutes on the server's clock.
    expect((blocked as ApiError).params?.until).toBe(
      new Date(setup.server.clock.now().getTime() + LOGIN_LOCK_SECONDS * 1000).toISOString(),
    );
    await loginByEmailCode();
    expectLoggedIn(setup);
  });

  it('requestCode sends the target by channel and returns the resend and expiry times', async () => {
    const setup = await anonymousSession();
    await expect(requestCode({ purpose: 'otp', channel: 'email', target: AIGERIM })).resolves.toEqual({
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    });
    await requestCode({ purpose: 'registration', channel: 'sms', target: NEW_PHONE.typed });
    expect(setup.server.calls.map((call) => [call.path, call.json()])).toEqual([
      [`${ACCOUNT_PATHS.sendCode.replace(':purpose/:channel', 'otp/email')}`, { email: AIGERIM, lang: 'kk' }],
      [
        `${ACCOUNT_PATHS.sendCode.replace(':purpose/:channel', 'registration/sms')}`,
        { phoneNumber: NEW_PHONE.typed, lang: 'kk' },
      ],
    ]);
    // The codes arrived where asked: by e-mail and by SMS.
    expect((await setup.server.mails(AIGERIM))[0]?.channel).toBe('email');
    expect((await setup.server.mails(NEW_PHONE.stored))[0]?.channel).toBe('sms');
  });

  it('loginWithCode verifies the otp code, stores the tokens and loads the profile', async () => {
    const setup = await anonymousSession();
    await requestCode({ purpose: 'otp', channel: 'email', target: AIGERIM });
    const code = await setup.server.code(AIGERIM);
    await loginWithCode({ channel: 'email', target: AIGERIM, code });
    expect(setup.server.callsTo(['POST', ACCOUNT_PATHS.verifyCode])[0]).toMatchObject({
      path: ACCOUNT_PATHS.verifyCode.replace(':purpose/:channel', 'otp/email'),
    });
    expect(setup.server.callsTo(['POST', ACCOUNT_PATHS.verifyCode])[0]?.json()).toEqual({
      email: AIGERIM,
      code,
      lang: 'kk',
    });
    expectLoggedIn(setup);
    expect($profile.get()?.email).toBe(AIGERIM);
  });

  it('loginWithCode rejects a wrong code with INVALID_CODE', async () => {
    await anonymousSession();
    await requestCode({ purpose: 'otp', channel: 'email', target: AIGERIM });
    const right = await test.server.code(AIGERIM);
    const wrong = right === '000000' ? '111111' : '000000';
    await expect(loginWithCode({ channel: 'email', target: AIGERIM, code: wrong })).rejects.toMatchObject({
      code: 'INVALID_CODE',
    });
    expect($auth.get().status).toBe('anonymous');
  });

  it('registers: code -> ticket -> password and name, then logged in with the new profile', async () => {
    const setup = await anonymousSession();
    await requestCode({ purpose: 'registration', channel: 'email', target: 'new@example.kz' });
    const ticket = await verifyRegistrationCode({
      channel: 'email',
      target: 'new@example.kz',
      code: await setup.server.code('new@example.kz'),
    });
    expect(ticket).toEqual({ registrationToken: expect.any(String), expires_in: 600 });
    expect($auth.get().status).toBe('anonymous');
    await completeRegistration({
      registrationToken: ticket.registrationToken,
      password: 'long-enough-1',
      firstname: ' Dana ',
      lastname: 'Sultan',
    });
    expect(setup.server.callsTo(['POST', ACCOUNT_PATHS.completeRegistration])[0]?.json()).toEqual({
      registrationToken: ticket.registrationToken,
      password: 'long-enough-1',
      firstname: 'Dana',
      lastname: 'Sultan',
      lang: 'kk',
    });
    expectLoggedIn(setup);
    expect($profile.get()).toEqual({
      email: 'new@example.kz',
      firstname: 'Dana',
      lastname: 'Sultan',
      lang: 'kk',
    });
    expect($companies.get()).toEqual([]);
    expect($selectedCompanyBin.get()).toBeUndefined();
  });

  it('recovers a password: code request, then change, then logged in', async () => {
    const setup = await anonymousSession();
    await expect(requestRecoveryCode({ target: AIGERIM })).resolves.toMatchObject({
      resendAfterSeconds: 60,
    });
    const code = await setup.server.code(AIGERIM);
    await recoverPassword({ target: AIGERIM, code, newPassword: 'brand-new-pass' });
    expect(setup.server.callsTo(['POST', ACCOUNT_PATHS.recoveryChange])[0]?.json()).toEqual({
      target: AIGERIM,
      code,
      newPassword: 'brand-new-pass',
      lang: 'kk',
    });
    expectLoggedIn(setup);
    // The server signs her in with the new password only.
    await expect(setup.server.world.login('aigerim', 'brand-new-pass')).resolves.toBeDefined();
    await expect(setup.server.world.login('aigerim')).rejects.toThrow(/401/);
  });

  it('refreshTokens stores the new tokens and reloads the profile', async () => {
    const setup = await anonymousSession();
    await loginWithPassword({ login: AIGERIM, password: WORLD_PASSWORD });
    const before = { token: setup.storage.getItem('token'), refresh: setup.storage.getItem('refresh_token') };
    await directAs(setup.server, before.token ?? '', 'PUT', PROFILE_PATHS.user, {
      firstname: 'Переименована',
      lastname: WORLD_USERS.aigerim.lastname,
    });
    await refreshTokens();
    expect(setup.server.callsTo(['POST', ACCOUNT_PATHS.refresh])[0]?.json()).toEqual({
      refreshToken: before.refresh,
    });
    expect(expectLoggedIn(setup)).not.toBe(before.token);
    expect($profile.get()?.firstname).toBe('Переименована');
    expect(setup.server.callsTo(['GET', PROFILE_PATHS.user])).toHaveLength(2);
  });

  it('keeps the login when loading the companies fails', async () => {
    const setup = await anonymousSession();
    setup.server.failNext(['GET', PROFILE_PATHS.companies], refusal(500, 'INTERNAL_ERROR'));
    await loginWithPassword({ login: AIGERIM, password: WORLD_PASSWORD });
    expect($auth.get().status).toBe('authenticated');
    expect($profile.get()).toBeDefined();
  });

  it('logout clears the session state and storage, keeps the identity note, removes GATEWAY', async () => {
    const setup = await anonymousSession();
    await loginWithPassword({ login: AIGERIM, password: WORLD_PASSWORD });
    setup.storage.setItem(IDENTITY_NOTE_KEY, 'note');
    setup.sessionStorage.setItem('wizard', 'step-2');
    await logout();
    expect(setup.server.callsTo(['GET', ACCOUNT_PATHS.logout])).toHaveLength(1);
    expect($auth.get()).toEqual({ status: 'anonymous' });
    expect($profile.get()).toBeUndefined();
    expect($companies.get()).toEqual([]);
    expect($selectedCompanyBin.get()).toBeUndefined();
    expect([setup.storage.length, setup.storage.getItem(IDENTITY_NOTE_KEY)]).toEqual([1, 'note']);
    expect(setup.sessionStorage.length).toBe(0);
    expect(readCookie(GATEWAY_COOKIE)).toBeUndefined();
    expect(setup.onLoggedOut).toHaveBeenCalledWith('user');
  });
});
