import {
  AppError,
  documentParamsSchema,
  documentSchema,
  qrSigningSessionSchema,
  rejectRequestSchema,
  resendSigningLinkRequestSchema,
  SIGNING_PATHS,
  signingLinkIssuedSchema,
  signRequestSchema,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { defineRoute } from '../../http/route.js';
import { signingPort } from '../documents/index.js';
import { requireCompanyUser } from '../registry/index.js';
import { resendSigningLink } from './link-resends.js';
import { startQrSession } from './qr-start.js';
import { type SigningParty, signAs } from './sign-flow.js';
import { decodeSignatures } from './signature-decode.js';
import { rejectAs, revokeAs } from './signer-actions.js';
import type { SigningContext } from './signing-context.js';

const TAGS = ['signing'];
const ACCESS =
  'The caller must belong to the company (FORBIDDEN); a document the company does not take part in answers ' +
  'ENTITY_NOT_FOUND, like one that does not exist.';

/** The signed-in member acting for company `bin`, as a signing party (signAs and the QR start find its document). */
async function companyParty(
  context: SigningContext,
  request: FastifyRequest,
  bin: string,
): Promise<SigningParty> {
  const { userId } = await requireCompanyUser(request, context.db, bin);
  return { identityNumber: bin, actingBin: bin, userId, linkId: null, ip: request.ip };
}

/** Signing, rejecting, revoking, QR sessions and personal links of the acting company's documents. */
export function registerDocumentSigningRoutes(context: SigningContext): void {
  const { route, db, clock, config } = context;
  const view = (id: number, bin: string) =>
    signingPort.partyView(db, id, bin, clock(), config.trashRetentionDays);

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.sign,
      operationId: 'signDocument',
      summary: 'Sign a document for the acting company (NCALayer): one detached CMS per file',
      description:
        'Each CMS is verified against the stored file (chain, revocation, signed digest); the certificate must be ' +
        "the acting company's (BIN, or IIN of an individual): SIGNATURE_MISMATCH, BIN_NOT_AMONG_SIGNERS. " +
        'ALREADY_SIGNED_BY_BIN, REJECTED_DOCUMENT_SIGNING_FORBIDDEN, DOCUMENT_ALREADY_SIGNED, NOT_SIGNERS_TURN ' +
        '(sequential order), SIGNED_FILE_MISMATCH, CERTIFICATE_REVOKED, SIGNATURE_INVALID, DOCUMENT_SIGNING_LOCKED ' +
        '(the same signer is signing it right now), TIMESTAMP_UNAVAILABLE (the TSA did not answer: nothing kept, sign ' +
        'again later). A kept signature is CAdES-T with its validation data (timestamp, OCSP answers / CRLs). ' +
        'The sender may sign its draft, which sends it. When every ' +
        `signer has signed, the document is SIGNED. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: signRequestSchema,
      response: documentSchema,
      handler: async ({ request, params, body }) => {
        const party = await companyParty(context, request, params.bin);
        await signAs(context.flow, {
          documentId: params.id,
          party,
          signatures: decodeSignatures(body.signatures),
          packaging: 'detached',
          method: 'NCALAYER',
        });
        return view(params.id, params.bin);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.reject,
      operationId: 'rejectDocument',
      summary: 'Reject a document with a reason (AT_SIGNING -> REJECTED)',
      description:
        'Only a listed signer who has not signed (BIN_NOT_AMONG_SIGNERS, ALREADY_SIGNED_BY_BIN), only while the ' +
        `document is being signed (ONLY_IN_PROGRESS_CAN_BE_REJECTED). ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: rejectRequestSchema,
      response: documentSchema,
      handler: async ({ request, params, body }) => {
        const { userId } = await requireCompanyUser(request, db, params.bin);
        const actor = { userId, bin: params.bin, ip: request.ip };
        await rejectAs(context, params.id, actor, body.reason);
        return view(params.id, params.bin);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.revoke,
      operationId: 'revokeDocument',
      summary: 'Revoke a sent document (AT_SIGNING -> REVOKED)',
      description:
        'Only the sender (REVOKE_ONLY_BY_SENDER), only while nobody has signed (DOCUMENT_REVOKE_FORBIDDEN). ' +
        ACCESS,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      allowEmptyJsonBody: true,
      response: documentSchema,
      handler: async ({ request, params }) => {
        const { userId } = await requireCompanyUser(request, db, params.bin);
        await revokeAs(context, params.id, { userId, bin: params.bin, ip: request.ip });
        return view(params.id, params.bin);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.qrSigning,
      operationId: 'startQrSigning',
      summary: 'Start an eGov mobile QR signing session for the acting company',
      description:
        'Answers the QR payload (`mobileSign:` + API #1 URL), the deep link for phones and the events stream. The ' +
        `session expires after QOLTANBA_QR_SIGNING_TIMEOUT_SECONDS (QR_SIGNING_TIMEOUT). Same rules as signDocument. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      allowEmptyJsonBody: true,
      status: 201,
      response: qrSigningSessionSchema,
      handler: async ({ request, params }) => {
        const party = await companyParty(context, request, params.bin);
        return startQrSession(context, params.id, party);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: SIGNING_PATHS.resendSigningLink,
      operationId: 'resendSigningLink',
      summary: "Send a signer's personal link again (a new link; earlier ones stop working)",
      description:
        'Sender only (DOCUMENT_CHANGE_FORBIDDEN), while the document is being signed, to a listed signer who has ' +
        'not signed (BIN_NOT_AMONG_SIGNERS, ALREADY_SIGNED_BY_BIN). One e-mail per signer per ' +
        'QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS, the send included (SIGNING_LINK_RESEND_TOO_EARLY), and ' +
        'QOLTANBA_SIGNING_LINK_RESENDS_PER_DAY per company in 24 hours (SIGNING_LINK_RESEND_LIMIT): 429 with ' +
        'params.retryAfter and Retry-After. The e-mail is queued; the document shows its delivery per signer. ' +
        ACCESS,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      body: resendSigningLinkRequestSchema,
      response: signingLinkIssuedSchema,
      handler: async ({ request, params, body }) => {
        await requireCompanyUser(request, db, params.bin);
        const target = await signingPort.signingTarget(db, params.id, params.bin);
        if (!target) throw new AppError('ENTITY_NOT_FOUND');
        if (target.document.participation.role !== 'sender' || target.document.core.status !== 'AT_SIGNING') {
          throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
        }
        const signer = target.signers.find((s) => s.identityNumber === body.identityNumber);
        if (!signer) throw new AppError('BIN_NOT_AMONG_SIGNERS');
        if (signer.state !== 'WAITING') throw new AppError('ALREADY_SIGNED_BY_BIN');
        const link = await resendSigningLink(context, db, {
          bin: params.bin,
          document: target.document.core,
          signer,
          now: clock(),
        });
        await context.outbox.kick();
        return {
          identityNumber: link.identityNumber,
          email: link.email,
          expiresAt: link.expiresAt.toISOString(),
        };
      },
    }),
  );
}
