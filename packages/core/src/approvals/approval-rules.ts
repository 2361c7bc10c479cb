import type { TransitionResult } from '../documents/status';

/**
 * Where a signer's approval is: PENDING (its approver has not decided; the signer may neither sign nor reject),
 * APPROVED, DECLINED (the approver's decline rejected the document). A signer without an approver has none (null).
 */
export const APPROVAL_STATES = ['PENDING', 'APPROVED', 'DECLINED'] as const;
/** See {@link APPROVAL_STATES}. */
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** A signer as the approval rules see it: its place, its signing state and its approval (null: no approver). */
export interface ApprovalSigner {
  identityNumber: string;
  state: 'WAITING' | 'SIGNED' | 'REJECTED';
  approval?: ApprovalState | null;
}

/** The document as the approval rules see it (a subset of the signing rules' `SigningState`). */
export interface ApprovalDocument {
  status: 'DRAFT' | 'AT_SIGNING' | 'SIGNED' | 'REJECTED' | 'REVOKED';
  signingMethod: 'PARALLEL' | 'SEQUENTIAL';
  signers: readonly ApprovalSigner[];
}

/** True when the signer's approver has not approved yet (it has one and the approval is PENDING). */
export function awaitsApproval(signer: Pick<ApprovalSigner, 'approval'>): boolean {
  return signer.approval === 'PENDING';
}

/**
 * True when `identityNumber`'s turn has come: a listed signer still WAITING, in a SEQUENTIAL document after
 * everybody listed before signed, in a PARALLEL one at once. The approval happens at this moment.
 */
export function turnHasCome(document: ApprovalDocument, identityNumber: string): boolean {
  const mine = document.signers.findIndex((signer) => signer.identityNumber === identityNumber);
  if (mine < 0 || document.signers[mine]?.state !== 'WAITING') return false;
  return (
    document.signingMethod === 'PARALLEL' ||
    document.signers.slice(0, mine).every((signer) => signer.state === 'SIGNED')
  );
}

/**
 * Whether the approver of signer `identityNumber` may approve or decline now: the document at signing
 * (ONLY_IN_PROGRESS_CAN_BE_REJECTED for a decline's sake, DOCUMENT_CHANGE_FORBIDDEN otherwise), the signer's
 * approval PENDING (APPROVAL_NOT_PENDING) and its turn come (NOT_SIGNERS_TURN: in sequential signing the approval
 * happens at that signer's turn, in parallel at once).
 *
 * @example approvalCheck(sequential, second) // { ok: false, code: 'NOT_SIGNERS_TURN' } until the first signed
 */
export function approvalCheck(document: ApprovalDocument, identityNumber: string): TransitionResult {
  if (document.status !== 'AT_SIGNING') return { ok: false, code: 'DOCUMENT_CHANGE_FORBIDDEN' };
  const signer = document.signers.find((entry) => entry.identityNumber === identityNumber);
  if (!signer) return { ok: false, code: 'APPROVAL_LINK_NOT_FOUND' };
  if (!awaitsApproval(signer) || signer.state !== 'WAITING')
    return { ok: false, code: 'APPROVAL_NOT_PENDING' };
  if (!turnHasCome(document, identityNumber)) return { ok: false, code: 'NOT_SIGNERS_TURN' };
  return { ok: true, to: 'AT_SIGNING' };
}

/**
 * What the document needs next from each signer whose turn has come: `approval` (its approver must approve: the
 * approver is e-mailed) or `signature` (the signer is e-mailed its link). Nobody when the document is not at signing.
 * Comparing it before and after a change tells who must be told now.
 */
export function pendingSteps(
  document: ApprovalDocument,
): { identityNumber: string; step: 'approval' | 'signature' }[] {
  if (document.status !== 'AT_SIGNING') return [];
  return document.signers
    .filter((signer) => turnHasCome(document, signer.identityNumber))
    .map((signer) => ({
      identityNumber: signer.identityNumber,
      step: awaitsApproval(signer) ? ('approval' as const) : ('signature' as const),
    }));
}

/** The steps in `after` that were not in `before` (by signer and step): whom a change must tell. */
export function stepsBegun(
  before: ApprovalDocument,
  after: ApprovalDocument,
): { identityNumber: string; step: 'approval' | 'signature' }[] {
  const known = new Set(pendingSteps(before).map((s) => `${s.identityNumber}:${s.step}`));
  return pendingSteps(after).filter((s) => !known.has(`${s.identityNumber}:${s.step}`));
}
