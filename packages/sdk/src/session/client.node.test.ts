import { PROFILE_PATHS } from '@qoltanba/core';
import { testServerPerFile, WORLD_PASSWORD, WORLD_USERS } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { loginWithPassword } from '../auth/authActions';
import { $profile } from '../profile/profileStore';
import { createQoltanbaClient } from './client';
import { initSession } from './initSession';

const test = testServerPerFile();

describe('session on node (no document, no localStorage)', () => {
  it('keeps tokens in memory and sends the stored access token as bearer', async () => {
    expect(typeof document).toBe('undefined');
    const { server } = test;
    const client = createQoltanbaClient({
      baseUrl: server.baseUrl,
      fetch: server.fetch,
      getLang: () => 'en',
    });
    await initSession(client);
    await loginWithPassword({ login: WORLD_USERS.aigerim.email, password: WORLD_PASSWORD });
    const token = client.storage.getItem('token');
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect($profile.get()?.firstname).toBe(WORLD_USERS.aigerim.firstname);
    expect(server.callsTo(['GET', PROFILE_PATHS.user])[0]?.headers.get('authorization')).toBe(
      `Bearer ${token}`,
    );
    await client.logout();
    expect(client.hasSession()).toBe(false);
  });
});
