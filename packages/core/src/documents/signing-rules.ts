import { type ApprovalState, awaitsApproval } from '../approvals/approval-rules';
import type { Document, SignerState, SigningMethod } from '../schemas/documents';
import { canTransition, type LifecycleStatus, type TransitionResult, transition } from './status';

/**
 * A document as the signing rules see it: its lifecycle status, how it is signed, its signers in signing order
 * (BIN or IIN, registered company or not: the rules are the same) and whether its sender signed it.
 */
export interface SigningState {
  status: LifecycleStatus;
  signingMethod: SigningMethod;
  senderSigned: boolean;
  /** In signing order; `approval` PENDING while the signer's approver has not approved (absent: no approver). */
  signers: readonly { identityNumber: string; state: SignerState; approval?: ApprovalState | null }[];
}

/**
 * The party asking, by BIN/IIN: whether it is the document's sender, and whether it has the document in its
 * trash (a sender does not change a document from its trash).
 */
export interface SigningParty {
  identityNumber: string;
  sender: boolean;
  trashed: boolean;
}

/** An action a party may be offered on a document (the `allowedActions` of the card). */
export type PartyAction = Document['allowedActions'][number];

/**
 * True when `identityNumber` is a listed signer still WAITING whose turn it is: in a SEQUENTIAL document
 * everybody listed before has signed; in a PARALLEL one any waiting signer's.
 */
export function isSignersTurn(document: SigningState, identityNumber: string): boolean {
  const mine = document.signers.findIndex((signer) => signer.identityNumber === identityNumber);
  if (mine < 0 || document.signers[mine]?.state !== 'WAITING') return false;
  return (
    document.signingMethod === 'PARALLEL' ||
    document.signers.slice(0, mine).every((signer) => signer.state === 'SIGNED')
  );
}

/**
 * The listed signers whose turn it is now, in signing order: nobody unless the document is at signing; then every
 * waiting signer of a PARALLEL document, or the first waiting one of a SEQUENTIAL document (see
 * {@link isSignersTurn}). Comparing it before and after a change tells whose turn that change began.
 */
export function signersOnTurn(document: SigningState): string[] {
  if (document.status !== 'AT_SIGNING') return [];
  return document.signers
    .filter((signer) => isSignersTurn(document, signer.identityNumber))
    .map((signer) => signer.identityNumber);
}

/**
 * Whether `party` may sign now, and the status it leaves the document in, or the refusal: the state machine
 * first (a rejected document REJECTED_DOCUMENT_SIGNING_FORBIDDEN, a signed one DOCUMENT_ALREADY_SIGNED). The
 * sender signs once (ALREADY_SIGNED_BY_BIN), its draft only from outside its trash (DOCUMENT_CHANGE_FORBIDDEN),
 * which sends it. Anybody else only once it was sent (DOCUMENT_CHANGE_FORBIDDEN), as a listed signer
 * (BIN_NOT_AMONG_SIGNERS) that has not signed (ALREADY_SIGNED_BY_BIN) nor rejected
 * (REJECTED_DOCUMENT_SIGNING_FORBIDDEN), on its turn (NOT_SIGNERS_TURN), once its approver approved
 * (APPROVAL_PENDING).
 *
 * @example signCheck(sequential, { identityNumber: second, sender: false, trashed: false }) // { ok: false, code: 'NOT_SIGNERS_TURN' }
 */
export function signCheck(document: SigningState, party: SigningParty): TransitionResult {
  const step = transition(document.status, 'sign');
  if (!step.ok) return step;
  if (party.sender) {
    if (document.status === 'DRAFT' && party.trashed) return refused('DOCUMENT_CHANGE_FORBIDDEN');
    if (document.senderSigned) return refused('ALREADY_SIGNED_BY_BIN');
    return step;
  }
  if (document.status === 'DRAFT') return refused('DOCUMENT_CHANGE_FORBIDDEN');
  const signer = document.signers.find((entry) => entry.identityNumber === party.identityNumber);
  if (!signer) return refused('BIN_NOT_AMONG_SIGNERS');
  if (signer.state === 'SIGNED') return refused('ALREADY_SIGNED_BY_BIN');
  if (signer.state === 'REJECTED') return refused('REJECTED_DOCUMENT_SIGNING_FORBIDDEN');
  if (!isSignersTurn(document, party.identityNumber)) return refused('NOT_SIGNERS_TURN');
  if (awaitsApproval(signer)) return refused('APPROVAL_PENDING');
  return step;
}

/**
 * Whether `party` may reject now: a document at signing (ONLY_IN_PROGRESS_CAN_BE_REJECTED), by a listed signer
 * other than the sender (BIN_NOT_AMONG_SIGNERS) that has not signed (ALREADY_SIGNED_BY_BIN), on its turn
 * (NOT_SIGNERS_TURN: a later signer of a SEQUENTIAL document waits like for signing), once its approver approved
 * (APPROVAL_PENDING).
 */
export function rejectCheck(document: SigningState, party: SigningParty): TransitionResult {
  const step = transition(document.status, 'reject');
  if (!step.ok) return step;
  const signer = document.signers.find((entry) => entry.identityNumber === party.identityNumber);
  if (!signer || party.sender) return refused('BIN_NOT_AMONG_SIGNERS');
  if (signer.state !== 'WAITING') return refused('ALREADY_SIGNED_BY_BIN');
  if (!isSignersTurn(document, party.identityNumber)) return refused('NOT_SIGNERS_TURN');
  if (awaitsApproval(signer)) return refused('APPROVAL_PENDING');
  return step;
}

/**
 * Whether `party` may revoke now: only the sender (REVOKE_ONLY_BY_SENDER), a document at signing (the state
 * machine), while nobody, the sender included, has signed (DOCUMENT_REVOKE_FORBIDDEN).
 */
export function revokeCheck(document: SigningState, party: SigningParty): TransitionResult {
  if (!party.sender) return refused('REVOKE_ONLY_BY_SENDER');
  const step = transition(document.status, 'revoke');
  if (!step.ok) return step;
  const nobodySigned =
    !document.senderSigned && document.signers.every((signer) => signer.state === 'WAITING');
  return nobodySigned ? step : refused('DOCUMENT_REVOKE_FORBIDDEN');
}

/**
 * What `party` may do now, exactly what the routes accept: from its trash only restore (and copy, for the
 * sender); else the sender edits and sends its draft, signs ({@link signCheck}), revokes ({@link revokeCheck})
 * and copies; a signer signs and rejects ({@link rejectCheck}); everybody trashes its own view.
 */
export function allowedActions(document: SigningState, party: SigningParty): PartyAction[] {
  if (party.trashed) return party.sender ? ['restore', 'copy'] : ['restore'];
  const actions: PartyAction[] = [];
  if (party.sender) {
    if (canTransition(document.status, 'update')) actions.push('update');
    if (canTransition(document.status, 'send')) actions.push('send');
    if (signCheck(document, party).ok) actions.push('sign');
    if (revokeCheck(document, party).ok) actions.push('revoke');
    actions.push('copy');
  } else {
    if (signCheck(document, party).ok) actions.push('sign');
    if (rejectCheck(document, party).ok) actions.push('reject');
  }
  actions.push('trash');
  return actions;
}

function refused(code: Extract<TransitionResult, { ok: false }>['code']): TransitionResult {
  return { ok: false, code };
}
