import {
  APPROVAL_LINK_PAGE,
  apiPath,
  type LinkMailKind,
  linkMail,
  pendingSteps,
  SIGNING_LINK_PAGE,
} from '@qoltanba/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueueEmail } from '../../outbox/message-queue.js';
import { approvalLinkReference, signingLinkReference } from '../../outbox/message-references.js';
import { type DocumentCore, signingPort } from '../documents/index.js';
import { type ApprovalLink, issuePersonalLink, type SigningLink } from './personal-links.js';
import type { SigningContext } from './signing-context.js';

/** The address of a personal link's page in the portal. */
export function signingLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${apiPath(SIGNING_LINK_PAGE, { token })}`;
}

/** The address of an approver's link page in the portal. */
export function approvalLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl}${apiPath(APPROVAL_LINK_PAGE, { token })}`;
}

/** What a personal link's e-mail names of its document. */
export type MailedDocument = Pick<DocumentCore, 'id' | 'name' | 'number' | 'sender'>;

/**
 * Issues a signer's personal link and queues its e-mail (core's `linkMail`: in Kazakh, Russian and English, since
 * the signer has no account, so no language) in the caller's transaction `trx`; the caller kicks the outbox after
 * the commit. Answers the link.
 */
export async function queueSigningLink(
  context: Pick<SigningContext, 'config'>,
  trx: Kysely<Database>,
  document: MailedDocument,
  signer: { identityNumber: string; email: string },
  now: Date,
  kind: LinkMailKind = 'turn',
): Promise<SigningLink> {
  const documentId = document.id;
  const { token, link } = await issuePersonalLink(trx, 'signing', {
    documentId,
    identityNumber: signer.identityNumber,
    email: signer.email,
    now,
    days: context.config.signingLinkDays,
  });
  const mail = linkMail('signing', kind, {
    sender: document.sender.nameRu,
    document: document.name,
    number: document.number,
    url: signingLinkUrl(context.config.publicUrl, token),
    expiresAt: link.expiresAt,
  });
  await enqueueEmail(
    trx,
    { to: signer.email, ...mail },
    { reference: signingLinkReference(documentId, signer.identityNumber), at: now },
  );
  return link;
}

/**
 * Issues the approval link of the approver of `signer` and queues its e-mail (kk, ru and en, like a signing
 * link's) in the caller's transaction: the approver sees the document and its files and approves or declines.
 */
export async function queueApprovalLink(
  context: Pick<SigningContext, 'config'>,
  trx: Kysely<Database>,
  document: MailedDocument,
  signer: { identityNumber: string; approverEmail: string; nameRu: string },
  now: Date,
  kind: LinkMailKind = 'turn',
): Promise<ApprovalLink> {
  const documentId = document.id;
  const { token, link } = await issuePersonalLink(trx, 'approval', {
    documentId,
    identityNumber: signer.identityNumber,
    email: signer.approverEmail,
    now,
    days: context.config.signingLinkDays,
  });
  const mail = linkMail('approval', kind, {
    sender: document.sender.nameRu,
    document: document.name,
    number: document.number,
    signer: signer.nameRu,
    url: approvalLinkUrl(context.config.publicUrl, token),
    expiresAt: link.expiresAt,
  });
  await enqueueEmail(
    trx,
    { to: signer.approverEmail, ...mail },
    { reference: approvalLinkReference(documentId, signer.identityNumber), at: now },
  );
  return link;
}

/** An approval requested by e-mail: the signer it is for and the approver. */
export interface RequestedApproval {
  identityNumber: string;
  approverEmail: string;
}

/** One step a change began: the approver of `signer` must approve, or `signer` may sign now. */
export interface BegunStep {
  signer: { identityNumber: string; email: string; approverEmail: string | null; nameRu: string };
  step: 'approval' | 'signature';
}

/**
 * Tells whoever a change made due, in its transaction: an approver its approval link, a signer its signing link
 * (each signer is e-mailed at its turn, not all at the send). Answers the approvals requested (signer, approver).
 */
export async function queueStepMail(
  context: Pick<SigningContext, 'config'>,
  trx: Kysely<Database>,
  document: MailedDocument,
  steps: readonly BegunStep[],
  now: Date,
): Promise<RequestedApproval[]> {
  const requested: RequestedApproval[] = [];
  for (const { signer, step } of steps) {
    if (step === 'approval' && signer.approverEmail) {
      const { approverEmail } = signer;
      await queueApprovalLink(context, trx, document, { ...signer, approverEmail }, now);
      requested.push({ identityNumber: signer.identityNumber, approverEmail });
    } else {
      await queueSigningLink(context, trx, document, signer, now);
    }
  }
  return requested;
}

/**
 * In the transaction that sends a document: each signer whose turn it is (every one of a PARALLEL document, the
 * first of a SEQUENTIAL one) gets its personal link, or its approver the approval link, queued with the send, so a
 * send that commits always has them on the way (the sender sees each delivery). Later signers get theirs at their
 * turn. Answers the approvals requested.
 */
export async function queueSigningLinks(
  context: Pick<SigningContext, 'config'>,
  trx: Kysely<Database>,
  documentId: number,
  now: Date,
): Promise<RequestedApproval[]> {
  const { core, signers } = await signingPort.sentDocument(trx, documentId);
  const steps = pendingSteps({ status: 'AT_SIGNING', signingMethod: core.signingMethod, signers }).flatMap(
    ({ identityNumber, step }) => {
      const signer = signers.find((s) => s.identityNumber === identityNumber);
      return signer ? [{ signer, step }] : [];
    },
  );
  return queueStepMail(context, trx, core, steps, now);
}
