/**
 * The four list screens of the cabinet (SPEC section 2), for the acting company: documents it received
 * to sign, sent, keeps as drafts, or moved to its trash.
 */
export const DOCUMENT_BOXES = ['incoming', 'outgoing', 'draft', 'trash'] as const;
/** See {@link DOCUMENT_BOXES}. */
export type DocumentBox = (typeof DOCUMENT_BOXES)[number];

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
