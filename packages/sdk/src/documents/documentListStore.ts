import {
  BOX_FILTERS,
  DOCUMENT_PAGE_SIZE,
  type DocumentBox,
  type DocumentSummary,
  type ErrorCode,
} from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { $actingCompanyBin } from '../company/actingCompany';
import { createKeysetList } from '../query/keysetList';
import { type DocumentListParams, listDocuments } from './documentsApi';
import { $documentsVersion } from './documentsVersion';

/** What a list shows besides its box: filter, search, folder and sort. */
export type DocumentListOptions = Omit<DocumentListParams, 'box' | 'cursor' | 'limit'>;

/** Where a list's first page stands. */
export type DocumentListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The state of one box's list. */
export interface DocumentListState {
  box: DocumentBox;
  /** The filter, search, folder and sort in effect. */
  options: DocumentListOptions;
  /** Every row loaded so far, first page first. */
  items: DocumentSummary[];
  /** `idle` until the list is watched (or without an acting company), then the first page's state. */
  status: DocumentListStatus;
  /** True while the next page loads. */
  loadingMore: boolean;
  /** Code of the last failure, of the first page (status `failed`) or of the next page. */
  error: ErrorCode | undefined;
  /** True when there are more rows to load with `loadMore`. */
  hasMore: boolean;
}

/** A box's list: a store of {@link DocumentListState} with its actions. */
export interface DocumentListStore extends ReadableAtom<DocumentListState> {
  /**
   * Changes some of filter, search, folder and sort (the others stay; `undefined` clears one) and reloads from
   * the first page. A filter the box does not offer (BOX_FILTERS) is dropped.
   */
  setOptions(changes: DocumentListOptions): Promise<void>;
  /** Loads the next page (keyset cursor); concurrent calls share one request. Never rejects. */
  loadMore(): Promise<void>;
  /** Reloads from the first page; a page still on its way is dropped. Never rejects. */
  reload(): Promise<void>;
  /** The page size; 20 by default (core's DOCUMENT_PAGE_SIZE). */
  readonly pageSize: number;
}

function initialState(box: DocumentBox): DocumentListState {
  return {
    box,
    options: {},
    items: [],
    status: 'idle',
    loadingMore: false,
    error: undefined,
    hasMore: false,
  };
}

/**
 * Creates a list store of a box. It loads when first watched (`onMount`), reloads when the acting company
 * changes or a document changes through the sdk (`$documentsVersion`), and forgets its rows when no company
 * is acting. Use {@link documentList} for the shared store of each box.
 *
 * @example
 * const list = createDocumentListStore('incoming');
 * list.subscribe(({ items, status }) => render(items, status));
 * await list.setOptions({ filter: 'needToSign', q: 'act' });
 * await list.loadMore();
 */
export function createDocumentListStore(box: DocumentBox, pageSize?: number): DocumentListStore {
  const state = atom<DocumentListState>(initialState(box));
  let watched = false;

  const patch = (changes: Partial<DocumentListState>) => state.set({ ...state.get(), ...changes });

  const paging = createKeysetList<DocumentSummary>({
    fetchPage: (cursor, signal) =>
      listDocuments(
        {
          box,
          ...state.get().options,
          ...(pageSize === undefined ? {} : { limit: pageSize }),
          ...(cursor === undefined ? {} : { cursor }),
        },
        { signal },
      ),
    onChange: patch,
    items: () => state.get().items,
    action: 'document-list',
    ready: () => $actingCompanyBin.get() !== undefined,
  });
  const reload = paging.reload;

  const store = Object.assign(state, {
    pageSize: pageSize ?? DOCUMENT_PAGE_SIZE,
    reload,
    async setOptions(changes: DocumentListOptions) {
      const options = { ...state.get().options, ...changes };
      const allowed = options.filter === undefined || BOX_FILTERS[box].includes(options.filter);
      patch({ options: allowed ? options : { ...options, filter: undefined } });
      if (watched) await reload();
    },
    loadMore: paging.loadMore,
  });

  onMount(state, () => {
    watched = true;
    void reload();
    const stopCompany = $actingCompanyBin.listen(() => void reload());
    const stopChanges = $documentsVersion.listen(() => void reload());
    return () => {
      watched = false;
      stopCompany();
      stopChanges();
      paging.cancel();
      state.set({ ...initialState(box), options: state.get().options });
    };
  });

  return store;
}

const shared = new Map<DocumentBox, DocumentListStore>();

/**
 * The shared list store of a box (one per box for the whole app), created on first use.
 *
 * @example const $incoming = documentList('incoming');
 */
export function documentList(box: DocumentBox): DocumentListStore {
  let store = shared.get(box);
  if (!store) {
    store = createDocumentListStore(box);
    shared.set(box, store);
  }
  return store;
}
