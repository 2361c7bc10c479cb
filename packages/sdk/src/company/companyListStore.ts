import type { ErrorCode } from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { errorCodeOf, isApiError } from '../api/apiError';
import { reportError } from '../telemetry';
import { $actingCompanyBin } from './actingCompany';

/** A list of the acting company's (folders, counterparties) and where its loading stands. */
export interface CompanyListState<T> {
  items: T[];
  /** `idle` until watched (or without an acting company), then the last load's state. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Code of the failed load. */
  error: ErrorCode | undefined;
}

/** A store of a company list with its reload. */
export interface CompanyListStore<T> extends ReadableAtom<CompanyListState<T>> {
  /** Loads the list again; a load still on its way is dropped. Never rejects. */
  reload(): Promise<void>;
}

/**
 * A store of one list of the acting company: loads when first watched, again when the acting company
 * changes, and empties without a company. The latest load wins. (Internal: the folder and counterparty stores.)
 */
export function createCompanyListStore<T>(
  name: string,
  load: (signal: AbortSignal) => Promise<T[]>,
): CompanyListStore<T> {
  const state = atom<CompanyListState<T>>({ items: [], status: 'idle', error: undefined });
  let generation = 0;
  let controller: AbortController | undefined;

  async function reload(): Promise<void> {
    generation += 1;
    const started = generation;
    controller?.abort();
    if ($actingCompanyBin.get() === undefined) {
      state.set({ items: [], status: 'idle', error: undefined });
      return;
    }
    controller = new AbortController();
    // Keep the rows on screen while they reload, unless the company changed (see the listener below).
    state.set({ ...state.get(), status: 'loading', error: undefined });
    try {
      const items = await load(controller.signal);
      if (started === generation) state.set({ items, status: 'loaded', error: undefined });
    } catch (error) {
      if (started !== generation) return;
      if (!isApiError(error)) reportError(error, { action: name });
      state.set({ items: [], status: 'failed', error: errorCodeOf(error) });
    }
  }

  onMount(state, () => {
    void reload();
    const stop = $actingCompanyBin.listen(() => {
      state.set({ items: [], status: 'idle', error: undefined });
      void reload();
    });
    return () => {
      stop();
      generation += 1;
      controller?.abort();
    };
  });

  return Object.assign(state, { reload });
}
