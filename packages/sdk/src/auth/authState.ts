import { atom, type ReadableAtom } from 'nanostores';

/** The session state of SPEC section 4. */
export type AuthState = { status: 'anonymous' } | { status: 'authenticated' };

const ANONYMOUS: AuthState = { status: 'anonymous' };
const AUTHENTICATED: AuthState = { status: 'authenticated' };

const auth = atom<AuthState>(ANONYMOUS);

/** Whether a user is logged in; tokens are stored exactly while it is `authenticated`. */
export const $auth: ReadableAtom<AuthState> = auth;

/** Moves the auth state machine (internal: login actions, logout and start-up). */
export function setAuthenticated(authenticated: boolean): void {
  const next = authenticated ? AUTHENTICATED : ANONYMOUS;
  if (auth.get() !== next) auth.set(next);
}

/** True when `$auth` is authenticated. */
export function isAuthenticated(): boolean {
  return auth.get().status === 'authenticated';
}
