import { createMemoryStorage, type QoltanbaClient, selectCompany } from '@qoltanba/sdk';
import {
  ALFA,
  BETA,
  type PerFileOptions,
  type TestServer,
  testServerPerFile,
  type WorldUser,
  type WorldUserName,
} from '@qoltanba/server/testing';
import { createPortalClient, startPortalSession } from '../session/portalSession';

// Test helper: the screens run against the real server in-process (`@qoltanba/server/testing`), one per test file,
// its world fresh before each test. aigerim is admin of ТОО Альфа (her main company) and АО Бета.

/** BINs of the world's companies: ТОО Альфа (aigerim's main one, selected) and АО Бета. */
export const ALFA_BIN = ALFA.bin;
export const BETA_BIN = BETA.bin;

/** A signed-in portal session on the file's test server. */
export interface ServerSession {
  server: TestServer;
  client: QoltanbaClient;
  /** Paths the client navigated to after logouts. */
  navigations: string[];
}

/** A portal client on `server` (memory storages, no logout delay) and the paths it navigated to. */
export function portalClientOn(server: TestServer): { client: QoltanbaClient; navigations: string[] } {
  const navigations: string[] = [];
  const client = createPortalClient({
    navigate: (path) => navigations.push(path),
    overrides: {
      baseUrl: server.baseUrl,
      fetch: server.fetch,
      storage: createMemoryStorage(),
      sessionStorage: createMemoryStorage(),
      logoutDelayMs: 0,
    },
  });
  return { client, navigations };
}

/** Who a session starts as: a world user, another user added to the world (`addUser`), or nobody (anonymous). */
export type SessionUser = WorldUserName | WorldUser | null;

/**
 * One real server for the calling test file. `signIn(user, company)` starts a portal session of a world user (aigerim
 * by default, acting for `company`, their main one by default) through the real login; `start(user, prepare)` starts
 * one without choosing a company (`prepare` sees the client before the session starts; `null` is anonymous). Both
 * resolve once the profile and the company list are loaded, with the set-up's own calls forgotten.
 */
export function portalServerPerFile(options: PerFileOptions = {}): {
  readonly server: TestServer;
  signIn(user?: WorldUserName | WorldUser, company?: string): Promise<ServerSession>;
  start(user?: SessionUser, prepare?: (client: QoltanbaClient) => void): Promise<ServerSession>;
} {
  const test = testServerPerFile(options);
  const server = () => test.server;
  async function begin(user: SessionUser, prepare?: (client: QoltanbaClient) => void, company?: string) {
    const { client, navigations } = portalClientOn(server());
    if (user !== null) client.storeTokens(await server().world.login(user));
    prepare?.(client);
    await startPortalSession(client);
    if (company !== undefined) selectCompany(company);
    // The set-up's own calls (login, profile, companies) are not the test's.
    server().calls.length = 0;
    return { server: server(), client, navigations };
  }
  return {
    get server() {
      return test.server;
    },
    start: (user = 'aigerim', prepare) => begin(user, prepare),
    signIn(user = 'aigerim', company) {
      const main = typeof user === 'string' ? server().world.users[user].companies[0] : user.companies[0];
      // The world attaches a user's companies at one instant, so the list comes ordered by BIN: act for the
      // user's main (first) company, as a user who picked it would.
      return begin(user, undefined, company ?? main?.bin);
    },
  };
}
