import { ACCOUNT_PATHS, type ErrorCode, PROFILE_PATHS } from '@qoltanba/core';
import {
  createQoltanbaClient,
  initSession,
  type LogoutReason,
  parseApiError,
  type QoltanbaClient,
  type QoltanbaClientOptions,
  reportError,
} from '@qoltanba/sdk';
import { closeAuthDialog } from '../auth/authDialog';
import { noteCompaniesFailed } from './companiesLoad';

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
export const AFTER_LOGOUT_PATH = '/';

/**
 * The portal's one API client. Every logout, asked for or forced by a 401 or a refused refresh, ends on
 * the main route with the authentication dialog closed.
 */
export function createPortalClient(options: PortalClientOptions): QoltanbaClient {
  const send =
    options.overrides?.fetch ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  return createQoltanbaClient({
    ...options.overrides,
    fetch: watchCompanyListFailures(send),
    ...(options.cookieDomain ? { cookieDomain: options.cookieDomain } : {}),
    onLoggedOut: (_reason: LogoutReason) => {
      closeAuthDialog();
      void Promise.resolve(options.navigate(AFTER_LOGOUT_PATH)).catch((error: unknown) =>
        reportError(error, { action: 'navigate-after-logout' }),
      );
    },
  });
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

// The list load (or the refresh before it) failing is the one way the list never arrives.
const LIST_PATHS = [PROFILE_PATHS.companies, ACCOUNT_PATHS.refresh];
// 401 and 403 end the session instead, so the cabinet keeps waiting until the logout lands.
const ENDS_SESSION = new Set([401, 403]);

// Read from a clone: the client still parses the original body for its ApiError.
async function failureCode(response: Response): Promise<ErrorCode> {
  const body = await response
    .clone()
    .text()
    .catch(() => '');
  return parseApiError(body, response.status).code;
}

function watchCompanyListFailures(send: Fetch): Fetch {
  return async (input, init) => {
    const watched = LIST_PATHS.some((path) => input.includes(path));
    try {
      const response = await send(input, init);
      if (watched && !response.ok && !ENDS_SESSION.has(response.status)) {
        noteCompaniesFailed(await failureCode(response));
      }
      return response;
    } catch (error) {
      if (watched) noteCompaniesFailed('NETWORK_ERROR');
      throw error;
    }
  };
}

/**
 * Starts the sdk session on `client`. The auth state is settled synchronously (stored tokens make it
 * authenticated at once), so call this before the first render; the profile and companies load after.
 */
export function startPortalSession(client: QoltanbaClient): Promise<void> {
  return initSession(client).catch((error: unknown) => reportError(error, { action: 'portal-session' }));
}
