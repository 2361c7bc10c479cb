import { isApiError } from '../api';
import { setAuthenticated } from '../auth/authState';
import { reloadCompanies, resetCompanyState } from '../company/companyStore';
import { $locale } from '../locale';
import { loadProfile, resetProfileState, syncProfileLanguage } from '../profile/profileStore';
import { reportError } from '../telemetry';
import { setActiveClient } from './activeClient';
import type { QoltanbaClient } from './client';

let unbind: (() => void) | undefined;

function resetState(client: QoltanbaClient): void {
  setAuthenticated(false);
  resetProfileState();
  resetCompanyState(client.storage);
}

// 4xx means the server refused the stored session; offline or 5xx says nothing about it.
function refusesSession(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/**
 * Starts the session stores on `client` (call once at boot; calling again rebinds to a new client).
 * When tokens are stored, `$auth` becomes authenticated and the profile and companies load, refreshing
 * the tokens first when they expired. A refusal (a 4xx answer) logs out with reason `session-invalid`;
 * a network or server failure keeps the session. From then on, logouts reset the stores, refreshes
 * reload the profile, and language switches are sent to the server while logged in.
 *
 * @example
 * const client = createQoltanbaClient({ onLoggedOut: () => navigate('/') });
 * await initSession(client);
 */
export async function initSession(client: QoltanbaClient): Promise<void> {
  unbind?.();
  setActiveClient(client);
  const stopEvents = client.onSessionEvent((event) => {
    if (event.type === 'logged-out') resetState(client);
    else {
      setAuthenticated(true);
      loadProfile().catch((error: unknown) => reportError(error, { action: 'profile-after-refresh' }));
    }
  });
  const stopLocale = $locale.listen(() => void syncProfileLanguage());
  unbind = () => {
    stopEvents();
    stopLocale();
  };

  resetState(client);
  if (!client.hasSession()) return;
  setAuthenticated(true);
  try {
    await Promise.all([loadProfile(), reloadCompanies()]);
  } catch (error) {
    if (refusesSession(error) && client.hasSession()) await client.logout('session-invalid');
    else reportError(error, { action: 'session-restore' });
  }
}
