import type { CreateExternalLinkRequest, ErrorCode, ExternalLink, ExternalLinkCreated } from '@qoltanba/core';
import { atom, onMount, type ReadableAtom } from 'nanostores';
import { errorCodeOf, isApiError } from '../api/apiError';
import { $actingCompanyBin } from '../company/actingCompany';
import { reportError } from '../telemetry';
import { createExternalLink, listExternalLinks, revokeExternalLink } from './externalLinksApi';

/** The state of the acting company's external links to one document. */
export interface ExternalLinksState {
  documentId: number;
  /** Newest first; undefined until loaded and after a failed load. */
  links: ExternalLink[] | undefined;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  /** Code of the failed load or of the last failed action. */
  error: ErrorCode | undefined;
  /** The link made last, with its URL: the only time its token is known. */
  created: ExternalLinkCreated | undefined;
  /** Actions on their way: `create`, or `revoke:<linkId>`. */
  pending: readonly string[];
}

/** The external links of one document: a store of {@link ExternalLinksState} with its actions. */
export interface ExternalLinksStore extends ReadableAtom<ExternalLinksState> {
  /** Loads the list again. Never rejects. */
  reload(): Promise<void>;
  /** Makes a new link (see `createExternalLink`); it leads the list and is kept in `created`. */
  create(request?: CreateExternalLinkRequest): Promise<ExternalLinkCreated>;
  /** Revokes a link; the list shows it revoked. */
  revoke(linkId: number): Promise<void>;
}

/**
 * Creates the store of document `documentId`'s external links as the acting company has them: loaded when first
 * watched and again when the acting company changes (a new company forgets `created`).
 *
 * @example
 * const $links = createExternalLinksStore(42);
 * const { url } = await $links.create({ expiresInDays: 7 });
 */
export function createExternalLinksStore(documentId: number): ExternalLinksStore {
  const state = atom<ExternalLinksState>({
    documentId,
    links: undefined,
    status: 'idle',
    error: undefined,
    created: undefined,
    pending: [],
  });
  let generation = 0;
  const patch = (changes: Partial<ExternalLinksState>) => state.set({ ...state.get(), ...changes });

  async function reload(): Promise<void> {
    generation += 1;
    const started = generation;
    if ($actingCompanyBin.get() === undefined) {
      patch({ links: undefined, status: 'idle', error: undefined });
      return;
    }
    patch({ status: 'loading', error: undefined });
    try {
      const links = await listExternalLinks(documentId);
      if (started === generation) patch({ links, status: 'loaded' });
    } catch (error) {
      if (started !== generation) return;
      if (!isApiError(error)) reportError(error, { action: 'external-links-load' });
      patch({ links: undefined, status: 'failed', error: errorCodeOf(error) });
    }
  }

  async function act<T>(name: string, call: () => Promise<T>): Promise<T> {
    patch({ pending: [...state.get().pending, name], error: undefined });
    try {
      return await call();
    } catch (error) {
      patch({ error: errorCodeOf(error) });
      throw error;
    } finally {
      patch({ pending: state.get().pending.filter((entry) => entry !== name) });
    }
  }

  const store = Object.assign(state, {
    reload,
    create: (request: CreateExternalLinkRequest = {}) =>
      act('create', async () => {
        const created = await createExternalLink(documentId, request);
        const { url: _url, ...link } = created;
        generation += 1;
        patch({ created, links: [link, ...(state.get().links ?? [])], status: 'loaded' });
        return created;
      }),
    revoke: (linkId: number) =>
      act(`revoke:${linkId}`, async () => {
        await revokeExternalLink(documentId, linkId);
        const at = new Date().toISOString();
        const links = state
          .get()
          .links?.map((link) => (link.id === linkId ? { ...link, revokedAt: link.revokedAt ?? at } : link));
        const created = state.get().created?.id === linkId ? undefined : state.get().created;
        patch({ links, created });
      }),
  });

  onMount(state, () => {
    void reload();
    const stop = $actingCompanyBin.listen(() => {
      patch({ created: undefined });
      void reload();
    });
    return () => {
      stop();
      generation += 1;
    };
  });
  return store;
}
