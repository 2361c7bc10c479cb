import { GATEWAY_COOKIE } from '@qoltanba/core';
import { vi } from 'vitest';
import { deleteCookie } from '../cookies';
import { createQoltanbaClient, type QoltanbaClientOptions } from '../session/client';
import { createMemoryStorage } from '../session/memoryStorage';
import { createFakeServer, FAKE_BASE_URL } from './fakeServer';

// Test helper, not exported by the package: a client on a fake server with its own storage and clock.

/** Start of the fake clock, epoch ms. */
export const T0 = Date.UTC(2026, 10, 22, 1, 0, 0);

/** A fresh fake server, isolated storages, a movable clock and a client on them. */
export function setupClient(options: Partial<QoltanbaClientOptions> = {}) {
  deleteCookie(GATEWAY_COOKIE);
  const server = createFakeServer();
  const storage = createMemoryStorage();
  const sessionStorage = createMemoryStorage();
  const clock = { now: T0 };
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
