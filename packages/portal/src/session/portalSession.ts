import {
  createMemoryStorage,
  createQoltanbaClient,
  initSession,
  type LogoutReason,
  type QoltanbaClient,
  type QoltanbaClientOptions,
  reportError,
  setActiveClient,
} from '@qoltanba/sdk';
import { closeAuthDialog } from '../auth/authDialog';
import { pathTo } from '../routes/routePaths';

/** Options of {@link createPortalClient}. */
export interface PortalClientOptions {
  /** Domain of the GATEWAY cookie; the current host when undefined. */
  cookieDomain?: string | undefined;
  /** Moves the router; the portal passes `router.navigate`. */
  navigate: (path: string) => unknown;
  /** Client settings tests replace (fetch, storages, clock). */
  overrides?: Omit<QoltanbaClientOptions, 'cookieDomain' | 'onLoggedOut'>;
}

/** The path every logout lands on (SPEC section 2: the main route after a forced logout). */
export const AFTER_LOGOUT_PATH = pathTo('main');

/**
 * The portal's one API client. Every logout, asked for or forced by a 401 or a refused refresh, ends on
 * the main route with the authentication dialog closed.
 */
export function createPortalClient(options: PortalClientOptions): QoltanbaClient {
  return createQoltanbaClient({
    ...options.overrides,
    ...(options.cookieDomain ? { cookieDomain: options.cookieDomain } : {}),
    onLoggedOut: (_reason: LogoutReason) => {
      closeAuthDialog();
      void Promise.resolve(options.navigate(AFTER_LOGOUT_PATH)).catch((error: unknown) =>
        reportError(error, { action: 'navigate-after-logout' }),
      );
    },
  });
}

/**
 * Starts the sdk session on `client`. The auth state is settled synchronously (stored tokens make it
 * authenticated at once), so call this before the first render; the profile and companies load after.
 */
export function startPortalSession(client: QoltanbaClient): Promise<void> {
  return initSession(client).catch((error: unknown) => reportError(error, { action: 'portal-session' }));
}

// Nothing of the browser's cookies is read or written (a partner's iframe may have no third-party cookies).
const noCookies = { cookie: '' } as unknown as Document;

/**
 * Client settings of the embed page (`/embed/:token` in a partner's iframe): tokens in memory and no cookies, so
 * nothing of a portal session in the same browser is used and blocked third-party storage does not matter.
 */
export function embeddedClientOverrides(): NonNullable<PortalClientOptions['overrides']> {
  return { storage: createMemoryStorage(), sessionStorage: createMemoryStorage(), doc: noCookies };
}

/**
 * Binds `client` as the sdk's active client of the embed page without an account session: the embed token is the
 * page's credential, and the anonymous calls that go through the active client (the signing config: NCALayer's
 * address) need one bound.
 */
export function startEmbeddedSession(client: QoltanbaClient): void {
  setActiveClient(client);
}
