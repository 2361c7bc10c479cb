// @vitest-environment happy-dom
import { ACCOUNT_PATHS, GATEWAY_COOKIE, LOGIN_LOCK_SECONDS, PROFILE_PATHS } from '@qoltanba/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { $companies, $selectedCompanyBin } from '../company/companyStore';
import { readCookie } from '../cookies';
import { setLocale } from '../locale';
import { $profile } from '../profile/profileStore';
import { initSession } from '../session/initSession';
import { IDENTITY_NOTE_KEY } from '../session/storageKeys';
import { FAKE_CODE, failure } from '../testing/fakeServer';
import { setupClient, T0 } from '../testing/setupSession';
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

async function anonymousSession() {
  const setup = setupClient();
  await initSession(setup.client);
  return setup;
}

function expectLoggedIn(setup: Awaited<ReturnType<typeof anonymousSession>>, accessToken: string) {
  expect($auth.get()).toEqual({ status: 'authenticated' });
  expect(setup.storage.getItem('token')).toBe(accessToken);
  expect(setup.storage.getItem('refresh_token')).toMatch(/^refresh-/);
  expect(setup.storage.getItem('expires_in')).toBe(String(T0 + 900_000));
  expect(readCookie(GATEWAY_COOKIE)).toBe(accessToken);
  expect(setup.server.callsTo('GET', PROFILE_PATHS.user).at(-1)?.headers.get('authorization')).toBe(
    `Bearer ${accessToken}`,
  );
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
    await loginWithPassword({ login: ' aigerim@example.kz ', password: 'correct-horse' });
    expect(setup.server.callsTo('POST', ACCOUNT_PATHS.login)[0]?.body).toEqual({
      login: 'aigerim@example.kz',
      password: 'correct-horse',
      lang: 'ru',
    });
    expectLoggedIn(setup, 'access-1');
    expect($profile.get()).toMatchObject({ firstname: 'Aigerim', lastname: 'Bekova' });
    expect($companies.get().map((company) => company.bin)).toEqual(['990340005977', '020540003431']);
    expect($selectedCompanyBin.get()).toBe('990340005977');
  });

  it('accepts a phone number as login', async () => {
    const setup = await anonymousSession();
    await loginWithPassword({ login: '8 701 234 56 78', password: 'correct-horse' });
    expectLoggedIn(setup, 'access-1');
  });

  it.each([
    ['nobody@example.kz', 'correct-horse', 404, 'ACCOUNT_NOT_FOUND'],
    ['aigerim@example.kz', 'wrong', 401, 'INVALID_PASSWORD'],
  ] as const)(
    'rejects %s / %s with ApiError %i %s and stays anonymous',
    async (login, password, status, code) => {
      const setup = await anonymousSession();
      const error = await loginWithPassword({ login, password }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, code });
      expect($auth.get().status).toBe('anonymous');
      expect(setup.storage.getItem('token')).toBeNull();
      expect(setup.server.callsTo('GET', PROFILE_PATHS.user)).toHaveLength(0);
    },
  );

  it('surfaces ACCOUNT_BLOCKED with the unlock time as params', async () => {
    const setup = await anonymousSession();
    setup.server.account.blockedUntil = '2026-03-01T10:15:00.000Z';
    await expect(
      loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' }),
    ).rejects.toMatchObject({
      status: 423,
      code: 'ACCOUNT_BLOCKED',
      params: { until: '2026-03-01T10:15:00.000Z' },
    });
  });

  it('surfaces the slow-down of an account under distributed guessing as RATE_LIMITED with retryAfter', async () => {
    const setup = await anonymousSession();
    setup.server.account.slowedDownFor = 32;
    await expect(
      loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' }),
    ).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', params: { retryAfter: 32 } });
    // Login by code is counted apart and stays open.
    await loginWithCode({ channel: 'email', target: 'aigerim@example.kz', code: FAKE_CODE });
    expectLoggedIn(setup, 'access-1');
  });

  it('is blocked from password login after 5 wrong passwords in a row, while login by code stays open', async () => {
    const setup = await anonymousSession();
    const attempt = (password: string) =>
      loginWithPassword({ login: 'aigerim@example.kz', password }).catch((error: unknown) => error);
    for (let i = 0; i < 4; i++) expect(await attempt('wrong')).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(await attempt('wrong')).toMatchObject({ status: 423, code: 'ACCOUNT_BLOCKED' });
    const blocked = await attempt('correct-horse');
    expect(blocked).toMatchObject({ status: 423, code: 'ACCOUNT_BLOCKED' });
    // For 15 minutes on the fake's clock.
    expect((blocked as ApiError).params?.until).toBe(new Date(T0 + LOGIN_LOCK_SECONDS * 1000).toISOString());
    await loginWithCode({ channel: 'email', target: 'aigerim@example.kz', code: FAKE_CODE });
    expectLoggedIn(setup, 'access-1');
  });

  it('requestCode sends the target by channel and returns the resend and expiry times', async () => {
    const setup = await anonymousSession();
    await expect(
      requestCode({ purpose: 'otp', channel: 'sms', target: '+7 701 234 56 78' }),
    ).resolves.toEqual({
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    });
    await requestCode({ purpose: 'registration', channel: 'email', target: 'new@example.kz' });
    expect(setup.server.calls.map((call) => [call.path, call.body])).toEqual([
      [
        `${ACCOUNT_PATHS.sendCode.replace(':purpose/:channel', 'otp/sms')}`,
        { phoneNumber: '+7 701 234 56 78', lang: 'kk' },
      ],
      [
        `${ACCOUNT_PATHS.sendCode.replace(':purpose/:channel', 'registration/email')}`,
        { email: 'new@example.kz', lang: 'kk' },
      ],
    ]);
  });

  it('loginWithCode verifies the otp code, stores the tokens and loads the profile', async () => {
    const setup = await anonymousSession();
    await loginWithCode({ channel: 'email', target: 'aigerim@example.kz', code: FAKE_CODE });
    expect(setup.server.callsTo('POST', ACCOUNT_PATHS.verifyCode)[0]).toMatchObject({
      path: ACCOUNT_PATHS.verifyCode.replace(':purpose/:channel', 'otp/email'),
      body: { email: 'aigerim@example.kz', code: FAKE_CODE, lang: 'kk' },
    });
    expectLoggedIn(setup, 'access-1');
    expect($profile.get()?.email).toBe('aigerim@example.kz');
  });

  it('loginWithCode rejects a wrong code with INVALID_CODE', async () => {
    await anonymousSession();
    await expect(
      loginWithCode({ channel: 'sms', target: '+77012345678', code: '000000' }),
    ).rejects.toMatchObject({
      code: 'INVALID_CODE',
    });
    expect($auth.get().status).toBe('anonymous');
  });

  it('registers: code -> ticket -> password and name, then logged in with the new profile', async () => {
    const setup = await anonymousSession();
    const ticket = await verifyRegistrationCode({
      channel: 'email',
      target: 'new@example.kz',
      code: FAKE_CODE,
    });
    expect(ticket).toEqual({ registrationToken: 'registration-1', expires_in: 600 });
    expect($auth.get().status).toBe('anonymous');
    await completeRegistration({
      registrationToken: ticket.registrationToken,
      password: 'long-enough-1',
      firstname: ' Dana ',
      lastname: 'Sultan',
    });
    expect(setup.server.callsTo('POST', ACCOUNT_PATHS.completeRegistration)[0]?.body).toEqual({
      registrationToken: 'registration-1',
      password: 'long-enough-1',
      firstname: 'Dana',
      lastname: 'Sultan',
      lang: 'kk',
    });
    expectLoggedIn(setup, 'access-1');
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
    await expect(requestRecoveryCode({ target: 'aigerim@example.kz' })).resolves.toMatchObject({
      resendAfterSeconds: 60,
    });
    await recoverPassword({ target: 'aigerim@example.kz', code: FAKE_CODE, newPassword: 'brand-new-pass' });
    expect(setup.server.callsTo('POST', ACCOUNT_PATHS.recoveryChange)[0]?.body).toEqual({
      target: 'aigerim@example.kz',
      code: FAKE_CODE,
      newPassword: 'brand-new-pass',
      lang: 'kk',
    });
    expectLoggedIn(setup, 'access-1');
    expect(setup.server.account.password).toBe('brand-new-pass');
  });

  it('refreshTokens stores the new tokens and reloads the profile', async () => {
    const setup = await anonymousSession();
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    setup.server.account.profile = { ...setup.server.account.profile, firstname: 'Renamed' };
    await refreshTokens();
    expect(setup.server.callsTo('POST', ACCOUNT_PATHS.refresh)[0]?.body).toEqual({
      refreshToken: 'refresh-1',
    });
    expectLoggedIn(setup, 'access-2');
    expect($profile.get()?.firstname).toBe('Renamed');
    expect(setup.server.callsTo('GET', PROFILE_PATHS.user)).toHaveLength(2);
  });

  it('keeps the login when loading the companies fails', async () => {
    const setup = await anonymousSession();
    setup.server.on('GET', PROFILE_PATHS.companies, () => failure('INTERNAL_ERROR', 500));
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    expect($auth.get().status).toBe('authenticated');
    expect($profile.get()).toBeDefined();
  });

  it('logout clears the session state and storage, keeps the identity note, removes GATEWAY', async () => {
    const setup = await anonymousSession();
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    setup.storage.setItem(IDENTITY_NOTE_KEY, 'note');
    setup.sessionStorage.setItem('wizard', 'step-2');
    await logout();
    expect(setup.server.callsTo('GET', ACCOUNT_PATHS.logout)).toHaveLength(1);
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
