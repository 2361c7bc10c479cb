import { atom, onMount, type ReadableAtom } from 'nanostores';
import { isApiError } from '../api/apiError';
import { $auth } from '../auth/authState';
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

const state = atom<SupportIdentityState>(NONE);
let timer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

/** How long to wait before renewing a token that lives `lifetimeMs` more: at 80 % or 5 minutes before the end. */
export function renewalDelay(lifetimeMs: number): number {
  return Math.max(MIN_WAIT_MS, Math.max(lifetimeMs * 0.8, lifetimeMs - RENEW_MARGIN_MS));
}

async function issue(): Promise<void> {
  clearTimeout(timer);
  const started = generation;
  try {
    const issued = await createSupportIdentityToken();
    if (started !== generation) return;
    state.set({ token: issued.identityToken, expiresAt: issued.expiresAt });
    timer = setTimeout(() => void issue(), renewalDelay(Date.parse(issued.expiresAt) - Date.now()));
  } catch (error) {
    if (started !== generation) return;
    // The chat then works as an anonymous visitor until a renewal succeeds.
    if (!isApiError(error)) reportError(error, { action: 'support-identity' });
    timer = setTimeout(() => void issue(), RETRY_MS);
  }
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
 * that is later), and null again on logout. The portal passes it on with `QoltanbaHelp('identify', token)`.
 *
 * @example $supportIdentity.subscribe(({ token }) => window.QoltanbaHelp?.('identify', token));
 */
export const $supportIdentity: ReadableAtom<SupportIdentityState> = state;

onMount(state, () => {
  const stop = $auth.subscribe(({ status }) => {
    forget();
    if (status === 'authenticated') void issue();
  });
  return () => {
    stop();
    forget();
  };
});
