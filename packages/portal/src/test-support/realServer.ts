import { createMemoryStorage, type QoltanbaClient } from '@qoltanba/sdk';
import type { TestServer, WorldUserName } from '@qoltanba/server/testing';
import { createPortalClient, startPortalSession } from '../session/portalSession';

// Test helper: portal screens against the real server in-process (`@qoltanba/server/testing`), which replaces the
// sdk's fake (issue 19).

/** A signed-in portal session of `user` (aigerim: ALFA acts) on the real test server; `null`: a visitor's. */
export async function signInRealServer(
  server: TestServer,
  user: WorldUserName | null = 'aigerim',
): Promise<QoltanbaClient> {
  const client = createPortalClient({
    navigate: () => undefined,
    overrides: {
      baseUrl: server.baseUrl,
      fetch: server.fetch,
      storage: createMemoryStorage(),
      sessionStorage: createMemoryStorage(),
      logoutDelayMs: 0,
    },
  });
  if (user) client.storeTokens(await server.world.login(user));
  await startPortalSession(client);
  return client;
}
