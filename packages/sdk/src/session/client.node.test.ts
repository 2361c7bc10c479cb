import { PROFILE_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { loginWithPassword } from '../auth/authActions';
import { $profile } from '../profile/profileStore';
import { createFakeServer, FAKE_BASE_URL } from '../testing/fakeServer';
import { createQoltanbaClient } from './client';
import { initSession } from './initSession';

describe('session on node (no document, no localStorage)', () => {
  it('keeps tokens in memory and sends the stored access token as bearer', async () => {
    expect(typeof document).toBe('undefined');
    const server = createFakeServer();
    const client = createQoltanbaClient({ baseUrl: FAKE_BASE_URL, fetch: server.fetch, getLang: () => 'en' });
    await initSession(client);
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    expect(client.storage.getItem('token')).toBe('access-1');
    expect($profile.get()?.firstname).toBe('Aigerim');
    expect(server.callsTo('GET', PROFILE_PATHS.user)[0]?.headers.get('authorization')).toBe(
      'Bearer access-1',
    );
    await client.logout();
    expect(client.hasSession()).toBe(false);
  });
});
