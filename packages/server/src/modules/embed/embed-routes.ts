import {
  AppError,
  DOCUMENT_UPLOAD_PARTS,
  documentDraftSchema,
  EMBED_PATHS,
  type EmbedPurpose,
  type EmbedSessionView,
  embedCreatedDocumentSchema,
  embedExchangeRequestSchema,
  embedSessionSchema,
  embedSessionViewSchema,
  normalizeLang,
  originsMatch,
  type Party,
  qrSigningSessionSchema,
  rejectRequestSchema,
  resourceIdSchema,
  type SigningLinkView,
  signRequestSchema,
} from '@qoltanba/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FORMAT_CONTENT_TYPES } from '../../files/file-type.js';
import { UPLOAD_LIMITS } from '../../files/file-upload.js';
import { FILES_PART } from '../../files/files-part.js';
import { defineRoute } from '../../http/route.js';
import { documentForLink, documentSigners } from '../documents/index.js';
import type { ModuleContext } from '../module.js';
import { companyNames } from '../registry/index.js';
import type { SigningContext } from '../signing/index.js';
import {
  decodeSignatures,
  rejectAsSigner,
  type SignerGrant,
  sendSignerFile,
  sendSignerPreview,
  signAsSigner,
  signerView,
  startSignerQrSigning,
} from '../signing/index.js';
import { createSessionDocument } from './embed-create.js';
import {
  type EmbedSessionRow,
  exchangeEmbedToken,
  findEmbedSession,
  originAllowed,
  originRefusal,
} from './embed-store.js';

const TAGS = ['embed'];
const SESSION =
  'Authorization: Bearer <session> from exchangeEmbedToken (EMBED_TOKEN_INVALID, EMBED_SESSION_EXPIRED after 30 ' +
  "minutes). A browser's Origin must be one of the token's origins (EMBED_ORIGIN_NOT_ALLOWED); CORS answers echo " +
  'only those. No cookies.';
const BYTES = z.custom<Uint8Array>((value) => value instanceof Uint8Array);
const fileParamsSchema = z.object({ fileId: resourceIdSchema });

/** The `Origin` header of a request, if a browser sent one. */
function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin.toLowerCase() : undefined;
}

/** Lets the calling page read the answer when its origin is one of the grant's (CORS for allowed origins only). */
function allowOriginFor(
  request: FastifyRequest,
  reply: FastifyReply,
  allowed: readonly string[],
  loopbackAlike: boolean,
): void {
  const origin = requestOrigin(request);
  if (origin && allowed.some((expected) => originsMatch(origin, expected, { loopbackAlike })))
    reply.header('access-control-allow-origin', origin);
}

/** The embed session routes: exchange, view, files, sign, reject, QR, and the document of a 'create' embed. */
export function registerEmbedRoutes(context: ModuleContext, signing: () => SigningContext): void {
  const { route, services, config } = context;
  const { db } = services.database;
  const { clock } = services;
  const ownOrigin = new URL(config.publicUrl).origin;
  // Outside production, http://127.0.0.1:8080 and http://localhost:8080 are one origin (partners try both).
  const loopbackAlike = config.env !== 'production';

  // The session each request authorized with, from the route's `authorize` (before validation) to its handler.
  const sessions = new WeakMap<FastifyRequest, EmbedSessionRow>();
  /** Authorizes a session route by its bearer (EMBED_TOKEN_INVALID, EMBED_SESSION_EXPIRED); CORS for its origins. */
  async function authorizeSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization ?? '';
    const bearer = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const session = await findEmbedSession(db, bearer, clock());
    allowOriginFor(request, reply, session.allowed_origins, loopbackAlike);
    sessions.set(request, session);
  }

  /** The live session of the request's bearer, whose purpose is one of `purposes`. */
  async function sessionOf(
    request: FastifyRequest,
    _reply: FastifyReply,
    purposes: readonly EmbedPurpose[],
  ): Promise<EmbedSessionRow> {
    const session = sessions.get(request);
    if (!session) throw new AppError('EMBED_TOKEN_INVALID');
    const origin = requestOrigin(request);
    // No Origin: not a browser's cross-origin call (the bearer alone decides); a browser's must be allowed.
    if (origin !== undefined && !originAllowed(origin, session.allowed_origins, ownOrigin, loopbackAlike))
      throw originRefusal(origin, [ownOrigin, ...session.allowed_origins]);
    if (!purposes.includes(session.purpose)) throw new AppError('EMBED_PURPOSE_MISMATCH');
    return session;
  }

  function grantOf(session: EmbedSessionRow): SignerGrant {
    if (session.document_id === null || session.signer === null) throw new AppError('EMBED_PURPOSE_MISMATCH');
    return {
      documentId: session.document_id,
      identityNumber: session.signer,
      linkId: null,
      expiresAt: new Date(session.expires_at),
      missing: 'ENTITY_NOT_FOUND',
    };
  }

  /** The document of a 'status' session, read-only, as its named signer (else its first signer) sees it. */
  async function statusView(session: EmbedSessionRow): Promise<SigningLinkView | null> {
    if (session.document_id === null) return null;
    const document = await documentForLink(db, session.document_id, session.company_bin, clock());
    const signers = await documentSigners(db, session.document_id);
    const signer = signers.find((s) => s.identityNumber === session.signer) ?? signers[0];
    if (!signer) return null;
    return {
      document: { ...document, allowedActions: [] },
      signer,
      expiresAt: new Date(session.expires_at).toISOString(),
    };
  }

  /** The company a 'create' embed acts for, with its names as the registry knows them. */
  async function companyOf(bin: string): Promise<Party> {
    const names = (await companyNames(db, [bin])).get(bin);
    return { bin, nameRu: names?.nameRu ?? bin, nameKk: names?.nameKk ?? null };
  }

  async function viewOf(session: EmbedSessionRow): Promise<EmbedSessionView> {
    let document: SigningLinkView | null = null;
    if (session.purpose === 'sign') document = await signerView(signing(), grantOf(session));
    if (session.purpose === 'status') document = await statusView(session);
    return {
      purpose: session.purpose,
      allowedOrigins: session.allowed_origins,
      lang: normalizeLang(session.lang) ?? null,
      document,
      company: session.purpose === 'create' ? await companyOf(session.company_bin) : null,
      requiredSigner: session.purpose === 'create' ? session.signer : null,
    };
  }

  /** The grant a file route reads through: the signer for 'sign', the key's company for 'status'. */
  function fileGrantOf(session: EmbedSessionRow): SignerGrant {
    if (session.purpose === 'status' && session.document_id !== null)
      return { ...grantOf({ ...session, signer: session.company_bin }) };
    return grantOf(session);
  }

  route(
    defineRoute({
      method: 'POST',
      url: EMBED_PATHS.sessions,
      operationId: 'exchangeEmbedToken',
      summary: 'Exchange an embed token for a 30-minute embed session (spends the token)',
      description:
        'Single use: a second exchange answers EMBED_TOKEN_USED (409), a late one EMBED_TOKEN_EXPIRED, an unknown ' +
        "one EMBED_TOKEN_INVALID. The browser's Origin must be one of the token's origins or this server's own " +
        '(the iframe embed page): EMBED_ORIGIN_NOT_ALLOWED, checked before the token is spent.',
      tags: TAGS,
      body: embedExchangeRequestSchema,
      status: 201,
      response: embedSessionSchema,
      rateLimit: { max: 60, timeWindow: '1 minute' },
      handler: async ({ request, reply, body }) =>
        exchangeEmbedToken(
          db,
          body.token,
          requestOrigin(request),
          ownOrigin,
          clock(),
          (origins) => allowOriginFor(request, reply, origins, loopbackAlike),
          loopbackAlike,
        ),
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: EMBED_PATHS.session,
      operationId: 'getEmbedSession',
      summary:
        "What an embed session shows: purpose, origins, language and, for sign and status, the signer's view",
      description: SESSION,
      tags: TAGS,
      security: 'embedSession',
      authorize: authorizeSession,
      response: embedSessionViewSchema,
      handler: async ({ request, reply }) =>
        viewOf(await sessionOf(request, reply, ['sign', 'verify', 'create', 'status'])),
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: EMBED_PATHS.file,
      operationId: 'downloadEmbedFile',
      summary: "Download an original file of the session's document",
      description: `Purposes sign and status (EMBED_PURPOSE_MISMATCH). ${SESSION}`,
      tags: TAGS,
      security: 'embedSession',
      authorize: authorizeSession,
      params: fileParamsSchema,
      produces: 'binary',
      binaryContentTypes: Object.values(FORMAT_CONTENT_TYPES),
      response: BYTES,
      handler: async ({ request, reply, params }) => {
        const session = await sessionOf(request, reply, ['sign', 'status']);
        return sendSignerFile(signing(), fileGrantOf(session), params.fileId, reply);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: EMBED_PATHS.filePreview,
      operationId: 'previewEmbedFile',
      summary: "A PDF preview of a file of the session's document",
      description: `As previewDocumentFile; purposes sign and status. ${SESSION}`,
      tags: TAGS,
      security: 'embedSession',
      authorize: authorizeSession,
      params: fileParamsSchema,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: BYTES,
      handler: async ({ request, reply, params }) => {
        const session = await sessionOf(request, reply, ['sign', 'status']);
        return sendSignerPreview(signing(), fileGrantOf(session), params.fileId, reply);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: EMBED_PATHS.sign,
      operationId: 'signEmbedDocument',
      summary: "Sign the session's document (NCALayer) as its signer",
      description: `The rules of signByLink; purpose sign only (EMBED_PURPOSE_MISMATCH). ${SESSION}`,
      tags: TAGS,
      security: 'embedSession',
      authorize: authorizeSession,
      body: signRequestSchema,
      response: embedSessionViewSchema,
      handler: async ({ request, reply, body }) => {
        const session = await sessionOf(request, reply, ['sign']);
        await signAsSigner(signing(), grantOf(session), decodeSignatures(body.signatures), request.ip);
        return viewOf(session);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: EMBED_PATHS.reject,
      operationId: 'rejectEmbedDocument',
      summary: "Reject the session's document with a reason",
      description: `The rules of rejectByLink; purpose sign only. ${SESSION}`,
      tags: TAGS,
      security: 'embedSession',
      authorize: authorizeSession,
      body: rejectRequestSchema,
      response: embedSessionViewSchema,
      handler: async ({ request, reply, body }) => {
        const session = await sessionOf(request, reply, ['sign']);
        await rejectAsSigner(signing(), grantOf(session), body.reason, request.ip);
        return viewOf(session);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: EMBED_PATHS.qrSigning,
      operationId: 'startEmbedQrSigning',
      summary: "Start an eGov mobile QR signing session for the session's signer",
      description: `As startQrSigningByLink; purpose sign only. \`eventsUrl\` is absolute here. ${SESSION}`,
      tags: TAGS,
      security: 'embedSession',
      authorize: authorizeSession,
      allowEmptyJsonBody: true,
      status: 201,
      response: qrSigningSessionSchema,
      handler: async ({ request, reply }) => {
        const session = await sessionOf(request, reply, ['sign']);
        const qr = await startSignerQrSigning(signing(), grantOf(session), request.ip);
        return { ...qr, eventsUrl: `${config.publicUrl}${qr.eventsUrl}` };
      },
    }),
  );
  route(
    defineRoute({
      method: 'POST',
      url: EMBED_PATHS.document,
      operationId: 'createEmbedDocument',
      summary: "Create the session's document for the token's company from files and signers, and send it",
      description:
        `As partnerCreateDocument then partnerSendDocument: multipart, the \`${DOCUMENT_UPLOAD_PARTS.document}\` part ` +
        `(DocumentDraft JSON) first, then the \`${DOCUMENT_UPLOAD_PARTS.files}\` parts. Purpose create only ` +
        "(EMBED_PURPOSE_MISMATCH); one document per session (EMBED_DOCUMENT_CREATED). Acts for the token's company " +
        'as the member who created its API key (API_KEY_INVALID once the key is revoked); a token that named a ' +
        'signer needs that signer in the document (BIN_NOT_AMONG_SIGNERS). The history names the key and the ' +
        `embed; the signers get their personal links. ${SESSION}`,
      tags: TAGS,
      security: 'embedSession',
      authorize: authorizeSession,
      multipart: {
        parts: [
          {
            name: DOCUMENT_UPLOAD_PARTS.document,
            kind: 'json',
            schema: documentDraftSchema({ testMode: config.identityTestMode }),
            description: 'The draft: name, signing method, signers. Must come first.',
            required: true,
          },
          FILES_PART,
        ],
        limits: UPLOAD_LIMITS,
      },
      status: 201,
      response: embedCreatedDocumentSchema,
      rateLimit: { max: 30, timeWindow: '1 minute' },
      handler: async ({ request, reply }) =>
        createSessionDocument(context, request, reply, () => sessionOf(request, reply, ['create'])),
    }),
  );
}
