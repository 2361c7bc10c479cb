import type { ErrorCode } from '../errors/codes';

/**
 * Every status a document is shown with (SPEC section 4). `TRASH` is how a document looks to a company that
 * moved it to its trash; the document's own lifecycle status is one of {@link LIFECYCLE_STATUSES}.
 */
export const DOCUMENT_STATUSES = ['TRASH', 'DRAFT', 'AT_SIGNING', 'SIGNED', 'REJECTED', 'REVOKED'] as const;
/** See {@link DOCUMENT_STATUSES}. */
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The statuses of a document's own lifecycle: trash is per company, so it is not one of them. */
export const LIFECYCLE_STATUSES = ['DRAFT', 'AT_SIGNING', 'SIGNED', 'REJECTED', 'REVOKED'] as const;
/** See {@link LIFECYCLE_STATUSES}. */
export type LifecycleStatus = (typeof LIFECYCLE_STATUSES)[number];

/** What can be done to a document. `complete` is the last signature turning AT_SIGNING into SIGNED. */
export const DOCUMENT_ACTIONS = ['update', 'send', 'sign', 'complete', 'reject', 'revoke'] as const;
/** See {@link DOCUMENT_ACTIONS}. */
export type DocumentAction = (typeof DOCUMENT_ACTIONS)[number];

interface ActionRule {
  /** Lifecycle status the action leads to from each status it is allowed in. */
  to: Partial<Record<LifecycleStatus, LifecycleStatus>>;
  /** The refusal for every other status (per status where the reason differs). */
  refusal: ErrorCode;
  refusalFor?: Partial<Record<LifecycleStatus, ErrorCode>>;
}

/**
 * The document state machine, defined once for the server (which enforces it) and the interface (which
 * offers only what is allowed). Editing a rejected document makes it a draft again, so it can be sent anew.
 */
const RULES: Record<DocumentAction, ActionRule> = {
  update: {
    to: { DRAFT: 'DRAFT', REJECTED: 'DRAFT' },
    refusal: 'DOCUMENT_CHANGE_FORBIDDEN',
  },
  send: {
    to: { DRAFT: 'AT_SIGNING' },
    refusal: 'DOCUMENT_CHANGE_FORBIDDEN',
  },
  // A sender signing its draft sends it at once (SPEC: "A draft can be ... created and signed").
  sign: {
    to: { DRAFT: 'AT_SIGNING', AT_SIGNING: 'AT_SIGNING' },
    refusal: 'DOCUMENT_CHANGE_FORBIDDEN',
    refusalFor: { SIGNED: 'DOCUMENT_ALREADY_SIGNED', REJECTED: 'REJECTED_DOCUMENT_SIGNING_FORBIDDEN' },
  },
  complete: {
    to: { AT_SIGNING: 'SIGNED' },
    refusal: 'DOCUMENT_CHANGE_FORBIDDEN',
    refusalFor: { SIGNED: 'DOCUMENT_ALREADY_SIGNED' },
  },
  reject: {
    to: { AT_SIGNING: 'REJECTED' },
    refusal: 'ONLY_IN_PROGRESS_CAN_BE_REJECTED',
  },
  revoke: {
    to: { AT_SIGNING: 'REVOKED' },
    refusal: 'DOCUMENT_REVOKE_FORBIDDEN',
  },
};

/** The outcome of {@link transition}. */
export type TransitionResult = { ok: true; to: LifecycleStatus } | { ok: false; code: ErrorCode };

/**
 * Where `action` takes a document in `status`, or the catalogue code that refuses it.
 *
 * @example transition('SIGNED', 'update') // { ok: false, code: 'DOCUMENT_CHANGE_FORBIDDEN' }
 */
export function transition(status: LifecycleStatus, action: DocumentAction): TransitionResult {
  const rule = RULES[action];
  const to = rule.to[status];
  if (to !== undefined) return { ok: true, to };
  return { ok: false, code: rule.refusalFor?.[status] ?? rule.refusal };
}

/** True when `action` is allowed on a document in `status`. */
export function canTransition(status: LifecycleStatus, action: DocumentAction): boolean {
  return RULES[action].to[status] !== undefined;
}

/** The status a company sees: TRASH while it has the document in its trash, else the lifecycle status. */
export function viewStatus(status: LifecycleStatus, trashed: boolean): DocumentStatus {
  return trashed ? 'TRASH' : status;
}

/** Copying is allowed from every status: it makes a new draft and leaves the source as it is. */
export const COPY_RESULT_STATUS: LifecycleStatus = 'DRAFT';
