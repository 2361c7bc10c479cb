import { atom, type ReadableAtom } from 'nanostores';

const version = atom(0);

/**
 * Changes whenever a document was created or changed through the sdk's stores (send, trash, save…): the
 * watched lists and document stores reload on it.
 */
export const $documentsVersion: ReadableAtom<number> = version;

/** Tells the document lists and stores that documents changed (e.g. after a call made outside the stores). */
export function invalidateDocuments(): void {
  version.set(version.get() + 1);
}
