import {
  AppError,
  qrSigningSessionSchema,
  rejectRequestSchema,
  resourceIdSchema,
  SIGNING_PATHS,
  signingLinkViewSchema,
  signRequestSchema,
} from '@qoltanba/core';
import { z } from 'zod';
import { FORMAT_CONTENT_TYPES } from '../../files/file-type.js';
import { defineRoute } from '../../http/route.js';
import { findPersonalLink, type SigningLink } from './personal-links.js';
import { decodeSignatures } from './signature-decode.js';
import {
  rejectAsSigner,
  type SignerGrant,
  sendSignerFile,
  sendSignerPreview,
  signAsSigner,
  signerView,
  startSignerQrSigning,
} from './signer-actions.js';
import type { SigningContext } from './signing-context.js';

const TAGS = ['signing'];
const ACCESS =
  'Public: the personal link token is the only credential. An unknown, replaced or expired token answers 404 ' +
  'SIGNING_LINK_NOT_FOUND. Free of charge, no account needed.';
const BYTES = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/** Path of a personal link: the token (base64url, 43 characters when issued here). */
const linkParamsSchema = z.object({ token: z.string().min(1).max(128) });
const linkFileParamsSchema = linkParamsSchema.extend({ fileId: resourceIdSchema });

/** A personal link as a signer's grant. */
function grantOf(link: SigningLink): SignerGrant {
  return {
    documentId: link.documentId,
    identityNumber: link.identityNumber,
    linkId: link.id,
    expiresAt: link.expiresAt,
    missing: 'SIGNING_LINK_NOT_FOUND',
  };
}

/** The personal links' routes: what a signer without an account sees and does. */
export function registerSigningLinkRoutes(context: SigningContext): void {
  const { route, db, clock } = context;

  /** The live link of a token as a signer's grant, else SIGNING_LINK_NOT_FOUND. */
  async function liveLink(token: string): Promise<SignerGrant> {
    const link = await findPersonalLink(db, 'signing', token, clock());
    if (!link) throw new AppError('SIGNING_LINK_NOT_FOUND');
    return grantOf(link);
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
      handler: async ({ params }) => signerView(context, await liveLink(params.token)),
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
      handler: async ({ reply, params }) =>
        sendSignerFile(context, await liveLink(params.token), params.fileId, reply),
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
      handler: async ({ reply, params }) =>
        sendSignerPreview(context, await liveLink(params.token), params.fileId, reply),
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
        const grant = await liveLink(params.token);
        await signAsSigner(context, grant, decodeSignatures(body.signatures), request.ip);
        return signerView(context, grant);
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
        const grant = await liveLink(params.token);
        await rejectAsSigner(context, grant, body.reason, request.ip);
        return signerView(context, grant);
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
        return startSignerQrSigning(context, await liveLink(params.token), request.ip);
      },
    }),
  );
}
