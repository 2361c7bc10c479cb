import {
  approvalLinkViewSchema,
  declineRequestSchema,
  documentParamsSchema,
  resendSigningLinkRequestSchema,
  resourceIdSchema,
  SIGNING_PATHS,
  signingLinkIssuedSchema,
} from '@qoltanba/core';
import { z } from 'zod';
import { FORMAT_CONTENT_TYPES } from '../../files/file-type.js';
import { defineRoute } from '../../http/route.js';
import { requireCompanyUser } from '../registry/index.js';
import {
  approvalGrant,
  approvalView,
  decideApproval,
  liveApprovalLink,
  resendApprovalLink,
} from './approvals.js';
import { sendSignerFile, sendSignerPreview } from './signer-actions.js';
import type { SigningContext } from './signing-context.js';

const TAGS = ['signing'];
const ACCESS =
  'Public: the approval link token is the only credential. An unknown, replaced or expired token answers 404 ' +
  'APPROVAL_LINK_NOT_FOUND. No account needed.';
const BYTES = z.custom<Uint8Array>((value) => value instanceof Uint8Array);
const linkParamsSchema = z.object({ token: z.string().min(1).max(128) });
const linkFileParamsSchema = linkParamsSchema.extend({ fileId: resourceIdSchema });

/** The approvers' routes (no account: the link's token) and the sender's resend of an approval link. */
export function registerApprovalRoutes(context: SigningContext): void {
  const { route, db } = context;

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.approvalLink,
      operationId: 'getApprovalLink',
      summary: 'The document of an approval link, as its approver sees it',
      description: `The signer it approves for carries \`approval\` (PENDING, APPROVED, DECLINED). ${ACCESS}`,
      tags: TAGS,
      params: linkParamsSchema,
      response: approvalLinkViewSchema,
      handler: async ({ params }) => approvalView(context, await liveApprovalLink(context, params.token)),
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.approvalLinkFile,
      operationId: 'downloadApprovalLinkFile',
      summary: 'Download an original file of the document awaiting approval',
      description: `ENTITY_NOT_FOUND for a file of another document. ${ACCESS}`,
      tags: TAGS,
      params: linkFileParamsSchema,
      produces: 'binary',
      binaryContentTypes: Object.values(FORMAT_CONTENT_TYPES),
      response: BYTES,
      handler: async ({ reply, params }) => {
        const link = await liveApprovalLink(context, params.token);
        return sendSignerFile(context, approvalGrant(link), params.fileId, reply);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.approvalLinkFilePreview,
      operationId: 'previewApprovalLinkFile',
      summary: 'A PDF preview of a file of the document awaiting approval',
      description: `As previewDocumentFile (PREVIEW_UNAVAILABLE, PREVIEW_FAILED). ${ACCESS}`,
      tags: TAGS,
      params: linkFileParamsSchema,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: BYTES,
      handler: async ({ reply, params }) => {
        const link = await liveApprovalLink(context, params.token);
        return sendSignerPreview(context, approvalGrant(link), params.fileId, reply);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.approvalLinkApprove,
      operationId: 'approveByLink',
      summary: 'Approve the document for the signer: the signer may sign (and is e-mailed its link)',
      description:
        'Only while the document is being signed (DOCUMENT_CHANGE_FORBIDDEN), not after its expiry ' +
        "(DOCUMENT_EXPIRED), once (APPROVAL_NOT_PENDING), at the signer's turn in sequential signing " +
        `(NOT_SIGNERS_TURN). History: APPROVE with the approver's e-mail. ${ACCESS}`,
      tags: TAGS,
      params: linkParamsSchema,
      allowEmptyJsonBody: true,
      response: approvalLinkViewSchema,
      handler: async ({ request, params }) => {
        const link = await liveApprovalLink(context, params.token);
        await decideApproval(context, link, { approve: true }, request.ip);
        return approvalView(context, link);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.approvalLinkDecline,
      operationId: 'declineByLink',
      summary: 'Decline the document with a comment: it is REJECTED with the comment as the reason',
      description:
        'The comment is 5 to 100 characters (REJECT_COMMENT_LENGTH); the rules of approveByLink. History: DECLINE ' +
        `with the approver's e-mail and the comment. ${ACCESS}`,
      tags: TAGS,
      params: linkParamsSchema,
      body: declineRequestSchema,
      response: approvalLinkViewSchema,
      handler: async ({ request, params, body }) => {
        const link = await liveApprovalLink(context, params.token);
        await decideApproval(context, link, { approve: false, comment: body.comment }, request.ip);
        return approvalView(context, link);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.resendApprovalLink,
      operationId: 'resendApprovalLink',
      summary: "Send a signer's approver a new approval link (earlier ones stop working)",
      description:
        'Sender only (DOCUMENT_CHANGE_FORBIDDEN), to the approver of a listed signer (BIN_NOT_AMONG_SIGNERS) that ' +
        'awaits its approval at its turn (APPROVAL_NOT_PENDING, NOT_SIGNERS_TURN). One e-mail per signer per ' +
        'QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS (SIGNING_LINK_RESEND_TOO_EARLY, 429 with retryAfter). The ' +
        "caller must belong to the company (FORBIDDEN); another company's document answers ENTITY_NOT_FOUND.",
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: resendSigningLinkRequestSchema,
      response: signingLinkIssuedSchema,
      handler: async ({ request, params, body }) => {
        await requireCompanyUser(request, db, params.bin);
        const link = await resendApprovalLink(context, params.bin, params.id, body.identityNumber);
        return {
          identityNumber: link.identityNumber,
          email: link.email,
          expiresAt: link.expiresAt.toISOString(),
        };
      },
    }),
  );
}
