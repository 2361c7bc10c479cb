import type { ErrorCode } from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { errorCodeOf, isApiError } from '../api/apiError';
import { $auth } from '../auth/authState';
import { reportError } from '../telemetry';
import { getSupportOperatorStatus } from './supportApi';

/** Whether the signed-in user is a support operator. */
export interface SupportOperatorState {
  /** `idle` while anonymous (or not watched), then the status request's state. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** True once the server said so; false while unknown. */
  operator: boolean;
  error: ErrorCode | undefined;
}

const IDLE: SupportOperatorState = { status: 'idle', operator: false, error: undefined };
const state = atom<SupportOperatorState>(IDLE);
let generation = 0;

async function load(): Promise<void> {
  generation += 1;
  const started = generation;
  state.set({ status: 'loading', operator: false, error: undefined });
  try {
    const { operator } = await getSupportOperatorStatus();
    if (started === generation) state.set({ status: 'loaded', operator, error: undefined });
  } catch (error) {
    if (started !== generation) return;
    if (!isApiError(error)) reportError(error, { action: 'support-operator' });
    state.set({ status: 'failed', operator: false, error: errorCodeOf(error) });
  }
}

/** {@link $supportOperator}: the state and a way to ask again. */
export interface SupportOperatorStore extends ReadableAtom<SupportOperatorState> {
  /** Asks the server again (e.g. "Try again" after a failure); nothing while anonymous. Never rejects. */
  reload(): Promise<void>;
}

/**
 * Whether the signed-in user may open the support inbox (`getSupportOperatorStatus`): loads when watched by a
 * signed-in user, again after each login, and is `idle` and false while anonymous. The portal shows the inbox in
 * its navigation only when `operator` is true.
 *
 * @example $supportOperator.subscribe(({ operator }) => showInboxLink(operator));
 */
export const $supportOperator: SupportOperatorStore = Object.assign(state, {
  reload: () => ($auth.get().status === 'authenticated' ? load() : Promise.resolve()),
});

onMount(state, () =>
  $auth.subscribe(({ status }) => {
    if (status === 'authenticated') void load();
    else {
      generation += 1;
      state.set(IDLE);
    }
  }),
);
