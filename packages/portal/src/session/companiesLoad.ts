import type { ErrorCode } from '@qoltanba/core';
import { $auth, $companies, isApiError, reloadCompanies, reportError } from '@qoltanba/sdk';
import { atom, type ReadableAtom } from 'nanostores';

/**
 * Where the signed-in user's company list stands. `idle` while anonymous; `loading` from the login (or
 * a retry) until the list arrives; `loaded` once it did (empty or not); `failed` when its request (or the
 * refresh before it) failed with something other than 401/403, with the catalogue code to show.
 */
export type CompaniesLoad =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded' }
  | { status: 'failed'; code: ErrorCode };

const IDLE: CompaniesLoad = { status: 'idle' };
const LOADING: CompaniesLoad = { status: 'loading' };
const LOADED: CompaniesLoad = { status: 'loaded' };

const load = atom<CompaniesLoad>(IDLE);

/**
 * The company list's load state: the cabinet waits while `loading`, offers onboarding only after a
 * `loaded` empty list, and shows an error with a retry when `failed`.
 */
export const $companiesLoad: ReadableAtom<CompaniesLoad> = load;

const authenticated = () => $auth.get().status === 'authenticated';

/**
 * Records that the list request failed with `code`. Only a load in progress fails: a list already shown
 * stays when a later refresh fails.
 */
export function noteCompaniesFailed(code: ErrorCode): void {
  if (authenticated() && load.get().status === 'loading') load.set({ status: 'failed', code });
}

/** Loads the company list again after a failure (the error state's "Try again"). */
export async function retryCompanies(): Promise<void> {
  if (!authenticated()) return;
  load.set(LOADING);
  try {
    await reloadCompanies();
  } catch (error) {
    // The fetch watcher has usually recorded the failure already; this covers answers it cannot judge.
    noteCompaniesFailed(isApiError(error) ? error.code : 'INTERNAL_ERROR');
    reportError(error, { action: 'retry-companies' });
  }
}

/** Starts following `$auth` and `$companies` (once at boot); returns the stop function. */
export function trackCompaniesLoad(): () => void {
  if (!authenticated()) load.set(IDLE);
  else load.set($companies.get().length > 0 ? LOADED : LOADING);
  const stops = [
    $auth.listen((state) => load.set(state.status === 'authenticated' ? LOADING : IDLE)),
    $companies.listen(() => {
      if (authenticated()) load.set(LOADED);
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
