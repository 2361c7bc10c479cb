import {
  AppError,
  contentDisposition,
  type ErrorCode,
  identityKind,
  type QrSigningSession,
  type SigningLinkView,
} from '@qoltanba/core';
import type { FastifyReply } from 'fastify';
import { FORMAT_CONTENT_TYPES } from '../../files/file-type.js';
import type { EventActor } from '../documents/index.js';
import { signingPort } from '../documents/index.js';
import type { SigningChangeEvent } from '../module-hooks.js';
import { startQrSession } from './qr-start.js';
import { type SigningParty, signAs } from './sign-flow.js';
import type { SigningContext } from './signing-context.js';

// What one signer may do with one document without an account: the personal link's routes and the embed session
// routes both act through these, so the rules live once.

/** One signer's standing access to one document: a personal link, or an embed session. */
export interface SignerGrant {
  documentId: number;
  identityNumber: string;
  /** The personal link it came through (recorded with the signature), null for an embed session. */
  linkId: number | null;
  /** When the grant ends (the link's or the session's expiry), shown in the view. */
  expiresAt: Date;
  /** Answered when the document or the signer is gone (SIGNING_LINK_NOT_FOUND for links). */
  missing: ErrorCode;
}

const FILE_CACHE_CONTROL = 'private, no-cache';

/** Sends file bytes as the documents module's file routes do (attachment or inline, never sniffed or cached). */
function sendFile(reply: FastifyReply, bytes: Uint8Array, type: string, disposition: string) {
  reply
    .type(type)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', FILE_CACHE_CONTROL);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Runs a post-commit hook; a failing listener is logged, never surfaced (the change is stored already). */
export async function runAfterCommit(
  context: SigningContext,
  hook: 'signatureAccepted' | 'documentRejected' | 'documentCompleted' | 'documentRevoked',
  event: SigningChangeEvent,
): Promise<void> {
  try {
    await context.hooks[hook].run(event);
  } catch (error) {
    context.log.error({ err: error, hook, documentId: event.documentId }, 'signing hook failed');
  }
}

/** Rejects document `id` for `actor.bin` (one telling through the signing port), then runs `documentRejected`. */
export async function rejectAs(
  context: SigningContext,
  id: number,
  actor: EventActor,
  reason: string,
): Promise<void> {
  const change = await signingPort.recordRejection(context.db, id, actor, reason, context.clock());
  const kind = identityKind(actor.bin);
  await runAfterCommit(context, 'documentRejected', {
    db: context.db,
    documentId: id,
    at: change.at,
    status: 'REJECTED',
    party: {
      identityNumber: actor.bin,
      iin: kind === 'IIN' ? actor.bin : null,
      bin: kind === 'BIN' ? actor.bin : null,
      fullName: change.signer?.nameRu ?? actor.bin,
    },
  });
}

/** Revokes document `id` as its sender `actor.bin` (through the signing port), then runs `documentRevoked`. */
export async function revokeAs(context: SigningContext, id: number, actor: EventActor): Promise<void> {
  const change = await signingPort.recordRevocation(context.db, id, actor, context.clock());
  const kind = identityKind(actor.bin);
  await runAfterCommit(context, 'documentRevoked', {
    db: context.db,
    documentId: id,
    at: change.at,
    status: 'REVOKED',
    party: {
      identityNumber: actor.bin,
      iin: kind === 'IIN' ? actor.bin : null,
      bin: kind === 'BIN' ? actor.bin : null,
      fullName: actor.bin,
    },
  });
}

/** The signer's view of the document: the document as the link shows it, and the signer's own place in it. */
export async function signerView(context: SigningContext, grant: SignerGrant): Promise<SigningLinkView> {
  const document = await signingPort
    .linkView(context.db, grant.documentId, grant.identityNumber, context.clock())
    .catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'ENTITY_NOT_FOUND'
        ? new AppError(grant.missing)
        : error;
    });
  const signer = document.signers.find((s) => s.identityNumber === grant.identityNumber);
  if (!signer) throw new AppError(grant.missing);
  // The page's history: before, the link showed "No events yet" even after its signer had signed.
  const history = await signingPort.linkHistory(context.db, grant.documentId, grant.identityNumber);
  return { document, signer, expiresAt: grant.expiresAt.toISOString(), history };
}

function signingParty(grant: SignerGrant, ip: string): SigningParty {
  return { identityNumber: grant.identityNumber, actingBin: null, userId: null, linkId: grant.linkId, ip };
}

async function signerFile(context: SigningContext, grant: SignerGrant, fileId: number) {
  const target = await signingPort.signingTarget(context.db, grant.documentId, grant.identityNumber);
  if (!target) throw new AppError(grant.missing);
  const file = target.files.find((f) => f.id === fileId);
  if (!file) throw new AppError('ENTITY_NOT_FOUND');
  return file;
}

/** Sends one original file of the document (ENTITY_NOT_FOUND for a file of another document). */
export async function sendSignerFile(
  context: SigningContext,
  grant: SignerGrant,
  fileId: number,
  reply: FastifyReply,
): Promise<Buffer> {
  const file = await signerFile(context, grant, fileId);
  const bytes = await context.blobs.get(file.blobKey);
  if (!bytes) throw new AppError('FILE_LOAD_FAILED');
  return sendFile(
    reply,
    bytes,
    FORMAT_CONTENT_TYPES[file.format],
    contentDisposition('attachment', file.name),
  );
}

/** Sends the PDF preview of one file of the document (PREVIEW_UNAVAILABLE, PREVIEW_FAILED). */
export async function sendSignerPreview(
  context: SigningContext,
  grant: SignerGrant,
  fileId: number,
  reply: FastifyReply,
): Promise<Buffer> {
  const file = await signerFile(context, grant, fileId);
  const [pdf] = await context.hooks.filePreview.run(file);
  if (!pdf) throw new AppError('PREVIEW_UNAVAILABLE');
  const name = file.name.replace(/\.[a-z]+$/, '.pdf');
  return sendFile(reply, pdf, 'application/pdf', contentDisposition('inline', name));
}

/** Signs as the grant's signer with NCALayer signatures (the rules of signDocument), free of charge. */
export async function signAsSigner(
  context: SigningContext,
  grant: SignerGrant,
  signatures: ReadonlyArray<{ fileId: number; cms: Uint8Array }>,
  ip: string,
): Promise<void> {
  await signAs(context.flow, {
    documentId: grant.documentId,
    party: signingParty(grant, ip),
    signatures,
    packaging: 'detached',
    method: 'NCALAYER',
  });
}

/** Rejects as the grant's signer (the rules of rejectDocument). */
export async function rejectAsSigner(
  context: SigningContext,
  grant: SignerGrant,
  reason: string,
  ip: string,
): Promise<void> {
  await rejectAs(context, grant.documentId, { userId: null, bin: grant.identityNumber, ip }, reason);
}

/** Starts an eGov mobile QR session for the grant's signer. */
export function startSignerQrSigning(
  context: SigningContext,
  grant: SignerGrant,
  ip: string,
): Promise<QrSigningSession> {
  return startQrSession(context, grant.documentId, signingParty(grant, ip));
}
