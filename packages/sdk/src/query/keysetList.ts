import type { ErrorCode } from '@qoltanba/core';
import { errorCodeOf, isApiError } from '../api/apiError';
import { reportError } from '../telemetry';

/** One page of a keyset-paged list: its rows and the cursor to the next page (`null` at the end). */
export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** Where a keyset list's first page stands. */
export type KeysetListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The part of a store's state a keyset list keeps. */
export interface KeysetListState<T> {
  /** Every row loaded so far, first page first. */
  items: T[];
  /** `idle` until loaded (or while it may not load), then the first page's state. */
  status: KeysetListStatus;
  /** True while the next page loads. */
  loadingMore: boolean;
  /** Code of the last failure, of the first page (status `failed`) or of the next page. */
  error: ErrorCode | undefined;
  /** True when there are more rows to load with `loadMore`. */
  hasMore: boolean;
}

/** Options of {@link createKeysetList}. */
export interface KeysetListOptions<T> {
  /** Fetches the page after `cursor` (the first page without one); aborted when the list reloads or stops. */
  fetchPage(cursor: string | undefined, signal: AbortSignal): Promise<KeysetPage<T>>;
  /** Receives every change of the list's part of the state; the store merges it into its own. */
  onChange(changes: Partial<KeysetListState<T>>): void;
  /** The rows shown now (the store may have changed them since, e.g. by live events). */
  items(): T[];
  /** Telemetry action of a failed first page; the next page reports `<action>-more`. */
  action: string;
  /** Whether a first page may load now; when not, a reload empties the list to `idle`. Always by default. */
  ready?(): boolean;
  /** Called when a first page starts loading. */
  onLoadStart?(): void;
  /** Called when the current first page has landed or failed (not when a reload superseded it). */
  onLoadSettled?(): void;
  /** Joins a next page to the rows shown; appends by default (pass one that skips known rows for live lists). */
  merge?(shown: T[], page: T[]): T[];
}

/** Keyset paging of one list: stale pages never land, reloads and next pages are single-flight. */
export interface KeysetList {
  /** Loads from the first page; a page still on its way is dropped. Never rejects. */
  reload(): Promise<void>;
  /** Loads the next page; concurrent calls (and calls during a reload) share one request. Never rejects. */
  loadMore(): Promise<void>;
  /** Drops whatever is on its way (the store stops being watched); the next `reload` starts afresh. */
  cancel(): void;
}

/**
 * Creates the paging of a keyset list (documents of a box, support conversations, any paged list). A generation
 * guards every answer: one that arrives after a reload or `cancel` is dropped, so a stale page never lands.
 *
 * @example
 * const paging = createKeysetList({
 *   fetchPage: (cursor, signal) => listDocuments({ box: 'incoming', cursor }, { signal }),
 *   onChange: (changes) => state.set({ ...state.get(), ...changes }),
 *   items: () => state.get().items,
 *   action: 'document-list',
 * });
 * await paging.reload();
 * await paging.loadMore();
 */
export function createKeysetList<T>(options: KeysetListOptions<T>): KeysetList {
  const merge = options.merge ?? ((shown: T[], page: T[]) => [...shown, ...page]);
  let nextCursor: string | null = null;
  let generation = 0;
  let controller: AbortController | undefined;
  let loadingFirst: Promise<void> | undefined;
  let loadingNext: Promise<void> | undefined;

  function failed(error: unknown, action: string): ErrorCode {
    if (!isApiError(error)) reportError(error, { action });
    return errorCodeOf(error);
  }

  function cancel(): void {
    generation += 1;
    controller?.abort();
    controller = undefined;
    loadingNext = undefined;
    nextCursor = null;
  }

  async function loadFirst(): Promise<void> {
    cancel();
    const started = generation;
    if (options.ready && !options.ready()) {
      options.onChange({ items: [], status: 'idle', loadingMore: false, error: undefined, hasMore: false });
      return;
    }
    const current = new AbortController();
    controller = current;
    options.onLoadStart?.();
    options.onChange({ status: 'loading', loadingMore: false, error: undefined });
    try {
      const page = await options.fetchPage(undefined, current.signal);
      if (started !== generation) return;
      nextCursor = page.nextCursor;
      options.onChange({ items: page.items, status: 'loaded', hasMore: page.nextCursor !== null });
    } catch (error) {
      if (started !== generation) return;
      options.onChange({ items: [], status: 'failed', error: failed(error, options.action), hasMore: false });
    }
    options.onLoadSettled?.();
  }

  async function loadNext(): Promise<void> {
    const cursor = nextCursor;
    const signal = controller?.signal;
    if (cursor === null || !signal) return;
    const started = generation;
    options.onChange({ loadingMore: true, error: undefined });
    try {
      const page = await options.fetchPage(cursor, signal);
      if (started !== generation) return;
      nextCursor = page.nextCursor;
      options.onChange({
        items: merge(options.items(), page.items),
        loadingMore: false,
        hasMore: page.nextCursor !== null,
      });
    } catch (error) {
      if (started !== generation) return;
      options.onChange({ loadingMore: false, error: failed(error, `${options.action}-more`) });
    }
  }

  return {
    reload(): Promise<void> {
      const pending = loadFirst().finally(() => {
        if (loadingFirst === pending) loadingFirst = undefined;
      });
      loadingFirst = pending;
      return pending;
    },
    loadMore(): Promise<void> {
      if (loadingFirst) return loadingFirst;
      if (loadingNext) return loadingNext;
      const pending = loadNext().finally(() => {
        if (loadingNext === pending) loadingNext = undefined;
      });
      loadingNext = pending;
      return pending;
    },
    cancel,
  };
}
