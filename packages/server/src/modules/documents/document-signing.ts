import {
  AppError,
  type Document,
  rejectCheck,
  revokeCheck,
  type Signer,
  type SigningParty,
  type SigningState,
  signCheck,
} from '@qoltanba/core';
import { isRowId } from '../../db/row-id.js';
import { type AccessibleDocument, type Db, findAccessible, requireAccessible } from './document-access.js';
import type { StoredFile } from './document-files.js';
import { documentParts, readDocument } from './document-read.js';
import { applySend, syncParticipants } from './document-store.js';
import { type EventActor, recordEvent } from './history.js';

// The documents module's side of signing: the signing module verifies signatures and keeps them, and calls these
// functions for every change of a document, its signers and its history.

/** A file of a document as signing needs it: its id, name and where its bytes are. */
export interface SigningFile extends StoredFile {
  id: number;
}

/** A document as one party (sender or signer, by BIN/IIN) takes part in it, with its signers and files. */
export interface SigningTarget {
  document: AccessibleDocument;
  signers: Signer[];
  files: SigningFile[];
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

/** True when `identityNumber` is the document's sender or one of its listed signers. */
export function isSigningParty(target: SigningTarget, identityNumber: string): boolean {
  return (
    target.document.core.sender.bin === identityNumber ||
    target.signers.some((signer) => signer.identityNumber === identityNumber)
  );
}

/** The document of `target` as core's signing rules see it (whether the sender signed: from the sender's own row). */
function signingState(target: SigningTarget): SigningState {
  const { core, participation } = target.document;
  return {
    status: core.status,
    signingMethod: core.signingMethod,
    senderSigned: participation.role === 'sender' && participation.signedAt !== null,
    signers: target.signers,
  };
}

/** `identityNumber` as a party of `target` for core's signing rules. */
function signingParty(target: SigningTarget, identityNumber: string): SigningParty {
  const { core, participation } = target.document;
  return {
    identityNumber,
    sender: participation.role === 'sender' && core.sender.bin === identityNumber,
    trashed: participation.trashedAt !== null,
  };
}

/**
 * Refuses with the catalogue code when `identityNumber` may not sign now: core's `signCheck` (the state machine,
 * the sender once and not from its trash, a listed signer that has not signed or rejected, on its turn).
 */
export function assertMaySign(target: SigningTarget, identityNumber: string): void {
  const check = signCheck(signingState(target), signingParty(target, identityNumber));
  if (!check.ok) throw new AppError(check.code);
}

/** What {@link recordSigned} changed besides the signer: whether it sent the draft, and completed the document. */
export interface SignedOutcome {
  sent: boolean;
  completed: boolean;
}

/**
 * Records that `actor.bin` signed document `id`, inside the caller's transaction (which also stores the
 * signatures): takes the document row FOR UPDATE, checks {@link assertMaySign} again under it, sends a draft of the
 * sender (SEND), marks the signer (or the sender's participation) signed, records SIGN, and when every listed
 * signer has signed makes the document SIGNED with a COMPLETE event. The row lock makes the last signature's
 * completion race-free when signers sign in parallel.
 */
export async function recordSigned(
  trx: Db,
  id: number,
  actor: EventActor,
  now: Date,
): Promise<SignedOutcome> {
  const target = await requireSigningTarget(trx, id, actor.bin, { lock: true });
  assertMaySign(target, actor.bin);
  let sent = false;
  if (target.document.participation.role === 'sender') {
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
  return { sent, completed };
}

/**
 * AT_SIGNING -> REJECTED by a listed signer who has not signed (ONLY_IN_PROGRESS_CAN_BE_REJECTED otherwise; the
 * sender BIN_NOT_AMONG_SIGNERS, a signer who signed ALREADY_SIGNED_BY_BIN), with the reason in the document's
 * rejection and the REJECT event. ENTITY_NOT_FOUND when `actor.bin` takes no part.
 */
export async function recordRejection(
  db: Db,
  id: number,
  actor: EventActor,
  reason: string,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await requireSigningTarget(trx, id, actor.bin, { lock: true });
    const step = rejectCheck(signingState(target), signingParty(target, actor.bin));
    if (!step.ok) throw new AppError(step.code);
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
  });
}

/**
 * AT_SIGNING -> REVOKED by the sender (REVOKE_ONLY_BY_SENDER for a signer) while nobody, the sender included, has
 * signed (DOCUMENT_REVOKE_FORBIDDEN), with a REVOKE event.
 */
export async function recordRevocation(db: Db, id: number, actor: EventActor, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await requireSigningTarget(trx, id, actor.bin, { lock: true });
    const step = revokeCheck(signingState(target), signingParty(target, actor.bin));
    if (!step.ok) throw new AppError(step.code);
    await trx
      .updateTable('documents')
      .set({ status: step.to, updated_at: now })
      .where('id', '=', id)
      .execute();
    await syncParticipants(trx, id);
    await recordEvent(trx, id, 'REVOKE', actor, now);
  });
}

/** The whole document as the party `identityNumber` sees it (the personal link's view), or ENTITY_NOT_FOUND. */
export async function documentAsParty(
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

/** The signers of document `id` in signing order (with their e-mails), e.g. to send their personal links. */
export async function documentSigners(db: Db, id: number): Promise<Signer[]> {
  return (await documentParts(db, id)).signers;
}
