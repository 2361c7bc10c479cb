import { createMemoryStorage, type QoltanbaClient } from '@qoltanba/sdk';
import { createFakeServer, FAKE_BASE_URL, type FakeServer } from '@qoltanba/sdk/testing';
import { createPortalClient, startPortalSession } from '../session/portalSession';

// Test helper: the document, support inbox and embed screens' tests still run against the sdk's fake server
// (`@qoltanba/sdk/testing`); every other portal test runs on the real server (`serverSession.ts`).

/** BINs of the fake account's companies: ТОО Альфа (selected, the first) and АО Бета (the main one). */
export const ALFA_BIN = '990340005977';
export const BETA_BIN = '020540003431';

/** A signed-in portal session on a fresh sdk fake server. */
export interface SdkSession {
  server: FakeServer;
  client: QoltanbaClient;
  /** Paths the client navigated to after logouts. */
  navigations: string[];
}

/**
 * Starts a session of the fake's default account (companies ТОО Альфа and АО Бета; Альфа acts) on the
 * portal's client; resolves once the profile and the company list are loaded.
 */
export async function signInSdkFake(prepare?: (server: FakeServer) => void): Promise<SdkSession> {
  const server = createFakeServer();
  prepare?.(server);
  const navigations: string[] = [];
  const client = createPortalClient({
    navigate: (path) => navigations.push(path),
    overrides: {
      baseUrl: FAKE_BASE_URL,
      fetch: server.fetch,
      storage: createMemoryStorage(),
      sessionStorage: createMemoryStorage(),
      logoutDelayMs: 0,
    },
  });
  client.storeTokens(server.issue());
  await startPortalSession(client);
  return { server, client, navigations };
}
