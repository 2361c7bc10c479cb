import { atom, onMount, type ReadableAtom } from 'nanostores';
import { isApiError } from '../api/apiError';
import { $auth } from '../auth/authState';
import { activeClient, hasActiveClient } from '../session/activeClient';
import { reportError } from '../telemetry';
import { createSupportIdentityToken } from './supportApi';

/** The signed-in user's identity token for the help widget; null while anonymous or not issued yet. */
export interface SupportIdentityState {
  token: string | null;
  expiresAt: string | null;
}

const NONE: SupportIdentityState = { token: null, expiresAt: null };
// Renew well before expiry, and never sooner than this after an issue (a skewed clock must not spin).
const RENEW_MARGIN_MS = 5 * 60_000;
const MIN_WAIT_MS = 30_000;
const RETRY_MS = 60_000;
/** A kept token with less life than this left is not worth showing: a new one is asked for instead. */
const MIN_REUSE_MS = 60_000;

/** The sessionStorage key of the token kept across this tab's page loads (wiped on logout with the rest). */
export const SUPPORT_IDENTITY_STORAGE_KEY = 'qoltanba.supportIdentity';

/** The kept token: whose it is, and when to renew it (epoch ms, from when it was issued). */
interface KeptIdentity {
  userId: string;
  token: string;
  expiresAt: string;
  renewAt: number;
}

const state = atom<SupportIdentityState>(NONE);
let timer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;
let signedIn = false;

/** How long to wait before renewing a token that lives `lifetimeMs` more: at 80 % or 5 minutes before the end. */
export function renewalDelay(lifetimeMs: number): number {
  return Math.max(MIN_WAIT_MS, Math.max(lifetimeMs * 0.8, lifetimeMs - RENEW_MARGIN_MS));
}

function storage(): Storage | undefined {
  return hasActiveClient() ? activeClient().sessionStorage : undefined;
}

/** The kept token of `userId` when it still has life enough; another user's, or a spent one, is dropped. */
function keptFor(userId: string | undefined): KeptIdentity | undefined {
  try {
    const raw = storage()?.getItem(SUPPORT_IDENTITY_STORAGE_KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as Partial<KeptIdentity>;
    const fits =
      userId !== undefined &&
      kept.userId === userId &&
      typeof kept.token === 'string' &&
      typeof kept.expiresAt === 'string' &&
      typeof kept.renewAt === 'number' &&
      Date.parse(kept.expiresAt) - Date.now() > MIN_REUSE_MS;
    if (fits) return kept as KeptIdentity;
  } catch {
    // Unreadable (blocked storage, someone else's value): as if nothing were kept.
  }
  drop();
  return undefined;
}

function keep(kept: KeptIdentity): void {
  try {
    storage()?.setItem(SUPPORT_IDENTITY_STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Quota or privacy mode: the next page load asks for a new token, as before.
  }
}

function drop(): void {
  try {
    storage()?.removeItem(SUPPORT_IDENTITY_STORAGE_KEY);
  } catch {
    // Nothing to drop where storage is blocked.
  }
}

function renewIn(milliseconds: number): void {
  clearTimeout(timer);
  timer = setTimeout(() => void issue(), Math.max(0, milliseconds));
}

async function issue(): Promise<void> {
  clearTimeout(timer);
  const started = generation;
  const userId = hasActiveClient() ? activeClient().userId() : undefined;
  try {
    const issued = await createSupportIdentityToken();
    if (started !== generation) return;
    state.set({ token: issued.identityToken, expiresAt: issued.expiresAt });
    const renewAt = Date.now() + renewalDelay(Date.parse(issued.expiresAt) - Date.now());
    if (userId !== undefined)
      keep({ userId, token: issued.identityToken, expiresAt: issued.expiresAt, renewAt });
    renewIn(renewAt - Date.now());
  } catch (error) {
    if (started !== generation) return;
    // The chat then works as an anonymous visitor until a renewal succeeds.
    if (!isApiError(error)) reportError(error, { action: 'support-identity' });
    renewIn(RETRY_MS);
  }
}

/** A signed-in user: the token this tab kept for them (renewed when due), else a new one. */
function start(): void {
  const kept = keptFor(hasActiveClient() ? activeClient().userId() : undefined);
  if (!kept) {
    void issue();
    return;
  }
  state.set({ token: kept.token, expiresAt: kept.expiresAt });
  renewIn(kept.renewAt - Date.now());
}

function forget(): void {
  generation += 1;
  clearTimeout(timer);
  timer = undefined;
  if (state.get() !== NONE) state.set(NONE);
}

/**
 * The signed-in user's support identity token (`createSupportIdentityToken`), for the help widget: issued when
 * watched by a signed-in user, renewed before it expires (at 80 % of its life, or 5 minutes before the end if
 * that is later), and null again on logout. Each page load of the portal would ask for one (the route is
 * rate-limited per address, and offices share one): so the token is kept in the tab's sessionStorage under
 * {@link SUPPORT_IDENTITY_STORAGE_KEY} with the user id it is for (the bearer's `sub`), and a later page load of
 * the same user reuses it while it has life left, renewing it when due (at once when that time has passed). Another
 * user's kept token is dropped, and so is the kept token on logout. The portal passes the token on with
 * `QoltanbaHelp('identify', token)`.
 *
 * @example $supportIdentity.subscribe(({ token }) => window.QoltanbaHelp?.('identify', token));
 */
export const $supportIdentity: ReadableAtom<SupportIdentityState> = state;

onMount(state, () => {
  const stop = $auth.subscribe(({ status }) => {
    forget();
    // Only a logout drops the kept token: the first anonymous state of a page load is no logout.
    if (status === 'authenticated') start();
    else if (signedIn) drop();
    signedIn = status === 'authenticated';
  });
  return () => {
    stop();
    forget();
    signedIn = false;
  };
});
