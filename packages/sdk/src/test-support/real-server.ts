import { ACCOUNT_PATHS, GATEWAY_COOKIE } from '@qoltanba/core';
import { type Failure, type TestServer, WORLD_USERS, type WorldUserName } from '@qoltanba/server/testing';
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

/** A client holding `user`'s tokens (signed in through the login route) without the session stores started. */
export async function withTokensOn(
  server: TestServer,
  user: WorldUserName = 'aigerim',
  options: Partial<QoltanbaClientOptions> = {},
) {
  const setup = clientOn(server, options);
  const tokens = await server.world.login(user);
  setup.client.storeTokens(tokens);
  return { ...setup, tokens };
}

/** Ends the session of `accessToken` through the logout route: the server refuses that token from then on. */
export async function revokeOn(server: TestServer, accessToken: string): Promise<void> {
  const res = await server.directFetch(`${server.baseUrl}${ACCOUNT_PATHS.logout}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!res.ok) throw new Error(`logout: ${res.status} ${await res.text()}`);
}

/** A refusal in the server's shape for `failNext`: `status` with the error `code`. */
export function refusal(status: number, code: string): Failure {
  return { status, body: { code, message: code } };
}

/** A call to the server as the holder of `accessToken`, outside the client and the recorded calls (set-up). */
export async function directAs(
  server: TestServer,
  accessToken: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  const res = await server.directFetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res;
}
