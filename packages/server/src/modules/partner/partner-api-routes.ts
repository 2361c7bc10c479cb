import { Readable } from 'node:stream';
import {
  AppError,
  DOCUMENT_UPLOAD_PARTS,
  type DocumentDraft,
  documentDraftSchema,
  EMBED_PATHS,
  EMBED_TOKEN_TTL,
  embedTokenIssuedSchema,
  embedTokenRequestSchema,
  PARTNER_PATHS,
  type PartnerDocument,
  partnerDocumentSchema,
  resourceIdSchema,
  signerRuleViolation,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { closeIfUnread, readUpload, UPLOAD_LIMITS } from '../../files/file-upload.js';
import { FILES_PART } from '../../files/files-part.js';
import { defineRoute, validationError } from '../../http/route.js';
import type { Actor } from '../documents/index.js';
import {
  createDocument,
  documentMilestones,
  documentParts,
  documentSigners,
  requireAccessible,
  sendDocument,
} from '../documents/index.js';
import { issueEmbedToken } from '../embed/index.js';
import { sendSignedPackage, signedEvidenceOf } from '../evidence/index.js';
import type { ModuleContext } from '../module.js';
import { type ApiKeyRow, apiKeyNote, authenticateApiKey } from './api-keys.js';

const TAGS = ['partner'];
const KEY =
  "Authorization: Bearer qk_... (an API key; API_KEY_INVALID when unknown or revoked). Acts for the key's " +
  "company as the member who created the key; another company's document answers ENTITY_NOT_FOUND.";
/** Partner backends are servers: a limit per client address, looser than the global one. */
const PARTNER_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };
const STREAM = z.custom<Readable>((value) => value instanceof Readable);
const idParamsSchema = z.object({ id: resourceIdSchema });

/** The routes of partner backends, authorized by an API key: documents, their signed package, embed tokens. */
export function registerPartnerApiRoutes(context: ModuleContext): void {
  const { route, services, config, hooks } = context;
  const { db } = services.database;
  const { clock } = services;

  // The key each request authorized with, from the route's `authorize` (before validation) to its handler.
  const keys = new WeakMap<FastifyRequest, ApiKeyRow>();
  /** Authorizes a partner request by its bearer (API_KEY_INVALID). */
  async function authorizeKey(request: FastifyRequest): Promise<void> {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ')) throw new AppError('API_KEY_INVALID');
    keys.set(request, await authenticateApiKey(db, header.slice(7).trim(), clock()));
  }
  /** The key the request was authorized with. */
  async function requireApiKey(request: FastifyRequest, _now: Date): Promise<ApiKeyRow> {
    const key = keys.get(request);
    if (!key) throw new AppError('API_KEY_INVALID');
    return key;
  }
  const draftSchema = documentDraftSchema({ testMode: config.identityTestMode });
  const documentServices = { db, blobs: services.blobs, clock, quotaBytes: config.storageQuotaBytes };

  const actorOf = (key: ApiKeyRow, request: FastifyRequest): Actor => ({
    userId: key.created_by,
    bin: key.company_bin,
    ip: request.ip,
  });

  async function partnerDocument(bin: string, id: number): Promise<PartnerDocument> {
    const document = await requireAccessible(db, bin, id);
    const [{ signers }, milestones] = await Promise.all([documentParts(db, id), documentMilestones(db, id)]);
    const iso = (value: Date | null) => value?.toISOString() ?? null;
    return {
      id,
      number: document.core.number,
      name: document.core.name,
      status: document.core.status,
      createdAt: document.core.createdAt.toISOString(),
      sentAt: iso(milestones.sentAt),
      completedAt: document.core.status === 'SIGNED' ? iso(milestones.completedAt) : null,
      signers: signers.map((signer) => ({
        identityNumber: signer.identityNumber,
        email: signer.email,
        status: signer.state === 'WAITING' ? ('PENDING' as const) : signer.state,
        signedAt: signer.signedAt,
      })),
    };
  }

  route(
    defineRoute({
      method: 'POST',
      url: PARTNER_PATHS.documents,
      operationId: 'partnerCreateDocument',
      summary: "Create a draft of the key's company from files and signers",
      description:
        `As createDocument: multipart, the \`${DOCUMENT_UPLOAD_PARTS.document}\` part (DocumentDraft JSON) first, ` +
        `then the \`${DOCUMENT_UPLOAD_PARTS.files}\` parts. The history notes the API key. ${KEY}`,
      tags: TAGS,
      security: 'partnerApiKey',
      authorize: authorizeKey,
      multipart: {
        parts: [
          {
            name: DOCUMENT_UPLOAD_PARTS.document,
            kind: 'json',
            schema: draftSchema,
            description: 'The draft: name, signing method, signers. Must come first.',
            required: true,
          },
          FILES_PART,
        ],
        limits: UPLOAD_LIMITS,
      },
      status: 201,
      response: partnerDocumentSchema,
      rateLimit: PARTNER_RATE_LIMIT,
      handler: async ({ request, reply }) => {
        try {
          const key = await requireApiKey(request, clock());
          let draft: DocumentDraft | undefined;
          const files = await readUpload(request, documentServices, {
            parseJson: (value) => {
              const parsed = draftSchema.safeParse(value);
              if (!parsed.success) throw validationError(parsed.error, DOCUMENT_UPLOAD_PARTS.document);
              const violation = signerRuleViolation(parsed.data.signers, key.company_bin);
              if (violation) throw new AppError(violation);
              draft = parsed.data;
            },
          });
          if (!draft) throw new AppError('MULTIPART_INVALID');
          const id = await createDocument(
            documentServices,
            actorOf(key, request),
            draft,
            files,
            apiKeyNote(key),
          );
          return partnerDocument(key.company_bin, id);
        } catch (error) {
          closeIfUnread(request, reply);
          throw error;
        }
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: PARTNER_PATHS.document,
      operationId: 'partnerGetDocument',
      summary: "A document of the key's company: status and signers",
      description: KEY,
      tags: TAGS,
      security: 'partnerApiKey',
      authorize: authorizeKey,
      params: idParamsSchema,
      response: partnerDocumentSchema,
      rateLimit: PARTNER_RATE_LIMIT,
      handler: async ({ request, params }) => {
        const key = await requireApiKey(request, clock());
        return partnerDocument(key.company_bin, params.id);
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: PARTNER_PATHS.send,
      operationId: 'partnerSendDocument',
      summary: 'Send a draft for signing (DRAFT -> AT_SIGNING); signers get their personal links',
      description: `As sendDocument; the history notes the API key. ${KEY}`,
      tags: TAGS,
      security: 'partnerApiKey',
      authorize: authorizeKey,
      params: idParamsSchema,
      allowEmptyJsonBody: true,
      response: partnerDocumentSchema,
      rateLimit: PARTNER_RATE_LIMIT,
      handler: async ({ request, params }) => {
        const key = await requireApiKey(request, clock());
        await sendDocument(documentServices, actorOf(key, request), params.id, apiKeyNote(key), (trx, at) =>
          hooks.documentSent.run({ db: trx, documentId: params.id, at }),
        );
        await services.outbox.kick();
        return partnerDocument(key.company_bin, params.id);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: PARTNER_PATHS.signedPackage,
      operationId: 'partnerDownloadSignedPackage',
      summary: "Download the signed package (ZIP) of a document of the key's company",
      description: `As downloadSignedPackage (DOCUMENT_NOT_SIGNED while nobody signed). ${KEY}`,
      tags: TAGS,
      security: 'partnerApiKey',
      authorize: authorizeKey,
      params: idParamsSchema,
      produces: 'binary',
      binaryContentTypes: ['application/zip'],
      response: STREAM,
      rateLimit: PARTNER_RATE_LIMIT,
      handler: async ({ request, reply, params, lang }) => {
        const key = await requireApiKey(request, clock());
        const evidence = await signedEvidenceOf(db, key.company_bin, params.id);
        return sendSignedPackage(
          { blobs: services.blobs, publicUrl: config.publicUrl, now: clock() },
          evidence,
          lang,
          reply,
        );
      },
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: PARTNER_PATHS.embedTokens,
      operationId: 'createEmbedToken',
      summary: 'A short-lived, single-use embed token for one purpose, document and signer',
      description:
        "'sign' needs a document of the key's company that is AT_SIGNING and one of its signers (BIN_NOT_AMONG_SIGNERS); " +
        "'status' a document of the key's company (ENTITY_NOT_FOUND otherwise); 'create' no document (the embed " +
        "makes one; `signer`, if given, must be among its signers). `origins` must be among the key's " +
        `allowed origins (EMBED_ORIGIN_NOT_ALLOWED); all of them by default. ${EMBED_TOKEN_TTL.min} to ` +
        `${EMBED_TOKEN_TTL.max} seconds (${EMBED_TOKEN_TTL.default} by default). Exchange it at ` +
        `${EMBED_PATHS.sessions}, or open \`url\` in an iframe. ${KEY}`,
      tags: TAGS,
      security: 'partnerApiKey',
      authorize: authorizeKey,
      body: embedTokenRequestSchema,
      status: 201,
      response: embedTokenIssuedSchema,
      rateLimit: PARTNER_RATE_LIMIT,
      handler: async ({ request, body }) => {
        const key = await requireApiKey(request, clock());
        const origins = body.origins ?? key.allowed_origins;
        const refused = origins.find((origin) => !key.allowed_origins.includes(origin));
        if (refused !== undefined)
          throw new AppError('EMBED_ORIGIN_NOT_ALLOWED', {
            origin: refused,
            expected: key.allowed_origins.join(', ') || '(none)',
          });
        let documentId: number | null = null;
        if (body.documentId !== undefined) {
          const document = await requireAccessible(db, key.company_bin, body.documentId);
          documentId = document.core.id;
          if (body.purpose === 'sign') {
            if (document.core.status !== 'AT_SIGNING') throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
            const signers = await documentSigners(db, documentId);
            if (!signers.some((signer) => signer.identityNumber === body.signer))
              throw new AppError('BIN_NOT_AMONG_SIGNERS');
          }
        }
        const now = clock();
        const { token, expiresAt } = await issueEmbedToken(
          db,
          {
            apiKeyId: key.id,
            companyBin: key.company_bin,
            purpose: body.purpose,
            documentId,
            signer: body.signer ?? null,
            allowedOrigins: [...new Set(origins)],
            lang: body.lang ?? null,
          },
          now,
          body.ttlSeconds,
        );
        return {
          token,
          url: `${config.publicUrl}/embed/${token}`,
          purpose: body.purpose,
          expiresAt: expiresAt.toISOString(),
          allowedOrigins: [...new Set(origins)],
        };
      },
    }),
  );
}
