// @vitest-environment happy-dom
import { ACCOUNT_PATHS, GATEWAY_COOKIE, PROFILE_PATHS } from '@qoltanba/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { readCookie } from '../cookies';
import { createFakeServer, FAKE_BASE_URL, failure, json } from '../testing/fakeServer';
import { setupClient, T0 } from '../testing/setupSession';
import { createQoltanbaClient, expectAuthTokens } from './client';
import { $loading } from './loading';
import { IDENTITY_NOTE_KEY } from './storageKeys';

function loggedIn(options: Parameters<typeof setupClient>[0] = {}) {
  const setup = setupClient(options);
  setup.client.storeTokens(setup.server.issue());
  return setup;
}

describe('createQoltanbaClient', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the GATEWAY cookie as bearer with Accept-Language on authenticated calls', async () => {
    const { client, server, storage } = loggedIn({ getLang: () => 'ru' });
    // The cookie is what counts, not the stored copy.
    storage.setItem('token', 'stale');
    expect(readCookie(GATEWAY_COOKIE)).toBe('access-1');
    await client.api.get(PROFILE_PATHS.user).json();
    const [call] = server.callsTo('GET', PROFILE_PATHS.user);
    expect(call?.headers.get('authorization')).toBe('Bearer access-1');
    expect(call?.headers.get('accept-language')).toBe('ru');
  });

  it('sends no bearer on public calls', async () => {
    const { client, server } = loggedIn();
    await client.publicApi
      .post({ login: 'x', password: 'y', lang: 'kk' }, ACCOUNT_PATHS.login)
      .res()
      .catch(() => {});
    expect(server.callsTo('POST', ACCOUNT_PATHS.login)[0]?.headers.has('authorization')).toBe(false);
  });

  it('refreshes with the stored refresh token before a request once the expiry has passed', async () => {
    const { client, server, clock, storage } = loggedIn();
    await client.api.get(PROFILE_PATHS.user).json();
    expect(server.callsTo('POST', ACCOUNT_PATHS.refresh)).toHaveLength(0);

    clock.now = T0 + 15 * 60_000 + 1;
    await expect(client.api.get(PROFILE_PATHS.user).json()).resolves.toMatchObject({ firstname: 'Aigerim' });
    const refreshes = server.callsTo('POST', ACCOUNT_PATHS.refresh);
    expect(refreshes.map((call) => call.body)).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(server.calls.map((call) => call.path).slice(-2)).toEqual([
      ACCOUNT_PATHS.refresh,
      PROFILE_PATHS.user,
    ]);
    expect(server.callsTo('GET', PROFILE_PATHS.user)[1]?.headers.get('authorization')).toBe(
      'Bearer access-2',
    );
    expect(storage.getItem('refresh_token')).toBe('refresh-2');
    expect(storage.getItem('expires_in')).toBe(String(clock.now + 900_000));
    expect(readCookie(GATEWAY_COOKIE)).toBe('access-2');
  });

  it('shares one refresh between concurrent requests and reports it once', async () => {
    const { client, server, clock } = loggedIn();
    const events = vi.fn();
    client.onSessionEvent(events);
    clock.now = T0 + 16 * 60_000;
    await Promise.all([
      client.api.get(PROFILE_PATHS.user).json(),
      client.api.get(PROFILE_PATHS.companies).json(),
      client.api.get(PROFILE_PATHS.user).json(),
    ]);
    expect(server.callsTo('POST', ACCOUNT_PATHS.refresh)).toHaveLength(1);
    expect(events.mock.calls).toEqual([[{ type: 'refreshed' }]]);
    const bearers = server.calls
      .filter((call) => call.method === 'GET')
      .map((call) => call.headers.get('authorization'));
    expect(bearers).toEqual(['Bearer access-2', 'Bearer access-2', 'Bearer access-2']);
  });

  it.each([403, 401])(
    'logs out at once when the refresh is answered %i, and the request fails',
    async (status) => {
      const { client, server, clock, storage, onLoggedOut } = loggedIn();
      server.on('POST', ACCOUNT_PATHS.refresh, () =>
        failure(status === 403 ? 'FORBIDDEN' : 'UNAUTHORIZED', status),
      );
      storage.setItem(IDENTITY_NOTE_KEY, 'kept');
      clock.now = T0 + 16 * 60_000;
      const error = await client.api
        .get(PROFILE_PATHS.user)
        .json()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status });
      expect(onLoggedOut).toHaveBeenCalledWith('refresh-rejected');
      expect(client.hasSession()).toBe(false);
      expect(storage.getItem(IDENTITY_NOTE_KEY)).toBe('kept');
      expect(server.callsTo('GET', PROFILE_PATHS.user)).toHaveLength(0);
    },
  );

  it('keeps the session when the refresh fails for another reason', async () => {
    const { client, server, clock, onLoggedOut } = loggedIn();
    server.on('POST', ACCOUNT_PATHS.refresh, () => failure('INTERNAL_ERROR', 500));
    clock.now = T0 + 16 * 60_000;
    await expect(client.api.get(PROFILE_PATHS.user).json()).rejects.toMatchObject({ status: 500 });
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(client.hasSession()).toBe(true);
  });

  it('logs out after the delay when an authenticated response is 401, and calls onLoggedOut', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, server, onLoggedOut } = loggedIn({ logoutDelayMs: 300 });
    const events = vi.fn();
    client.onSessionEvent(events);
    server.revoke('access-1');
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
    expect(server.callsTo('GET', ACCOUNT_PATHS.logout)).toHaveLength(0);
  });

  it('does not log out for a 401 on a public call (a wrong password)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, onLoggedOut } = setupClient();
    await expect(
      client.publicApi
        .post({ login: 'aigerim@example.kz', password: 'wrong', lang: 'kk' }, ACCOUNT_PATHS.login)
        .json(),
    ).rejects.toMatchObject({ status: 401, code: 'INVALID_PASSWORD' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(onLoggedOut).not.toHaveBeenCalled();
  });

  it('ignores a late 401 for a token that a refresh has replaced', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { client, server, onLoggedOut } = loggedIn();
    server.revoke('access-1');
    await expect(client.api.get(PROFILE_PATHS.user).json()).rejects.toMatchObject({ status: 401 });
    await client.refreshTokens();
    await vi.advanceTimersByTimeAsync(300);
    expect(onLoggedOut).not.toHaveBeenCalled();
    expect(client.hasSession()).toBe(true);
  });

  it('sets $loading while requests are in flight and clears it on success and on error', async () => {
    const { client, server } = loggedIn();
    const gates: Array<() => void> = [];
    const held = (response: () => Response) => () =>
      new Promise<Response>((resolve) => gates.push(() => resolve(response())));
    server.on(
      'GET',
      PROFILE_PATHS.user,
      held(() => json(200, server.account.profile)),
    );
    server.on(
      'GET',
      PROFILE_PATHS.companies,
      held(() => failure('INTERNAL_ERROR', 500)),
    );
    const seen: boolean[] = [];
    const stop = $loading.subscribe((value) => seen.push(value));

    const ok = client.api.get(PROFILE_PATHS.user).json();
    const bad = client.api
      .get(PROFILE_PATHS.companies)
      .json()
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    expect($loading.get()).toBe(true);
    gates[0]?.();
    await ok;
    expect($loading.get()).toBe(true);
    gates[1]?.();
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
    const { client } = loggedIn({
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(client.api.get(PROFILE_PATHS.user).json()).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect($loading.get()).toBe(false);
  });

  it('logout revokes on the server with the bearer, wipes storage except the identity note, removes GATEWAY', async () => {
    const { client, server, storage, sessionStorage, onLoggedOut } = loggedIn();
    storage.setItem('selectedCompanyBin', '990340005977');
    storage.setItem(IDENTITY_NOTE_KEY, 'note');
    sessionStorage.setItem('x', 'y');
    await client.logout();
    expect(server.callsTo('GET', ACCOUNT_PATHS.logout)[0]?.headers.get('authorization')).toBe(
      'Bearer access-1',
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
    const { client, server } = loggedIn();
    server.on('GET', ACCOUNT_PATHS.logout, () => {
      throw new TypeError('offline');
    });
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
    const server = createFakeServer();
    const client = createQoltanbaClient({ baseUrl: FAKE_BASE_URL, fetch: server.fetch });
    client.storeTokens(server.issue());
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(client.storage).toBe(localStorage);
    await client.logout();
    expect([localStorage.length, sessionStorage.length]).toEqual([0, 0]);
  });
});
