// @vitest-environment happy-dom
import { ACCOUNT_PATHS, PROFILE_PATHS } from '@qoltanba/core';
import { BETA, testServerPerFile, WORLD_USERS } from '@qoltanba/server/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from '../auth/authState';
import { $companies, $selectedCompanyBin } from '../company/companyStore';
import { setLocale } from '../locale';
import { $profile } from '../profile/profileStore';
import { directAs, refusal, revokeOn, withTokensOn } from '../test-support/real-server';
import { initSession } from './initSession';

const test = testServerPerFile();
const storedSession = () => withTokensOn(test.server);
// Past the access token's life (15 minutes), within the refresh token's.
const TWENTY_MINUTES = 20 * 60;

describe('initSession', () => {
  beforeEach(() => setLocale('kk'));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores a stored session: authenticated, profile and companies loaded', async () => {
    const setup = await storedSession();
    setup.storage.setItem('selectedCompanyBin', BETA.bin);
    await initSession(setup.client);
    expect($auth.get()).toEqual({ status: 'authenticated' });
    expect($profile.get()?.firstname).toBe(WORLD_USERS.aigerim.firstname);
    expect($companies.get()).toHaveLength(2);
    expect($selectedCompanyBin.get()).toBe(BETA.bin);
    expect(setup.server.callsTo(['POST', ACCOUNT_PATHS.refresh])).toHaveLength(0);
  });

  it('refreshes first when the stored tokens expired, once for both loads', async () => {
    const setup = await storedSession();
    setup.server.clock.advance(TWENTY_MINUTES);
    await initSession(setup.client);
    expect(setup.server.calls.map((call) => call.path)[0]).toBe(ACCOUNT_PATHS.refresh);
    expect(setup.server.callsTo(['POST', ACCOUNT_PATHS.refresh])).toHaveLength(1);
    expect(setup.server.callsTo(['GET', PROFILE_PATHS.user])).toHaveLength(1);
    expect($profile.get()).toBeDefined();
    expect(setup.storage.getItem('token')).not.toBe(setup.tokens.access_token);
  });

  it('logs out when the refresh is refused', async () => {
    const setup = await storedSession();
    setup.server.failNext(['POST', ACCOUNT_PATHS.refresh], refusal(403, 'FORBIDDEN'));
    setup.server.clock.advance(TWENTY_MINUTES);
    await initSession(setup.client);
    expect($auth.get()).toEqual({ status: 'anonymous' });
    expect(setup.client.hasSession()).toBe(false);
    expect(setup.onLoggedOut).toHaveBeenCalledTimes(1);
    expect(setup.onLoggedOut).toHaveBeenCalledWith('refresh-rejected');
  });

  it('logs out at once when the stored token is refused, and only once', async () => {
    const setup = await storedSession();
    await revokeOn(setup.server, setup.tokens.access_token);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await initSession(setup.client);
    expect($auth.get().status).toBe('anonymous');
    expect(setup.onLoggedOut.mock.calls).toEqual([['session-invalid']]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(setup.onLoggedOut).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the server is unavailable at start', async () => {
    const setup = await storedSession();
    setup.server.failNext(['GET', PROFILE_PATHS.user], refusal(503, 'SERVICE_UNAVAILABLE'));
    await initSession(setup.client);
    expect($auth.get().status).toBe('authenticated');
    expect(setup.client.hasSession()).toBe(true);
    expect(setup.onLoggedOut).not.toHaveBeenCalled();
  });

  it('reloads the profile after a refresh made for an ordinary request', async () => {
    const setup = await storedSession();
    await initSession(setup.client);
    await directAs(setup.server, setup.tokens.access_token, 'PUT', PROFILE_PATHS.user, {
      firstname: WORLD_USERS.aigerim.firstname,
      lastname: 'Изменённая',
    });
    setup.server.clock.advance(TWENTY_MINUTES);
    await setup.client.api.get(PROFILE_PATHS.companies).json();
    await vi.waitFor(() => expect($profile.get()?.lastname).toBe('Изменённая'));
  });

  it('resets the stores on a forced logout', async () => {
    const setup = await storedSession();
    await initSession(setup.client);
    await revokeOn(setup.server, setup.tokens.access_token);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(setup.client.api.get(PROFILE_PATHS.companies).json()).rejects.toMatchObject({ status: 401 });
    expect($auth.get().status).toBe('authenticated');
    await vi.advanceTimersByTimeAsync(300);
    expect($auth.get().status).toBe('anonymous');
    expect([$profile.get(), $companies.get(), $selectedCompanyBin.get()]).toEqual([undefined, [], undefined]);
    expect(setup.onLoggedOut).toHaveBeenCalledWith('unauthorized');
  });

  it('rebinding to a new client stops listening to the old one', async () => {
    const first = await storedSession();
    await initSession(first.client);
    const second = await storedSession();
    await initSession(second.client);
    await first.client.logout();
    expect($auth.get().status).toBe('authenticated');
    expect($profile.get()).toBeDefined();
    // Both clients share the server's fetch: their calls differ by bearer.
    const profileLoadsWith = (token: string) =>
      test.server
        .callsTo(['GET', PROFILE_PATHS.user])
        .filter((call) => call.headers.get('authorization') === `Bearer ${token}`);
    expect(profileLoadsWith(first.tokens.access_token)).toHaveLength(1);
    expect(profileLoadsWith(second.tokens.access_token)).toHaveLength(1);
  });
});
