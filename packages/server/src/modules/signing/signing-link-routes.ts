import {
  AppError,
  qrSigningSessionSchema,
  rejectRequestSchema,
  resourceIdSchema,
  SIGNING_PATHS,
  type SigningLinkView,
  signingLinkViewSchema,
  signRequestSchema,
} from '@qoltanba/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import { documentForLink, recordRejection, signingTarget } from '../documents/document-signing.js';
import { contentDisposition } from '../documents/file-name.js';
import { FORMAT_CONTENT_TYPES } from '../documents/file-type.js';
import { decodeSignatures } from './document-signing-routes.js';
import { startQrSession } from './qr-start.js';
import { type SigningParty, signAs } from './sign-flow.js';
import type { SigningContext } from './signing-context.js';
import { findSigningLink, type SigningLink } from './signing-links.js';

const TAGS = ['signing'];
const ACCESS =
  'Public: the personal link token is the only credential. An unknown, replaced or expired token answers 404 ' +
  'SIGNING_LINK_NOT_FOUND. Free of charge, no account needed.';
const FILE_CACHE_CONTROL = 'private, no-cache';
const BYTES = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/** Path of a personal link: the token (base64url, 43 characters when issued here). */
export const linkParamsSchema = z.object({ token: z.string().min(1).max(128) });
const linkFileParamsSchema = linkParamsSchema.extend({ fileId: resourceIdSchema });

/** Sends file bytes as the documents module's file routes do (attachment or inline, never sniffed or cached). */
function sendFile(reply: FastifyReply, bytes: Uint8Array, type: string, disposition: string) {
  reply
    .type(type)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', FILE_CACHE_CONTROL);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The personal links' routes: what a signer without an account sees and does. */
export function registerSigningLinkRoutes(context: SigningContext): void {
  const { route, db, clock } = context;

  /** The live link of a token whose document the signer still takes part in, else SIGNING_LINK_NOT_FOUND. */
  async function liveLink(token: string): Promise<SigningLink> {
    const link = await findSigningLink(db, token, clock());
    if (!link) throw new AppError('SIGNING_LINK_NOT_FOUND');
    return link;
  }

  async function linkView(link: SigningLink): Promise<SigningLinkView> {
    const document = await documentForLink(db, link.documentId, link.identityNumber, clock()).catch(
      (error: unknown) => {
        throw error instanceof AppError && error.code === 'ENTITY_NOT_FOUND'
          ? new AppError('SIGNING_LINK_NOT_FOUND')
          : error;
      },
    );
    const signer = document.signers.find((s) => s.identityNumber === link.identityNumber);
    if (!signer) throw new AppError('SIGNING_LINK_NOT_FOUND');
    return {
      document,
      signer,
      expiresAt: link.expiresAt.toISOString(),
    };
  }

  const party = (link: SigningLink, ip: string): SigningParty => ({
    identityNumber: link.identityNumber,
    actingBin: null,
    userId: null,
    linkId: link.id,
    ip,
  });

  async function linkFile(token: string, fileId: number) {
    const link = await liveLink(token);
    const target = await signingTarget(db, link.documentId, link.identityNumber);
    if (!target) throw new AppError('SIGNING_LINK_NOT_FOUND');
    const file = target.files.find((f) => f.id === fileId);
    if (!file) throw new AppError('ENTITY_NOT_FOUND');
    return file;
  }

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.signingLink,
      operationId: 'getSigningLink',
      summary: 'The document of a personal signing link, as its signer sees it',
      description: ACCESS,
      tags: TAGS,
      params: linkParamsSchema,
      response: signingLinkViewSchema,
      handler: async ({ params }) => linkView(await liveLink(params.token)),
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.signingLinkFile,
      operationId: 'downloadSigningLinkFile',
      summary: 'Download an original file of the linked document',
      description: `The bytes that get signed. ENTITY_NOT_FOUND for a file of another document. ${ACCESS}`,
      tags: TAGS,
      params: linkFileParamsSchema,
      produces: 'binary',
      binaryContentTypes: Object.values(FORMAT_CONTENT_TYPES),
      response: BYTES,
      handler: async ({ reply, params }) => {
        const file = await linkFile(params.token, params.fileId);
        const bytes = await context.blobs.get(file.blobKey);
        if (!bytes) throw new AppError('FILE_LOAD_FAILED');
        return sendFile(
          reply,
          bytes,
          FORMAT_CONTENT_TYPES[file.format],
          contentDisposition('attachment', file.name),
        );
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.signingLinkFilePreview,
      operationId: 'previewSigningLinkFile',
      summary: 'A PDF preview of a file of the linked document',
      description: `As previewDocumentFile (PREVIEW_UNAVAILABLE, PREVIEW_FAILED). ${ACCESS}`,
      tags: TAGS,
      params: linkFileParamsSchema,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: BYTES,
      handler: async ({ reply, params }) => {
        const file = await linkFile(params.token, params.fileId);
        const [pdf] = await context.hooks.filePreview.run(file);
        if (!pdf) throw new AppError('PREVIEW_UNAVAILABLE');
        const name = file.name.replace(/\.[a-z]+$/, '.pdf');
        return sendFile(reply, pdf, 'application/pdf', contentDisposition('inline', name));
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.signingLinkSign,
      operationId: 'signByLink',
      summary: "Sign the linked document (NCALayer) with the signer's own EDS",
      description:
        "The certificate's BIN/IIN must be the link's (SIGNATURE_MISMATCH, BIN_NOT_AMONG_SIGNERS); otherwise the " +
        `rules of signDocument. ${ACCESS}`,
      tags: TAGS,
      params: linkParamsSchema,
      body: signRequestSchema,
      response: signingLinkViewSchema,
      handler: async ({ request, params, body }) => {
        const link = await liveLink(params.token);
        await signAs(context.flow, {
          documentId: link.documentId,
          party: party(link, request.ip),
          signatures: decodeSignatures(body.signatures),
          packaging: 'detached',
          method: 'NCALAYER',
        });
        return linkView(link);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.signingLinkReject,
      operationId: 'rejectByLink',
      summary: 'Reject the linked document with a reason',
      description: `The rules of rejectDocument. ${ACCESS}`,
      tags: TAGS,
      params: linkParamsSchema,
      body: rejectRequestSchema,
      response: signingLinkViewSchema,
      handler: async ({ request, params, body }) => {
        const link = await liveLink(params.token);
        const actor = { userId: null, bin: link.identityNumber, ip: request.ip };
        await recordRejection(db, link.documentId, actor, body.reason, clock());
        return linkView(link);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.signingLinkQrSigning,
      operationId: 'startQrSigningByLink',
      summary: "Start an eGov mobile QR signing session for the link's signer",
      description: `As startQrSigning. ${ACCESS}`,
      tags: TAGS,
      params: linkParamsSchema,
      allowEmptyJsonBody: true,
      status: 201,
      response: qrSigningSessionSchema,
      handler: async ({ request, params }) => {
        const link = await liveLink(params.token);
        return startQrSession(context, link.documentId, party(link, request.ip));
      },
    }),
  );
}
