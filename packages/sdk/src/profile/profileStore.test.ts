// @vitest-environment happy-dom
import { apiPath, PROFILE_PATHS } from '@qoltanba/core';
import { errorResponse, type TestServer, testServerPerFile } from '@qoltanba/server/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginWithPassword, logout } from '../auth/authActions';
import { setLocale } from '../locale';
import { initSession } from '../session/initSession';
import { clientOn } from '../test-support/real-server';
import {
  $avatarVersion,
  $profile,
  avatarUrl,
  fetchAvatar,
  loadProfile,
  updateProfile,
  uploadAvatar,
} from './profileStore';

const test = testServerPerFile();

/** A world user's request of their own (not through the sdk, so not among the recorded calls). */
async function asAigerim(server: TestServer, method: string, path: string) {
  const { access_token } = await server.world.login('aigerim');
  return server.directFetch(`${server.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${access_token}` },
  });
}

/** aigerim's profile language as the server keeps it. */
async function storedLang(server: TestServer): Promise<string> {
  return ((await (await asAigerim(server, 'GET', PROFILE_PATHS.user)).json()) as { lang: string }).lang;
}

/** aigerim with `profileLang` in her profile, signed in through the sdk's login. */
async function loggedIn(profileLang: 'kk' | 'ru' | 'en' = 'kk') {
  const setup = clientOn(test.server);
  await asAigerim(setup.server, 'POST', apiPath(PROFILE_PATHS.setLocale, { locale: profileLang }));
  await initSession(setup.client);
  await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
  return setup;
}

const setLocaleCalls = (setup: { server: TestServer }) =>
  setup.server.callsTo(['POST', PROFILE_PATHS.setLocale]).map((call) => call.path.split('/').at(-1));

/** A valid 1x1 PNG. */
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='),
  (char) => char.charCodeAt(0),
);

describe('profile language sync', () => {
  beforeEach(() => setLocale('kk'));
  // Signed out after each test, so the last session's language listener tells the shared server nothing.
  afterEach(() => logout());

  it('does not call set-locale when the profile language equals the interface language', async () => {
    const setup = await loggedIn('kk');
    await loadProfile();
    expect(setLocaleCalls(setup)).toEqual([]);
  });

  it('tells the server the interface language when the loaded profile differs', async () => {
    setLocale('ru');
    const setup = await loggedIn('en');
    await vi.waitFor(() => expect(setLocaleCalls(setup)).toEqual(['ru']));
    const [call] = setup.server.callsTo(['POST', PROFILE_PATHS.setLocale]);
    expect(call?.body).toBeUndefined();
    expect(call?.headers.get('authorization')).toBe(`Bearer ${setup.storage.getItem('token')}`);
    await vi.waitFor(() => expect($profile.get()?.lang).toBe('ru'));
    expect(await storedLang(setup.server)).toBe('ru');
  });

  it('tells the server when the user switches language while logged in, not while anonymous', async () => {
    const setup = await loggedIn('kk');
    setLocale('en');
    await vi.waitFor(() => expect($profile.get()?.lang).toBe('en'));
    setLocale('en');
    expect(setLocaleCalls(setup)).toEqual(['en']);
    await logout();
    setLocale('ru');
    await Promise.resolve();
    expect(setLocaleCalls(setup)).toEqual(['en']);
  });

  it('keeps the profile language when set-locale fails', async () => {
    const setup = clientOn(test.server);
    await asAigerim(setup.server, 'POST', apiPath(PROFILE_PATHS.setLocale, { locale: 'kk' }));
    setup.server.intercept(['POST', PROFILE_PATHS.setLocale], () => errorResponse(500, 'INTERNAL_ERROR'));
    await initSession(setup.client);
    setLocale('ru');
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    await vi.waitFor(() => expect(setup.server.callsTo(['POST', PROFILE_PATHS.setLocale])).toHaveLength(1));
    expect($profile.get()?.lang).toBe('kk');
  });
});

describe('profile actions', () => {
  beforeEach(() => setLocale('kk'));
  // Signed out after each test, so the last session's language listener tells the shared server nothing.
  afterEach(() => logout());

  it('updateProfile saves the names and takes the answer', async () => {
    const setup = await loggedIn();
    await updateProfile({ firstname: 'Dana', lastname: 'Sultan' });
    expect(setup.server.callsTo(['PUT', PROFILE_PATHS.user])[0]?.json()).toEqual({
      firstname: 'Dana',
      lastname: 'Sultan',
    });
    expect($profile.get()).toMatchObject({
      firstname: 'Dana',
      lastname: 'Sultan',
      email: 'aigerim@example.kz',
    });
  });

  it('uploadAvatar sends the raw image with its type and changes the avatar URL', async () => {
    const setup = await loggedIn();
    const before = avatarUrl();
    expect(before.startsWith(`${setup.server.baseUrl}${PROFILE_PATHS.avatar}?v=`)).toBe(true);
    const version = $avatarVersion.get();
    const image = new Blob([PNG], { type: 'image/png' });
    await uploadAvatar(image);
    const [call] = setup.server.callsTo(['PUT', PROFILE_PATHS.avatar]);
    expect(call?.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await (await fetchAvatar()).arrayBuffer())).toEqual(PNG);
    expect($avatarVersion.get()).toBe(version + 1);
    expect(avatarUrl()).not.toBe(before);
  });

  it('fetchAvatar downloads the image with the bearer', async () => {
    const setup = await loggedIn();
    await uploadAvatar(new Blob([PNG], { type: 'image/png' }));
    const blob = await fetchAvatar();
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(PNG);
    expect(setup.server.callsTo(['GET', PROFILE_PATHS.avatar])[0]?.headers.get('authorization')).toBe(
      `Bearer ${setup.storage.getItem('token')}`,
    );
  });

  it('loadProfile shares one request between concurrent callers', async () => {
    const setup = await loggedIn();
    const before = setup.server.callsTo(['GET', PROFILE_PATHS.user]).length;
    const [a, b] = await Promise.all([loadProfile(), loadProfile()]);
    expect(a).toBe(b);
    expect(setup.server.callsTo(['GET', PROFILE_PATHS.user])).toHaveLength(before + 1);
  });
});
