import {
  type ActiveTariff,
  type ErrorCode,
  errorMessage,
  parseTariffDate,
  TARIFF_LOADING,
  TARIFF_POLL_MS,
  type TariffState,
  tariffStateFromError,
  tariffStateFromResponse,
} from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { errorCodeOf, isApiError } from '../api/apiError';
import { onTariffRefusal } from '../api/tariffRefusals';
import { $actingCompanyBin } from '../company/actingCompany';
import { reportError } from '../telemetry';
import { getActiveTariff } from './billingApi';

/** The acting company's tariff: core's derived state and what is left of it. */
export interface TariffSnapshot {
  /** Core's `tariffStateFromResponse` / `tariffStateFromError`: `loading` until the first answer. */
  state: TariffState;
  /** The server's answer (undefined before it, and when the call failed). */
  tariff: ActiveTariff | undefined;
  /** Free documents left (`by_count`). */
  documentsLeft: number | undefined;
  /** When the paid periods end (`by_date`), in or past. */
  endsAt: Date | undefined;
  /** Days (begun) until `endsAt` while the paid tariff is active (`by_date`): what is left of it. */
  daysLeft: number | undefined;
  /** Code of the failed call: FREE_TARIFF_ALREADY_USED when the free documents are spent and nothing is paid. */
  error: ErrorCode | undefined;
}

/** The clock, timer and page visibility the poll uses; tests give their own. */
export interface TariffPollEnvironment {
  now(): Date;
  /** Calls `run` every `ms` until the returned function is called. */
  every(ms: number, run: () => void): () => void;
  /** True while the page is hidden (a background tab): no polling then. */
  hidden(): boolean;
  /** Listens to the page becoming hidden or visible; answers the unsubscribe function. */
  onVisibilityChange(listener: () => void): () => void;
}

/** A store of {@link TariffSnapshot} with a refresh (after a payment, a refused send). */
export interface TariffStore extends ReadableAtom<TariffSnapshot> {
  /** Asks the server now; the latest answer wins. Never rejects. */
  refresh(): Promise<void>;
}

const LOADING: TariffSnapshot = {
  state: TARIFF_LOADING,
  tariff: undefined,
  documentsLeft: undefined,
  endsAt: undefined,
  daysLeft: undefined,
  error: undefined,
};

const DAY_MS = 24 * 3_600_000;

const browserEnvironment: TariffPollEnvironment = {
  now: () => new Date(),
  every(ms, run) {
    const timer = setInterval(run, ms);
    return () => clearInterval(timer);
  },
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  onVisibilityChange(listener) {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/** The snapshot of an answer at `now`: the state by core's rule, and what is left. */
export function tariffSnapshot(tariff: ActiveTariff, now: Date): TariffSnapshot {
  const state = tariffStateFromResponse(tariff, now);
  const endText = tariff.endDate ?? tariff.tariff.endDate;
  const endsAt = state.type === 'by_date' && endText ? parseTariffDate(endText) : undefined;
  return {
    state,
    tariff,
    documentsLeft:
      state.type === 'by_count' ? Math.max(0, tariff.tariff.maxNumOfDocs - tariff.docCount) : undefined,
    endsAt,
    daysLeft: state.active && endsAt ? Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS) : undefined,
    error: undefined,
  };
}

/**
 * A tariff store of the acting company: asks the server when first watched, then every TARIFF_POLL_MS (30 s) while
 * the page is visible; hidden, it stops, and asks again as soon as the page shows. A new acting company starts from
 * `loading`. A call refused for the tariff (a send answered 402 FREE_TARIFF_ALREADY_USED or TARIFF_EXPIRED) asks
 * at once, so "cannot send" shows without waiting for the next poll. (Exported for tests with their own clock and visibility; the app uses {@link $tariff}.)
 */
export function createTariffStore(environment: Partial<TariffPollEnvironment> = {}): TariffStore {
  const env = { ...browserEnvironment, ...environment };
  const store = atom<TariffSnapshot>(LOADING);
  let generation = 0;

  async function refresh(): Promise<void> {
    generation += 1;
    const started = generation;
    if ($actingCompanyBin.get() === undefined) {
      store.set(LOADING);
      return;
    }
    try {
      const tariff = await getActiveTariff();
      if (started === generation) store.set(tariffSnapshot(tariff, env.now()));
    } catch (error) {
      if (started !== generation) return;
      if (!isApiError(error)) reportError(error, { action: 'tariff' });
      const code = errorCodeOf(error);
      // Core's rule reads the English message of the error: the catalogue's, whatever language the answer came in.
      const state = tariffStateFromError(
        code === 'FREE_TARIFF_ALREADY_USED' ? errorMessage(code, 'en') : undefined,
      );
      store.set({ ...LOADING, state, error: code });
    }
  }

  onMount(store, () => {
    let stopPolling: (() => void) | undefined;
    const poll = () => {
      stopPolling?.();
      stopPolling = env.hidden() ? undefined : env.every(TARIFF_POLL_MS, () => void refresh());
    };
    void refresh();
    poll();
    const stopVisibility = env.onVisibilityChange(() => {
      if (!env.hidden()) void refresh();
      poll();
    });
    const stopCompany = $actingCompanyBin.listen(() => {
      store.set(LOADING);
      void refresh();
    });
    // A send refused for the tariff (402): the tariff changed since the last poll, so ask now, not in up to 30 s.
    const stopRefusals = onTariffRefusal(() => void refresh());
    return () => {
      stopPolling?.();
      stopVisibility();
      stopCompany();
      stopRefusals();
      generation += 1;
    };
  });

  return Object.assign(store, { refresh });
}

/**
 * The acting company's tariff (SPEC section 4): polled every 30 s while watched and the page is visible.
 *
 * @example
 * $tariff.subscribe(({ state, documentsLeft, endsAt }) => render(state.active ? 'ok' : 'buy a plan'));
 */
export const $tariff: TariffStore = createTariffStore();
