export { type DocumentListCursor, decodeListCursor, encodeListCursor } from './list-cursor';
export {
  BOX_FILTERS,
  DOCUMENT_BOXES,
  DOCUMENT_FILTERS,
  DOCUMENT_PAGE_SIZE,
  DOCUMENT_PAGE_SIZE_MAX,
  DOCUMENT_SEARCH_MAX,
  DOCUMENT_SORTS,
  type DocumentBox,
  type DocumentFilter,
  type DocumentSort,
  documentBox,
  type ListedPart,
  matchesFilter,
  SORT_ORDERS,
  type SortOrder,
} from './lists';
export {
  allowedActions,
  isSignersTurn,
  type PartyAction,
  rejectCheck,
  revokeCheck,
  type SigningParty,
  type SigningState,
  signCheck,
  signersOnTurn,
} from './signing-rules';
export {
  COPY_RESULT_STATUS,
  canTransition,
  DOCUMENT_ACTIONS,
  DOCUMENT_STATUSES,
  type DocumentAction,
  type DocumentStatus,
  LIFECYCLE_STATUSES,
  type LifecycleStatus,
  type TransitionResult,
  transition,
  viewStatus,
} from './status';
export { trashInfo } from './trash';
