import type { Document, ErrorCode, HistoryEvent } from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { errorCodeOf, isApiError } from '../api/apiError';
import { $actingCompanyBin } from '../company/actingCompany';
import type { NcaLayerSigning } from '../signing/signFiles';
import { rejectDocument, revokeDocument, signDocument } from '../signing/signingApi';
import { reportError } from '../telemetry';
import {
  copyDocument,
  getDocument,
  getDocumentHistory,
  moveDocumentToFolder,
  restoreDocument,
  sendDocument,
  trashDocument,
} from './documentsApi';
import { $documentsVersion, invalidateDocuments } from './documentsVersion';

/** The actions a document store runs. */
export type DocumentStoreAction =
  | 'send'
  | 'copy'
  | 'trash'
  | 'restore'
  | 'move'
  | 'sign'
  | 'reject'
  | 'revoke';

/** The state of one document as the acting company sees it. */
export interface DocumentState {
  id: number;
  /** The document; undefined until loaded, and after a failed load. */
  document: Document | undefined;
  /** Its history, oldest event first; loaded with the document. */
  history: HistoryEvent[] | undefined;
  /** `idle` until watched (or without an acting company), then the load's state. */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Code of the failed load (e.g. ENTITY_NOT_FOUND: not a participant) or of the last failed action. */
  error: ErrorCode | undefined;
  /** Actions on their way. */
  pending: readonly DocumentStoreAction[];
}

/** One document: a store of {@link DocumentState} with the actions on it. */
export interface DocumentStore extends ReadableAtom<DocumentState> {
  /** Loads the document and its history again. Never rejects. */
  reload(): Promise<void>;
  /** Sends the draft for signing. Rejects with ApiError (also kept in `error`). */
  send(): Promise<Document>;
  /** Copies it into a new draft; resolves with the new draft (this store keeps the source). */
  copy(): Promise<Document>;
  /** Moves it into the acting company's trash. */
  trash(): Promise<Document>;
  /** Takes it out of the acting company's trash. */
  restore(): Promise<Document>;
  /** Puts it into a folder of the acting company, or (null) out of any folder. */
  moveToFolder(folderId: number | null): Promise<Document>;
  /**
   * Signs every file with NCALayer for the acting company (see `signDocument`); `'cancelled'` when the
   * person closed NCALayer's dialog. Needs the loaded document (its files).
   */
  sign(signing: NcaLayerSigning): Promise<Document | 'cancelled'>;
  /** Rejects it with a reason (5 to 100 characters). */
  reject(reason: string): Promise<Document>;
  /** Revokes it (the sender, while nobody has signed). */
  revoke(): Promise<Document>;
}

/**
 * Creates the store of document `id`: it loads the document and its history when first watched, and
 * again when the acting company changes or documents change through the sdk. Each action runs once at a
 * time (a second call while it is on its way gets the same promise), updates the store with the server's
 * answer and tells the lists ({@link invalidateDocuments}). Use {@link documentStore} for the shared one.
 *
 * @example
 * const $doc = documentStore(42);
 * $doc.subscribe(({ document, history }) => render(document, history));
 * await $doc.send();
 */
export function createDocumentStore(id: number): DocumentStore {
  const state = atom<DocumentState>({
    id,
    document: undefined,
    history: undefined,
    status: 'idle',
    error: undefined,
    pending: [],
  });
  const running = new Map<DocumentStoreAction, Promise<Document | 'cancelled'>>();
  let generation = 0;
  let controller: AbortController | undefined;
  let loading: Promise<void> | undefined;

  const patch = (changes: Partial<DocumentState>) => state.set({ ...state.get(), ...changes });

  async function load(): Promise<void> {
    generation += 1;
    const started = generation;
    controller?.abort();
    if ($actingCompanyBin.get() === undefined) {
      patch({ document: undefined, history: undefined, status: 'idle', error: undefined });
      return;
    }
    controller = new AbortController();
    const { signal } = controller;
    patch({ status: 'loading', error: undefined });
    try {
      const [document, history] = await Promise.all([
        getDocument(id, { signal }),
        getDocumentHistory(id, { signal }),
      ]);
      if (started === generation) patch({ document, history, status: 'loaded' });
    } catch (error) {
      if (started !== generation) return;
      if (!isApiError(error)) reportError(error, { action: 'document-load' });
      patch({ document: undefined, history: undefined, status: 'failed', error: errorCodeOf(error) });
    }
  }

  /** A new load; one still on its way is dropped. */
  function restart(): Promise<void> {
    const pending = load().finally(() => {
      if (loading === pending) loading = undefined;
    });
    loading = pending;
    return pending;
  }

  function reload(): Promise<void> {
    return loading ?? restart();
  }

  function run<T extends Document | 'cancelled'>(
    action: DocumentStoreAction,
    call: () => Promise<T>,
    keep: boolean,
  ): Promise<T> {
    const inFlight = running.get(action);
    if (inFlight !== undefined) return inFlight as Promise<T>;
    const pending = (async () => {
      patch({ pending: [...state.get().pending, action], error: undefined });
      try {
        const document = await call();
        if (document === 'cancelled') return document;
        // The answer is newer than any load still on its way.
        generation += 1;
        if (keep) patch({ document });
        invalidateDocuments();
        return document;
      } catch (error) {
        patch({ error: errorCodeOf(error) });
        throw error;
      } finally {
        running.delete(action);
        patch({ pending: state.get().pending.filter((entry) => entry !== action) });
      }
    })();
    running.set(action, pending);
    return pending;
  }

  const store = Object.assign(state, {
    reload,
    send: () => run('send', () => sendDocument(id), true),
    copy: () => run('copy', () => copyDocument(id), false),
    trash: () => run('trash', () => trashDocument(id), true),
    restore: () => run('restore', () => restoreDocument(id), true),
    moveToFolder: (folderId: number | null) => run('move', () => moveDocumentToFolder(id, folderId), true),
    sign: (signing: NcaLayerSigning) =>
      run(
        'sign',
        async () => {
          const { document } = state.get();
          return signDocument(document ?? (await getDocument(id)), signing);
        },
        true,
      ),
    reject: (reason: string) => run('reject', () => rejectDocument(id, reason), true),
    revoke: () => run('revoke', () => revokeDocument(id), true),
  });

  onMount(state, () => {
    void reload();
    const stopCompany = $actingCompanyBin.listen(() => void restart());
    const stopChanges = $documentsVersion.listen(() => void restart());
    return () => {
      stopCompany();
      stopChanges();
      generation += 1;
      controller?.abort();
    };
  });

  return store;
}

const shared = new Map<number, DocumentStore>();

/** The shared store of document `id`, created on first use. See {@link createDocumentStore}. */
export function documentStore(id: number): DocumentStore {
  let store = shared.get(id);
  if (!store) {
    store = createDocumentStore(id);
    shared.set(id, store);
  }
  return store;
}
