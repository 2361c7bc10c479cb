// @vitest-environment happy-dom
import { ACCOUNT_PATHS, PROFILE_PATHS } from '@qoltanba/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $auth } from '../auth/authState';
import { $companies, $selectedCompanyBin } from '../company/companyStore';
import { setLocale } from '../locale';
import { $profile } from '../profile/profileStore';
import { failure } from '../testing/fakeServer';
import { setupClient, T0 } from '../testing/setupSession';
import { initSession } from './initSession';

function storedSession() {
  const setup = setupClient();
  setup.client.storeTokens(setup.server.issue());
  return setup;
}

describe('initSession', () => {
  beforeEach(() => setLocale('kk'));
  afterEach(() => {
    vi.useRealTimers();
  });

  it('restores a stored session: authenticated, profile and companies loaded', async () => {
    const setup = storedSession();
    setup.storage.setItem('selectedCompanyBin', '020540003431');
    await initSession(setup.client);
    expect($auth.get()).toEqual({ status: 'authenticated' });
    expect($profile.get()?.firstname).toBe('Aigerim');
    expect($companies.get()).toHaveLength(2);
    expect($selectedCompanyBin.get()).toBe('020540003431');
    expect(setup.server.callsTo('POST', ACCOUNT_PATHS.refresh)).toHaveLength(0);
  });

  it('refreshes first when the stored tokens expired, once for both loads', async () => {
    const setup = storedSession();
    setup.clock.now = T0 + 20 * 60_000;
    await initSession(setup.client);
    expect(setup.server.calls.map((call) => call.path)[0]).toBe(ACCOUNT_PATHS.refresh);
    expect(setup.server.callsTo('POST', ACCOUNT_PATHS.refresh)).toHaveLength(1);
    expect(setup.server.callsTo('GET', PROFILE_PATHS.user)).toHaveLength(1);
    expect($profile.get()).toBeDefined();
    expect(setup.storage.getItem('token')).toBe('access-2');
  });

  it('logs out when the refresh is refused', async () => {
    const setup = storedSession();
    setup.server.on('POST', ACCOUNT_PATHS.refresh, () => failure('FORBIDDEN', 403));
    setup.clock.now = T0 + 20 * 60_000;
    await initSession(setup.client);
    expect($auth.get()).toEqual({ status: 'anonymous' });
    expect(setup.client.hasSession()).toBe(false);
    expect(setup.onLoggedOut).toHaveBeenCalledTimes(1);
    expect(setup.onLoggedOut).toHaveBeenCalledWith('refresh-rejected');
  });

  it('logs out at once when the stored token is refused, and only once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setup = storedSession();
    setup.server.revoke('access-1');
    await initSession(setup.client);
    expect($auth.get().status).toBe('anonymous');
    expect(setup.onLoggedOut.mock.calls).toEqual([['session-invalid']]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(setup.onLoggedOut).toHaveBeenCalledTimes(1);
  });

  it('keeps the session when the server is unavailable at start', async () => {
    const setup = storedSession();
    setup.server.on('GET', PROFILE_PATHS.user, () => failure('SERVICE_UNAVAILABLE', 503));
    await initSession(setup.client);
    expect($auth.get().status).toBe('authenticated');
    expect(setup.client.hasSession()).toBe(true);
    expect(setup.onLoggedOut).not.toHaveBeenCalled();
  });

  it('reloads the profile after a refresh made for an ordinary request', async () => {
    const setup = storedSession();
    await initSession(setup.client);
    setup.server.account.profile = { ...setup.server.account.profile, lastname: 'Changed' };
    setup.clock.now = T0 + 20 * 60_000;
    await setup.client.api.get(PROFILE_PATHS.companies).json();
    await vi.waitFor(() => expect($profile.get()?.lastname).toBe('Changed'));
  });

  it('resets the stores on a forced logout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setup = storedSession();
    await initSession(setup.client);
    setup.server.revoke('access-1');
    await expect(setup.client.api.get(PROFILE_PATHS.companies).json()).rejects.toMatchObject({ status: 401 });
    expect($auth.get().status).toBe('authenticated');
    await vi.advanceTimersByTimeAsync(300);
    expect($auth.get().status).toBe('anonymous');
    expect([$profile.get(), $companies.get(), $selectedCompanyBin.get()]).toEqual([undefined, [], undefined]);
    expect(setup.onLoggedOut).toHaveBeenCalledWith('unauthorized');
  });

  it('rebinding to a new client stops listening to the old one', async () => {
    const first = storedSession();
    await initSession(first.client);
    const second = storedSession();
    await initSession(second.client);
    await first.client.logout();
    expect($auth.get().status).toBe('authenticated');
    expect($profile.get()).toBeDefined();
    expect(first.server.callsTo('GET', PROFILE_PATHS.user)).toHaveLength(1);
    expect(second.server.callsTo('GET', PROFILE_PATHS.user)).toHaveLength(1);
  });
});
