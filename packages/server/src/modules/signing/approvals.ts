import { AppError, type ApprovalLinkView, approvalCheck, identityKind } from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { signingPort } from '../documents/index.js';
import { refuseIfExpired } from './document-schedule.js';
import { queueApprovalLink, queueStepMail, type RequestedApproval } from './link-mail.js';
import { type ApprovalLink, findPersonalLink, refuseEarlyResend } from './personal-links.js';
import { runAfterCommit, type SignerGrant } from './signer-actions.js';
import type { SigningContext } from './signing-context.js';

/** The live approval link of a token, else APPROVAL_LINK_NOT_FOUND (unknown, replaced or expired). */
export async function liveApprovalLink(context: SigningContext, token: string): Promise<ApprovalLink> {
  const link = await findPersonalLink(context.db, 'approval', token, context.clock());
  if (!link) throw new AppError('APPROVAL_LINK_NOT_FOUND');
  return link;
}

/** An approval link as a grant to read the signer's document and its files (never to sign). */
export function approvalGrant(link: ApprovalLink): SignerGrant {
  return {
    documentId: link.documentId,
    identityNumber: link.identityNumber,
    linkId: null,
    expiresAt: link.expiresAt,
    missing: 'APPROVAL_LINK_NOT_FOUND',
  };
}

/** What the approver sees: the document as the signer's link shows it, with no actions, and the signer's entry. */
export async function approvalView(context: SigningContext, link: ApprovalLink): Promise<ApprovalLinkView> {
  const document = await signingPort
    .linkView(context.db, link.documentId, link.identityNumber, context.clock())
    .catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'ENTITY_NOT_FOUND'
        ? new AppError('APPROVAL_LINK_NOT_FOUND')
        : error;
    });
  const signer = document.signers.find((s) => s.identityNumber === link.identityNumber);
  if (!signer) throw new AppError('APPROVAL_LINK_NOT_FOUND');
  return {
    document: { ...document, allowedActions: [] },
    signer,
    approverEmail: link.email,
    expiresAt: link.expiresAt.toISOString(),
  };
}

/** Runs `approvalRequested` for each approval a change requested, inside its transaction. */
export async function announceRequested(
  context: Pick<SigningContext, 'hooks'>,
  trx: Kysely<Database>,
  documentId: number,
  requested: readonly RequestedApproval[],
  at: Date,
): Promise<void> {
  for (const party of requested)
    await context.hooks.approvalRequested.run({ db: trx, documentId, at, party });
}

/**
 * The approver's decision through its link: approve (the signer is e-mailed its signing link in the same
 * transaction and may sign) or decline with a comment (the document is REJECTED with it, as a rejection). Refused
 * after the document's expiry (DOCUMENT_EXPIRED) and by core's `approvalCheck` under the document's row lock.
 * After the commit: the outbox is kicked, `approvalGranted` or `approvalDeclined` (and `documentRejected`) run.
 */
export async function decideApproval(
  context: SigningContext,
  link: ApprovalLink,
  decision: { approve: true } | { approve: false; comment: string },
  ip: string,
): Promise<void> {
  const now = context.clock();
  const { documentId, identityNumber } = link;
  const change = await signingPort.recordApproval(
    context.db,
    documentId,
    identityNumber,
    { ...decision, approverEmail: link.email, ip },
    now,
    async (trx, recorded) => {
      await refuseIfExpired(trx, documentId, now);
      const requested = await queueStepMail(context, trx, recorded.core, recorded.steps, now);
      await announceRequested(context, trx, documentId, requested, now);
    },
  );
  await context.outbox.kick();
  const party = { identityNumber, approverEmail: link.email };
  const event = { db: context.db, documentId, at: change.at, party };
  try {
    if (decision.approve) await context.hooks.approvalGranted.run(event);
    else await context.hooks.approvalDeclined.run({ ...event, comment: decision.comment });
  } catch (error) {
    context.log.error({ err: error, documentId }, 'approval hook failed');
  }
  if (!decision.approve) {
    const kind = identityKind(identityNumber);
    await runAfterCommit(context, 'documentRejected', {
      db: context.db,
      documentId,
      at: change.at,
      status: 'REJECTED',
      party: {
        identityNumber,
        iin: kind === 'IIN' ? identityNumber : null,
        bin: kind === 'BIN' ? identityNumber : null,
        fullName: link.email,
      },
    });
  }
}

/**
 * Sends the approver of a signer a new approval link (earlier ones stop working): the sender only
 * (DOCUMENT_CHANGE_FORBIDDEN), while the signer awaits its approval at its turn (core's `approvalCheck`), once per
 * QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS per signer (SIGNING_LINK_RESEND_TOO_EARLY with `retryAfter`).
 */
export async function resendApprovalLink(
  context: SigningContext,
  bin: string,
  documentId: number,
  identityNumber: string,
): Promise<ApprovalLink> {
  const now = context.clock();
  const link = await context.db.transaction().execute(async (trx) => {
    const target = await signingPort.signingTarget(trx, documentId, bin, { lock: true });
    if (!target) throw new AppError('ENTITY_NOT_FOUND');
    if (target.document.participation.role !== 'sender') throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
    const signer = target.signers.find((s) => s.identityNumber === identityNumber);
    if (!signer) throw new AppError('BIN_NOT_AMONG_SIGNERS');
    const check = approvalCheck(target.rules.document, identityNumber);
    if (!check.ok) throw new AppError(check.code);
    if (!signer.approverEmail) throw new AppError('APPROVAL_NOT_PENDING');
    const cooldown = context.config.signingLinkResendCooldownSeconds;
    await refuseEarlyResend(trx, 'approval', { documentId, identityNumber }, cooldown, now);
    const approver = { ...signer, approverEmail: signer.approverEmail };
    return queueApprovalLink(context, trx, target.document.core, approver, now);
  });
  await context.outbox.kick();
  return link;
}
