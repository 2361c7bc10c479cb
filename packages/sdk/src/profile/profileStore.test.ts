// @vitest-environment happy-dom
import { PROFILE_PATHS } from '@qoltanba/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginWithPassword, logout } from '../auth/authActions';
import { setLocale } from '../locale';
import { initSession } from '../session/initSession';
import { FAKE_BASE_URL, failure } from '../testing/fakeServer';
import { setupClient } from '../testing/setupSession';
import {
  $avatarVersion,
  $profile,
  avatarUrl,
  fetchAvatar,
  loadProfile,
  updateProfile,
  uploadAvatar,
} from './profileStore';

async function loggedIn(profileLang: 'kk' | 'ru' | 'en' = 'kk') {
  const setup = setupClient();
  setup.server.account.profile = { ...setup.server.account.profile, lang: profileLang };
  await initSession(setup.client);
  await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
  return setup;
}

const setLocaleCalls = (setup: Awaited<ReturnType<typeof loggedIn>>) =>
  setup.server.callsTo('POST', PROFILE_PATHS.setLocale).map((call) => call.path.split('/').at(-1));

describe('profile language sync', () => {
  beforeEach(() => setLocale('kk'));

  it('does not call set-locale when the profile language equals the interface language', async () => {
    const setup = await loggedIn('kk');
    await loadProfile();
    expect(setLocaleCalls(setup)).toEqual([]);
  });

  it('tells the server the interface language when the loaded profile differs', async () => {
    setLocale('ru');
    const setup = await loggedIn('en');
    await vi.waitFor(() => expect(setLocaleCalls(setup)).toEqual(['ru']));
    const [call] = setup.server.callsTo('POST', PROFILE_PATHS.setLocale);
    expect(call?.body).toBeUndefined();
    expect(call?.headers.get('authorization')).toBe('Bearer access-1');
    await vi.waitFor(() => expect($profile.get()?.lang).toBe('ru'));
    expect(setup.server.account.profile.lang).toBe('ru');
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
    const setup = setupClient();
    setup.server.on('POST', PROFILE_PATHS.setLocale, () => failure('INTERNAL_ERROR', 500));
    await initSession(setup.client);
    setLocale('ru');
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    await vi.waitFor(() => expect(setup.server.callsTo('POST', PROFILE_PATHS.setLocale)).toHaveLength(1));
    expect($profile.get()?.lang).toBe('kk');
  });
});

describe('profile actions', () => {
  beforeEach(() => setLocale('kk'));

  it('updateProfile saves the names and takes the answer', async () => {
    const setup = await loggedIn();
    await updateProfile({ firstname: 'Dana', lastname: 'Sultan' });
    expect(setup.server.callsTo('PUT', PROFILE_PATHS.user)[0]?.body).toEqual({
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
    expect(before.startsWith(`${FAKE_BASE_URL}${PROFILE_PATHS.avatar}?v=`)).toBe(true);
    const version = $avatarVersion.get();
    const image = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    await uploadAvatar(image);
    const [call] = setup.server.callsTo('PUT', PROFILE_PATHS.avatar);
    expect(call?.headers.get('content-type')).toBe('image/png');
    expect(call?.body).toBe(image);
    expect($avatarVersion.get()).toBe(version + 1);
    expect(avatarUrl()).not.toBe(before);
  });

  it('fetchAvatar downloads the image with the bearer', async () => {
    const setup = await loggedIn();
    const blob = await fetchAvatar();
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([137, 80, 78, 71]));
    expect(setup.server.callsTo('GET', PROFILE_PATHS.avatar)[0]?.headers.get('authorization')).toBe(
      'Bearer access-1',
    );
  });

  it('loadProfile shares one request between concurrent callers', async () => {
    const setup = await loggedIn();
    const before = setup.server.callsTo('GET', PROFILE_PATHS.user).length;
    const [a, b] = await Promise.all([loadProfile(), loadProfile()]);
    expect(a).toBe(b);
    expect(setup.server.callsTo('GET', PROFILE_PATHS.user)).toHaveLength(before + 1);
  });
});
