import {
  AppError,
  approvalCheck,
  type Document,
  type HistoryEvent,
  type LifecycleStatus,
  rejectCheck,
  revokeCheck,
  type Signer,
  type SigningState,
  signCheck,
  signersOnTurn,
  stepsBegun,
  type TransitionResult,
} from '@qoltanba/core';
import { isRowId } from '../../db/row-id.js';
import {
  type AccessibleDocument,
  type Db,
  DOCUMENT_CORE_COLUMNS,
  documentCore,
  findAccessible,
  requireAccessible,
} from './document-access.js';
import type { StoredFile } from './document-files.js';
import { documentParts, knownParties, readDocument } from './document-read.js';
import { applySend, syncParticipants } from './document-store.js';
import { type DocumentCore, type SigningRulesInput, signingRulesInput } from './document-view.js';
import { type EventActor, listHistory, recordEvent } from './history.js';
import { verifiableFile } from './verifiable-files.js';

// The documents module's one port for signing ("who signs and when"): the signing module verifies and keeps
// signatures, and reaches the signer state only through `signingPort` below. A signing asks once (signingTarget,
// before its lock and verification) and tells once (recordSigned, under the document's row lock); a rejection and
// a revocation only tell. Each telling re-checks core's rule under the row lock and answers the SigningChange.

/** A file of a document as signing needs it: its id, name and where its bytes are. */
export interface SigningFile extends StoredFile {
  id: number;
}

/** A document as one party (sender or signer, by BIN/IIN) takes part in it, with its signers and files. */
export interface SigningTarget {
  document: AccessibleDocument;
  signers: Signer[];
  files: SigningFile[];
  /** The document and the party as core's signing rules take them (`signCheck(rules.document, rules.party)`). */
  rules: SigningRulesInput;
}

/**
 * The document `id` as the party `identityNumber` takes part in it, or undefined when it takes none (a draft is
 * the sender's alone). With `lock`, the document row is taken FOR UPDATE (inside a transaction).
 */
export async function signingTarget(
  db: Db,
  id: number,
  identityNumber: string,
  options: { lock?: boolean } = {},
): Promise<SigningTarget | undefined> {
  if (!isRowId(id)) return undefined;
  const document = await findAccessible(db, identityNumber, id, options);
  if (!document) return undefined;
  const { signers } = await documentParts(db, id);
  const files = await db
    .selectFrom('document_files')
    .select(['id', 'name', 'format', 'sha256', 'blob_key'])
    .where('document_id', '=', id)
    .where('state', '=', 'READY')
    .orderBy('id')
    .execute();
  return {
    document,
    signers,
    files: files.flatMap((file) =>
      file.format && file.sha256 && file.blob_key
        ? [{ id: file.id, name: file.name, format: file.format, sha256: file.sha256, blobKey: file.blob_key }]
        : [],
    ),
    rules: signingRulesInput(document.core, identityNumber, document.participation, signers),
  };
}

/** Like {@link signingTarget}, but ENTITY_NOT_FOUND when the party takes no part. */
export async function requireSigningTarget(
  db: Db,
  id: number,
  identityNumber: string,
  options: { lock?: boolean } = {},
): Promise<SigningTarget> {
  const target = await signingTarget(db, id, identityNumber, options);
  if (!target) throw new AppError('ENTITY_NOT_FOUND');
  return target;
}

/** What one signing, rejection or revocation changed, as it committed: the facts others observe. */
export interface SigningChange {
  documentId: number;
  /** The document's header (name, number, sender) as it was read under the lock, for the e-mails of `steps`. */
  core: DocumentCore;
  at: Date;
  /** The document's lifecycle status after the change. */
  status: LifecycleStatus;
  /** Who acted, by BIN/IIN, and its entry among the signers (null for the sender). */
  identityNumber: string;
  signer: Signer | null;
  /** The sender's signature sent its draft (SEND recorded; the `documentSent` hook belongs in this transaction). */
  sent: boolean;
  /** The last listed signer signed: the document is SIGNED (COMPLETE recorded). */
  completed: boolean;
  /** Listed signers whose turn began with this change (core's `signersOnTurn` before and after), with e-mails. */
  turn: Signer[];
  /**
   * Who must be told now (core's `stepsBegun`): an approver whose signer's turn began (`approval`), or a signer
   * that may sign now (`signature`: its turn began without an approver, or its approver approved).
   */
  steps: { signer: Signer; step: 'approval' | 'signature' }[];
}

function refuseUnless(check: TransitionResult): asserts check is Extract<TransitionResult, { ok: true }> {
  if (!check.ok) throw new AppError(check.code);
}

function change(
  target: SigningTarget,
  identityNumber: string,
  at: Date,
  after: SigningState,
  flags: { sent?: boolean; completed?: boolean } = {},
): SigningChange {
  const before = new Set(signersOnTurn(target.rules.document));
  const began = new Set(signersOnTurn(after).filter((id) => !before.has(id)));
  const steps = stepsBegun(target.rules.document, after).flatMap(({ identityNumber, step }) => {
    const signer = target.signers.find((s) => s.identityNumber === identityNumber);
    return signer ? [{ signer, step }] : [];
  });
  return {
    documentId: target.document.core.id,
    core: target.document.core,
    at,
    status: after.status,
    identityNumber,
    signer: target.signers.find((signer) => signer.identityNumber === identityNumber) ?? null,
    sent: flags.sent ?? false,
    completed: flags.completed ?? false,
    turn: target.signers.filter((signer) => began.has(signer.identityNumber)),
    steps,
  };
}

/**
 * Records that `actor.bin` signed document `id`, inside the caller's transaction (which also stores the
 * signatures): takes the document row FOR UPDATE, checks core's `signCheck` again under it, sends a draft of the
 * sender (SEND), marks the signer (or the sender's participation) signed, records SIGN, and when every listed
 * signer has signed makes the document SIGNED with a COMPLETE event. The row lock makes the last signature's
 * completion race-free when signers sign in parallel.
 */
async function recordSigned(trx: Db, id: number, actor: EventActor, now: Date): Promise<SigningChange> {
  const target = await requireSigningTarget(trx, id, actor.bin, { lock: true });
  refuseUnless(signCheck(target.rules.document, target.rules.party));
  const sender = target.document.participation.role === 'sender';
  let sent = false;
  if (sender) {
    if (target.document.core.status === 'DRAFT') {
      await applySend(trx, target.document, actor, now);
      sent = true;
    }
  } else {
    await trx
      .updateTable('document_signers')
      .set({ state: 'SIGNED', signed_at: now })
      .where('document_id', '=', id)
      .where('identity_number', '=', actor.bin)
      .execute();
  }
  await trx
    .updateTable('document_participants')
    .set({ signed_at: now })
    .where('document_id', '=', id)
    .where('company_bin', '=', actor.bin)
    .execute();
  await recordEvent(trx, id, 'SIGN', actor, now);
  const waiting = await trx
    .selectFrom('document_signers')
    .select('identity_number')
    .where('document_id', '=', id)
    .where('state', '<>', 'SIGNED')
    .executeTakeFirst();
  const completed = waiting === undefined;
  const status = completed ? 'SIGNED' : 'AT_SIGNING';
  await trx.updateTable('documents').set({ status, updated_at: now }).where('id', '=', id).execute();
  if (completed) await recordEvent(trx, id, 'COMPLETE', null, now);
  await syncParticipants(trx, id);
  const { document } = target.rules;
  const after: SigningState = {
    ...document,
    status,
    senderSigned: document.senderSigned || sender,
    signers: sender
      ? document.signers
      : document.signers.map((s) => (s.identityNumber === actor.bin ? { ...s, state: 'SIGNED' } : s)),
  };
  return change(target, actor.bin, now, after, { sent, completed });
}

/**
 * AT_SIGNING -> REJECTED by a listed signer who has not signed (core's `rejectCheck`, under the row lock), with
 * the reason in the document's rejection and the REJECT event. ENTITY_NOT_FOUND when `actor.bin` takes no part.
 */
async function recordRejection(
  db: Db,
  id: number,
  actor: EventActor,
  reason: string,
  now: Date,
): Promise<SigningChange> {
  return db.transaction().execute(async (trx) => {
    const target = await requireSigningTarget(trx, id, actor.bin, { lock: true });
    const step = rejectCheck(target.rules.document, target.rules.party);
    refuseUnless(step);
    await trx
      .updateTable('documents')
      .set({
        status: step.to,
        rejected_by: actor.bin,
        rejection_reason: reason,
        rejected_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('document_signers')
      .set({ state: 'REJECTED' })
      .where('document_id', '=', id)
      .where('identity_number', '=', actor.bin)
      .execute();
    await syncParticipants(trx, id);
    await recordEvent(trx, id, 'REJECT', actor, now, reason);
    return change(target, actor.bin, now, { ...target.rules.document, status: step.to });
  });
}

/**
 * AT_SIGNING -> REVOKED by the sender while nobody, the sender included, has signed (core's `revokeCheck`, under
 * the row lock), with a REVOKE event.
 */
async function recordRevocation(db: Db, id: number, actor: EventActor, now: Date): Promise<SigningChange> {
  return db.transaction().execute(async (trx) => {
    const target = await requireSigningTarget(trx, id, actor.bin, { lock: true });
    const step = revokeCheck(target.rules.document, target.rules.party);
    refuseUnless(step);
    await trx
      .updateTable('documents')
      .set({ status: step.to, updated_at: now })
      .where('id', '=', id)
      .execute();
    await syncParticipants(trx, id);
    await recordEvent(trx, id, 'REVOKE', actor, now);
    return change(target, actor.bin, now, { ...target.rules.document, status: step.to });
  });
}

/** A document that was just sent, as its signers' personal links are written: its header and signers in order. */
export interface SentDocument {
  core: DocumentCore;
  signers: Signer[];
}

/** Document `id` as it is being sent (inside the sending transaction), or ENTITY_NOT_FOUND. */
async function sentDocument(db: Db, id: number): Promise<SentDocument> {
  const row = isRowId(id)
    ? await db.selectFrom('documents').select(DOCUMENT_CORE_COLUMNS).where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('ENTITY_NOT_FOUND');
  return { core: documentCore(row), signers: (await documentParts(db, id)).signers };
}

/** The whole document as the party `identityNumber` sees it (the answer of a company's route), or ENTITY_NOT_FOUND. */
async function partyView(
  db: Db,
  id: number,
  identityNumber: string,
  now: Date,
  retentionDays: number,
): Promise<Document> {
  const document = await requireAccessible(db, identityNumber, id);
  return readDocument(db, identityNumber, document, now, retentionDays);
}

/**
 * The document as a signer's personal link shows it: without the folder and trash of the signer's company (their
 * business, not the link's) and with only the actions a link can take (sign, reject). ENTITY_NOT_FOUND when
 * `identityNumber` takes no part.
 */
export async function documentForLink(
  db: Db,
  id: number,
  identityNumber: string,
  now: Date,
): Promise<Document> {
  const document = await requireAccessible(db, identityNumber, id);
  const participation = { ...document.participation, folderId: null, trashedAt: null };
  const view = await readDocument(db, identityNumber, { ...document, participation }, now, 0);
  const allowedActions = view.allowedActions.filter((action) => action === 'sign' || action === 'reject');
  return { ...view, allowedActions };
}

/** The history of document `id` as signer `identityNumber` sees it through a link (its own trash events only). */
export async function historyForLink(db: Db, id: number, identityNumber: string): Promise<HistoryEvent[]> {
  const document = await requireAccessible(db, identityNumber, id);
  const { signers } = await documentParts(db, id);
  return listHistory(db, id, identityNumber, knownParties(document, signers));
}

/** An approver's decision for one signer: approve, or decline with the comment (the rejection reason). */
export type ApprovalDecision =
  | { approve: true; approverEmail: string; ip: string }
  | { approve: false; approverEmail: string; ip: string; comment: string };

/**
 * Records an approver's decision for signer `identityNumber` of document `id`, in its own transaction under the
 * document's row lock with core's `approvalCheck` there. Approving records APPROVE (the signer may sign now: the
 * change's `steps` say so); declining rejects the document as a rejection does (REJECTED, the comment as the
 * reason, the signer as the rejecting party) and records DECLINE. The approver's e-mail is the history's "who".
 * `inTransaction` observes the change before the commit (the signer's e-mail; a throw undoes the decision).
 */
async function recordApproval(
  db: Db,
  id: number,
  identityNumber: string,
  decision: ApprovalDecision,
  now: Date,
  inTransaction?: (trx: Db, change: SigningChange) => Promise<void>,
): Promise<SigningChange> {
  return db.transaction().execute(async (trx) => {
    const target = await requireSigningTarget(trx, id, identityNumber, { lock: true });
    refuseUnless(approvalCheck(target.rules.document, identityNumber));
    const actor: EventActor = { userId: null, bin: identityNumber, ip: decision.ip };
    const { document } = target.rules;
    if (decision.approve) {
      await trx
        .updateTable('document_signers')
        .set({ approval: 'APPROVED', approved_at: now })
        .where('document_id', '=', id)
        .where('identity_number', '=', identityNumber)
        .execute();
      await trx.updateTable('documents').set({ updated_at: now }).where('id', '=', id).execute();
      await syncParticipants(trx, id);
      await recordEvent(trx, id, 'APPROVE', actor, now, decision.approverEmail);
      const signers = document.signers.map((s) =>
        s.identityNumber === identityNumber ? { ...s, approval: 'APPROVED' as const } : s,
      );
      const approved = change(target, identityNumber, now, { ...document, signers });
      await inTransaction?.(trx, approved);
      return approved;
    }
    await trx
      .updateTable('documents')
      .set({
        status: 'REJECTED',
        rejected_by: identityNumber,
        rejection_reason: decision.comment,
        rejected_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('document_signers')
      .set({ approval: 'DECLINED', state: 'REJECTED' })
      .where('document_id', '=', id)
      .where('identity_number', '=', identityNumber)
      .execute();
    await syncParticipants(trx, id);
    await recordEvent(trx, id, 'DECLINE', actor, now, `${decision.approverEmail}: ${decision.comment}`);
    const declined = change(target, identityNumber, now, { ...document, status: 'REJECTED' });
    await inTransaction?.(trx, declined);
    return declined;
  });
}

/** The signers of document `id` in signing order (with their e-mails). */
export async function documentSigners(db: Db, id: number): Promise<Signer[]> {
  return (await documentParts(db, id)).signers;
}

/**
 * Everything the signing module asks of the documents module, and the only way it changes a document's signer
 * state. Reads: `signingTarget` (files, signers and core's rule inputs, before any lock), `sentDocument` (the
 * links of a send), `partyView` / `linkView` (answers). Changes, each under the document's row lock with core's
 * rule checked there: `recordSigned` (in the caller's transaction, with the signatures), `recordRejection`,
 * `recordRevocation`; each answers the {@link SigningChange} (signed, sent, turn moved, completed) to observe.
 */
export interface DocumentSigningPort {
  signingTarget: typeof signingTarget;
  recordSigned: typeof recordSigned;
  recordRejection: typeof recordRejection;
  recordRevocation: typeof recordRevocation;
  recordApproval: typeof recordApproval;
  sentDocument: typeof sentDocument;
  partyView: typeof partyView;
  linkView: typeof documentForLink;
  linkHistory: typeof historyForLink;
  /** A signed file's bytes and name for a signature's re-verification (the archive timestamp renewal). */
  signedFile: typeof verifiableFile;
}

/** The documents module's {@link DocumentSigningPort}; call it as `signingPort.recordSigned(…)`. */
export const signingPort: DocumentSigningPort = {
  signingTarget,
  recordSigned,
  recordRejection,
  recordRevocation,
  recordApproval,
  sentDocument,
  partyView,
  linkView: documentForLink,
  linkHistory: historyForLink,
  signedFile: verifiableFile,
};
