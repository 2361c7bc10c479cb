import type { DocumentRole } from '../schemas/documents';
import type { LifecycleStatus } from './status';

/**
 * The four list screens of the cabinet (SPEC section 2), for the acting company: documents it received
 * to sign, sent, keeps as drafts, or moved to its trash.
 */
export const DOCUMENT_BOXES = ['incoming', 'outgoing', 'draft', 'trash'] as const;
/** See {@link DOCUMENT_BOXES}. */
export type DocumentBox = (typeof DOCUMENT_BOXES)[number];

/**
 * The box a folder opens on when none is asked for: the first, in the tabs' order, that holds documents of the
 * folder; Incoming when none does (SPEC states no rule; an empty tab beside full ones was issue 22's rough edge).
 *
 * @example folderOpeningBox(['draft']) // 'draft'
 */
export function folderOpeningBox(boxesWithDocuments: readonly DocumentBox[]): DocumentBox {
  return DOCUMENT_BOXES.find((box) => boxesWithDocuments.includes(box)) ?? 'incoming';
}

/**
 * The list filters of SPEC section 4, in its order: All, Signed by you, Need to sign, Signed by everyone,
 * In process, Signed by you or in process, Canceled (rejected or revoked), Draft.
 */
export const DOCUMENT_FILTERS = [
  'all',
  'signedByMe',
  'needToSign',
  'signedByAll',
  'inProcess',
  'signedByMeOrInProcess',
  'canceled',
  'draft',
] as const;
/** See {@link DOCUMENT_FILTERS}. */
export type DocumentFilter = (typeof DOCUMENT_FILTERS)[number];

/** The filters each box offers; the first is its default. */
export const BOX_FILTERS: Record<DocumentBox, readonly DocumentFilter[]> = {
  incoming: [
    'all',
    'needToSign',
    'signedByMe',
    'signedByAll',
    'inProcess',
    'signedByMeOrInProcess',
    'canceled',
  ],
  outgoing: ['all', 'signedByMe', 'signedByAll', 'inProcess', 'signedByMeOrInProcess', 'canceled'],
  draft: ['all', 'draft'],
  trash: ['all', 'signedByAll', 'inProcess', 'canceled', 'draft'],
};

/** Sort keys of a document list. */
export const DOCUMENT_SORTS = ['createdAt', 'updatedAt', 'number', 'name'] as const;
/** See {@link DOCUMENT_SORTS}. */
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** Sort direction. */
export const SORT_ORDERS = ['asc', 'desc'] as const;
/** See {@link SORT_ORDERS}. */
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Default and largest page size of a document list. */
export const DOCUMENT_PAGE_SIZE = 20;
/** Largest page size a client may ask for. */
export const DOCUMENT_PAGE_SIZE_MAX = 100;
/** Longest search text of a document list. */
export const DOCUMENT_SEARCH_MAX = 100;

/** A company's part in a document as its lists see it (the server keeps it in the participant row). */
export interface ListedPart {
  status: LifecycleStatus;
  role: DocumentRole;
  trashed: boolean;
  /** The company signed the document (as a signer, or as the sender that signed it). */
  signed: boolean;
}

/**
 * The box a document is listed in for a company: its trash, else incoming for a signer, draft or outgoing for
 * the sender by status (the server derives the same in its participant row's `box` column).
 */
export function documentBox(part: ListedPart): DocumentBox {
  if (part.trashed) return 'trash';
  if (part.role === 'signer') return 'incoming';
  return part.status === 'DRAFT' ? 'draft' : 'outgoing';
}

/**
 * True when `part` passes `filter` (SPEC section 4; the server's list query says the same in SQL): "signed by
 * you" counts the sender's own signature too, "need to sign" is a signer's unsigned document at signing.
 */
export function matchesFilter(part: ListedPart, filter: DocumentFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'signedByMe':
      return part.signed;
    case 'needToSign':
      return part.role === 'signer' && part.status === 'AT_SIGNING' && !part.signed;
    case 'signedByAll':
      return part.status === 'SIGNED';
    case 'inProcess':
      return part.status === 'AT_SIGNING';
    case 'signedByMeOrInProcess':
      return part.signed || part.status === 'AT_SIGNING';
    case 'canceled':
      return part.status === 'REJECTED' || part.status === 'REVOKED';
    case 'draft':
      return part.status === 'DRAFT';
  }
}
