// @vitest-environment happy-dom
import { ACCESS_TOKEN_SECONDS, ACCOUNT_PATHS, GATEWAY_COOKIE, PROFILE_PATHS } from '@qoltanba/core';
import { errorResponse, testServerPerFile, WORLD_USERS } from '@qoltanba/server/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { readCookie } from '../cookies';
import { clientOn, refusal, revokeOn, withTokensOn } from '../test-support/real-server';
import { createQoltanbaClient, expectAuthTokens, type QoltanbaClientOptions } from './client';
import { $loading } from './loading';
import { IDENTITY_NOTE_KEY } from './storageKeys';

const test = testServerPerFile();
const loggedIn = (options: Partial<QoltanbaClientOptions> = {}) =>
  withTokensOn(test.server, 'aigerim', options);
/** Past the access token's life, within the refresh token's. */
const expire = () => test.server.clock.advance(ACCESS_TOKEN_SECONDS + 60);

describe('createQoltanbaClient', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the GATEWAY cookie as bearer with Accept-Language on authenticated calls', async () => {
    const { client, server, storage, tokens } = await loggedIn({ getLang: () => 'ru' });
    // The cookie is what counts, not the stored copy.
    storage.setItem('token', 'stale');
    expect(readCookie(GATEWAY_COOKIE)).toBe(tokens.access_token);
    await client.api.get(PROFILE_PATHS.user).json();
    const [call] = server.callsTo(['GET', PROFILE_PATHS.user]);
    expect(call?.headers.get('authorization')).toBe(`Bearer ${tokens.access_token}`);
    expect(call?.headers.get('accept-language')).toBe('ru');
  });

  it('sends no bearer on public calls', async () => {
    const { client, server } = await loggedIn();
    await client.publicApi
      .post({ login: 'x', password: 'y', lang: 'kk' }, ACCOUNT_PATHS.login)
      .res()
      .catch(() => {});
    expect(server.callsTo(['POST', ACCOUNT_PATHS.login])[0]?.headers.has('authorization')).toBe(false);
  });

  it('refreshes with the stored refresh token before a request once the expiry has passed', async () => {
    const { client, server, storage, tokens } = await loggedIn();
    await client.api.get(PROFILE_PATHS.user).json();
    expect(server.callsTo(['POST', ACCOUNT_PATHS.refresh])).toHaveLength(0);

    server.clock.advance(ACCESS_TOKEN_SECONDS + 1);
    await expect(client.api.get(PROFILE_PATHS.user).json()).resolves.toMatchObject({
      firstname: WORLD_USERS.aigerim.firstname,
    });
    const refreshes = server.callsTo(['POST', ACCOUNT_PATHS.refresh]);
    expect(refreshes.map((call) => call.json())).toEqual([{ refreshToken: tokens.refresh_token }]);
    expect(server.calls.map((call) => call.path).slice(-2)).toEqual([
      ACCOUNT_PATHS.refresh,
      PROFILE_PATHS.user,
    ]);
    const renewed = storage.getItem('token');
    expect(renewed).not.toBe(tokens.access_token);
    expect(server.callsTo(['GET', PROFILE_PATHS.user])[1]?.headers.get('authorization')).toBe(
      `Bearer ${renewed}`,
    );
    expect(storage.getItem('refresh_token')).not.toBe(tokens.refresh_token);
    expect(storage.getItem('expires_in')).toBe(
      String(server.clock.now().getTime() + ACCESS_TOKEN_SECONDS * 1000),
    );
    expect(readCookie(GATEWAY_COOKIE)).toBe(renewed);
  });

  it('shares one refresh between concurrent requests and reports it once', async () => {
    const { client, server, storage } = await loggedIn();
    const events = vi.fn();
    client.onSessionEvent(events);
    expire();
    await Promise.all([
      client.api.get(PROFILE_PATHS.user).json(),
      client.api.get(PROFILE_PATHS.companies).json(),
      client.api.get(PROFILE_PATHS.user).json(),
    ]);
    expect(server.callsTo(['POST', ACCOUNT_PATHS.refresh])).toHaveLength(1);
    expect(events.mock.calls).toEqual([[{ type: 'refreshed' }]]);
    const bearers = server.calls
      .filter((call) => call.method === 'GET')
      .map((call) => call.headers.get('authorization'));
    const renewed = `Bearer ${storage.getItem('token')}`;
    expect(bearers).toEqual([renewed, renewed, renewed]);
  });

  it.each([403, 401])(
    'logs out at once when the refresh is answered %i, and the request fails',
    async (status) => {
      const { client, server, storage, onLoggedOut } = await loggedIn();
      server.failNext(
        ['POST', ACCOUNT_PATHS.refresh],
        refusal(status, status === 403 ? 'FORBIDDEN' : 'UNAUTHORIZED'),
      );
      storage.setItem(IDENTITY_NOTE_KEY, 'kept');
      expire();
      const error = await client.api
        .get(PROFILE_PATHS.user)
        .json()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status });
      expect(onLoggedOut).toHaveBeenCalledWith('refresh-rejected');
      expect(client.hasSession()).toBe(false);
      expect(storage.getItem(IDENTITY_NOTE_KEY)).toBe('kept');
      expect(server.callsTo(['GET', PROFILE_PATHS.user])).toHaveLength(0);
    },
  );

  it('keeps the session when the refresh fails for another reason', async () => {
    const { client, server, onLoggedOut } = await loggedIn();
    server.failNext(['POST', ACCOUNT_PATHS.refresh], refusal(500, 'INTERNAL_ERROR'));
    expire();
    await expect(client.api.get(PROFILE_PATHS.user).json()).rejects.toMatchObject({ status: 500 });
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(client.hasSession()).toBe(true);
  });

  it('logs out after the delay when an authenticated response is 401, and calls onLoggedOut', async () => {
    const { client, server, onLoggedOut, tokens } = await loggedIn({ logoutDelayMs: 300 });
    await revokeOn(server, tokens.access_token);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const events = vi.fn();
    client.onSessionEvent(events);
    await expect(client.api.get(PROFILE_PATHS.user).json()).rejects.toMatchObject({
      status: 401,
      code: 'UNAUTHORIZED',
    });
    await expect(client.api.get(PROFILE_PATHS.companies).json()).rejects.toMatchObject({ status: 401 });
    await vi.advanceTimersByTimeAsync(299);
    expect(client.hasSession()).toBe(true);
    expect(onLoggedOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(client.hasSession()).toBe(false);
    expect(readCookie(GATEWAY_COOKIE)).toBeUndefined();
    expect(onLoggedOut.mock.calls).toEqual([['unauthorized']]);
    expect(events.mock.calls).toEqual([[{ type: 'logged-out', reason: 'unauthorized' }]]);
    // A forced logout does not call the server with a token it already refused.
    expect(server.callsTo(['GET', ACCOUNT_PATHS.logout])).toHaveLength(0);
  });

  it('does not log out for a 401 on a public call (a wrong password)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, onLoggedOut } = clientOn(test.server);
    await expect(
      client.publicApi
        .post({ login: WORLD_USERS.aigerim.email, password: 'wrong', lang: 'kk' }, ACCOUNT_PATHS.login)
        .json(),
    ).rejects.toMatchObject({ status: 401, code: 'INVALID_PASSWORD' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onLoggedOut).not.toHaveBeenCalled();
  });

  it('ignores a late 401 for a token that a refresh has replaced', async () => {
    const { client, server, onLoggedOut } = await loggedIn();
    // The server refuses the token once (as for a session it ended); the refresh then replaces it.
    server.failNext(['GET', PROFILE_PATHS.user], refusal(401, 'UNAUTHORIZED'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(client.api.get(PROFILE_PATHS.user).json()).rejects.toMatchObject({ status: 401 });
    await client.refreshTokens();
    await vi.advanceTimersByTimeAsync(300);
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(client.hasSession()).toBe(true);
  });

  it('sets $loading while requests are in flight and clears it on success and on error', async () => {
    const { client, server } = await loggedIn();
    const profile = server.hold(['GET', PROFILE_PATHS.user]);
    let failCompanies: () => void = () => undefined;
    const companiesArrived = new Promise<void>((arrived) => {
      server.intercept(
        ['GET', PROFILE_PATHS.companies],
        () =>
          new Promise<Response>((resolve) => {
            failCompanies = () => resolve(errorResponse(500, 'INTERNAL_ERROR'));
            arrived();
          }),
      );
    });
    const seen: boolean[] = [];
    const stop = $loading.subscribe((value) => seen.push(value));

    const ok = client.api.get(PROFILE_PATHS.user).json();
    const bad = client.api
      .get(PROFILE_PATHS.companies)
      .json()
      .catch((e: unknown) => e);
    await Promise.all([profile.arrived, companiesArrived]);
    expect($loading.get()).toBe(true);
    profile.release();
    await ok;
    expect($loading.get()).toBe(true);
    failCompanies();
    expect(await bad).toMatchObject({ status: 500 });
    expect($loading.get()).toBe(false);

    await client.publicApi
      .get('/nowhere')
      .res()
      .catch(() => {});
    expect($loading.get()).toBe(false);
    stop();
    expect(seen).toEqual([false, true, false, true, false]);
  });

  it('clears $loading when the network fails', async () => {
    const { client } = await loggedIn({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(client.api.get(PROFILE_PATHS.user).json()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect($loading.get()).toBe(false);
  });

  it('logout revokes on the server with the bearer, wipes storage except the identity note, removes GATEWAY', async () => {
    const { client, server, storage, sessionStorage, onLoggedOut, tokens } = await loggedIn();
    storage.setItem('selectedCompanyBin', '990340005977');
    storage.setItem(IDENTITY_NOTE_KEY, 'note');
    sessionStorage.setItem('x', 'y');
    await client.logout();
    expect(server.callsTo(['GET', ACCOUNT_PATHS.logout])[0]?.headers.get('authorization')).toBe(
      `Bearer ${tokens.access_token}`,
    );
    expect([storage.length, storage.getItem(IDENTITY_NOTE_KEY), sessionStorage.length]).toEqual([
      1,
      'note',
      0,
    ]);
    expect(readCookie(GATEWAY_COOKIE)).toBeUndefined();
    expect(onLoggedOut).toHaveBeenCalledWith('user');
  });

  it('logs out locally even when the server cannot be reached', async () => {
    const { client, server } = await loggedIn();
    server.failNext(['GET', ACCOUNT_PATHS.logout], { networkError: true });
    await client.logout();
    expect(client.hasSession()).toBe(false);
  });
});

describe('expectAuthTokens', () => {
  it('accepts a token response and rejects anything else with ApiError', () => {
    const tokens = { access_token: 'a', refresh_token: 'r', expires_in: 900 };
    expect(expectAuthTokens(tokens, 'en')).toEqual(tokens);
    for (const body of [null, {}, { ...tokens, expires_in: '900' }, { ...tokens, access_token: '' }]) {
      expect(() => expectAuthTokens(body, 'en')).toThrow(ApiError);
    }
  });
});

describe('createQoltanbaClient defaults', () => {
  it('keeps the tokens in localStorage and wipes sessionStorage on logout', async () => {
    localStorage.clear();
    sessionStorage.setItem('wizard', 'x');
    const { server } = test;
    const client = createQoltanbaClient({ baseUrl: server.baseUrl, fetch: server.fetch });
    const tokens = await server.world.login('aigerim');
    client.storeTokens(tokens);
    expect(localStorage.getItem('token')).toBe(tokens.access_token);
    expect(client.storage).toBe(localStorage);
    await client.logout();
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0]);
  });
});
