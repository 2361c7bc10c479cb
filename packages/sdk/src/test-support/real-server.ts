import { GATEWAY_COOKIE } from '@qoltanba/core';
import { type TestServer, WORLD_USERS, type WorldUserName } from '@qoltanba/server/testing';
import { vi } from 'vitest';
import { selectCompany } from '../company/companyStore';
import { deleteCookie } from '../cookies';
import { createQoltanbaClient, type QoltanbaClientOptions } from '../session/client';
import { initSession } from '../session/initSession';
import { createMemoryStorage } from '../session/memoryStorage';

// Test helper of the sdk's tests on the real server in-process (`@qoltanba/server/testing`).

/** A client on `server` with its own storages; its clock is the server's (tokens expire when the server says). */
export function clientOn(server: TestServer, options: Partial<QoltanbaClientOptions> = {}) {
  deleteCookie(GATEWAY_COOKIE);
  const storage = createMemoryStorage();
  const sessionStorage = createMemoryStorage();
  const onLoggedOut = vi.fn();
  const client = createQoltanbaClient({
    baseUrl: server.baseUrl,
    fetch: server.fetch,
    storage,
    sessionStorage,
    now: () => server.clock.now().getTime(),
    onLoggedOut,
    ...options,
  });
  return { server, client, storage, sessionStorage, onLoggedOut };
}

/**
 * A client signed in as `user` (aigerim by default) through the login route, with the session stores started and
 * `company` selected (the user's first world company by default: ALFA for aigerim).
 */
export async function loggedInOn(
  server: TestServer,
  user: WorldUserName = 'aigerim',
  options: Partial<QoltanbaClientOptions> & { company?: string } = {},
) {
  const { company = WORLD_USERS[user].companies[0]?.bin, ...clientOptions } = options;
  const setup = clientOn(server, clientOptions);
  setup.client.storeTokens(await server.world.login(user));
  await initSession(setup.client);
  if (company && !selectCompany(company)) throw new Error(`${user} is not a member of ${company}`);
  return setup;
}
