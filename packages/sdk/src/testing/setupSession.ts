import { GATEWAY_COOKIE } from '@qoltanba/core';
import { vi } from 'vitest';
import { deleteCookie } from '../cookies';
import { createQoltanbaClient, type QoltanbaClientOptions } from '../session/client';
import { initSession } from '../session/initSession';
import { createMemoryStorage } from '../session/memoryStorage';
import { createFakeServer, FAKE_BASE_URL, type FakeServerOptions } from './fakeServer';

// Test helper, not exported by the package: a client on a fake server with its own storage and clock.

/** Start of the fake clock, epoch ms. */
export const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);

/** A fresh fake server, isolated storages, a movable clock and a client on them. */
export function setupClient(
  options: Partial<QoltanbaClientOptions> = {},
  serverOptions: Omit<FakeServerOptions, 'now'> = {},
) {
  deleteCookie(GATEWAY_COOKIE);
  const clock = { now: T0 };
  // The server's timestamps follow the same movable clock (trash countdowns, history days).
  const server = createFakeServer({ ...serverOptions, now: () => new Date(clock.now) });
  const storage = createMemoryStorage();
  const sessionStorage = createMemoryStorage();
  const onLoggedOut = vi.fn();
  const fetch = vi.fn(server.fetch);
  const client = createQoltanbaClient({
    baseUrl: FAKE_BASE_URL,
    fetch,
    storage,
    sessionStorage,
    now: () => clock.now,
    onLoggedOut,
    ...options,
  });
  return { server, storage, sessionStorage, clock, onLoggedOut, fetch, client };
}

/**
 * A client logged in to a fresh fake server as the default account, with the session stores started:
 * companies loaded and ТОО Альфа (`ALFA_BIN`, the first) selected.
 */
export async function setupLoggedIn(options: Partial<QoltanbaClientOptions> = {}) {
  const setup = setupClient(options);
  setup.client.storeTokens(setup.server.issue());
  await initSession(setup.client);
  return setup;
}

/** BINs of the default fake account's companies. */
export const ALFA_BIN = '990340005977';
/** See {@link ALFA_BIN}; the main company. */
export const BETA_BIN = '020540003431';
