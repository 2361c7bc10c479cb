import { timingSafeEqual } from 'node:crypto';
import {
  AppError,
  apiPath,
  DOCUMENT_MAX_FILES,
  type EgovDocumentsToSign,
  egovDocumentsToSignSchema,
  egovQrDescriptionSchema,
  MAX_FILE_BYTES,
  qrSigningEventSchema,
  SIGNING_PATHS,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { qrAuthToken, tokenHash } from '../../crypto/tokens.js';
import { FORMAT_CONTENT_TYPES } from '../../files/file-type.js';
import { defineRoute } from '../../http/route.js';
import { signingPort } from '../documents/index.js';
import { followQrSession } from './qr-events.js';
import { findQrSession, moveQrSession, OPEN_QR_STATES, type QrSession } from './qr-sessions.js';
import { signAs } from './sign-flow.js';
import type { SigningContext } from './signing-context.js';

const TAGS = ['signing'];
const SESSION =
  'Public: the unguessable session id in the path is the capability. QR_SESSION_NOT_FOUND for an unknown one.';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// A CMS carrying its file is the file in base64 plus a few kilobytes, for every file of a document.
const PUT_BODY_LIMIT = DOCUMENT_MAX_FILES * (Math.ceil((MAX_FILE_BYTES * 4) / 3) + 512 * 1024);

/** Path of a QR session. */
const sessionParamsSchema = z.object({ sessionId: z.string().min(1).max(128) });

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** eGov mobile API #1 and #2 and the events stream the portal follows a QR session with. */
export function registerEgovRoutes(context: SigningContext): void {
  const { route, db, clock, config } = context;

  async function requireSession(sessionId: string): Promise<QrSession> {
    const session = await findQrSession(db, sessionId, clock());
    if (!session) throw new AppError('QR_SESSION_NOT_FOUND');
    return session;
  }

  /** An open session whose auth token the request carries as bearer (401 otherwise, 410 once it expired). */
  async function authorizedSession(request: FastifyRequest, sessionId: string): Promise<QrSession> {
    const session = await requireSession(sessionId);
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (!token || !sameHash(tokenHash(token), session.tokenHash)) throw new AppError('UNAUTHORIZED');
    if (session.state === 'EXPIRED') throw new AppError('QR_SIGNING_TIMEOUT');
    if (!OPEN_QR_STATES.includes(session.state)) throw new AppError('QR_SESSION_NOT_FOUND');
    return session;
  }

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.egovApi1,
      operationId: 'getEgovQrDescription',
      summary: 'eGov mobile API #1: what is signed, by whom it was sent, and where to fetch it',
      description: `The QR code holds \`mobileSign:\` + this URL. QR_SIGNING_TIMEOUT once expired. ${SESSION}`,
      tags: TAGS,
      params: sessionParamsSchema,
      response: egovQrDescriptionSchema,
      handler: async ({ params }) => {
        const session = await requireSession(params.sessionId);
        if (session.state === 'EXPIRED') throw new AppError('QR_SIGNING_TIMEOUT');
        if (!OPEN_QR_STATES.includes(session.state)) throw new AppError('QR_SESSION_NOT_FOUND');
        const target = await signingPort.signingTarget(db, session.documentId, session.identityNumber);
        if (!target) throw new AppError('ENTITY_NOT_FOUND');
        const document = target.document.core;
        return {
          description: `${document.name} (№${document.number})`,
          expiry_date: session.expiresAt.toISOString(),
          organisation: {
            nameRu: document.sender.nameRu,
            nameKz: document.sender.nameKk ?? document.sender.nameRu,
            nameEn: document.sender.nameRu,
            bin: document.sender.bin,
          },
          document: {
            uri: `${config.publicUrl}${apiPath(SIGNING_PATHS.egovApi2, { sessionId: params.sessionId })}`,
            auth_type: 'Token' as const,
            auth_token: qrAuthToken(config.tokenSecret, params.sessionId),
          },
        };
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.egovApi2,
      operationId: 'getEgovDocuments',
      summary: 'eGov mobile API #2: the files to sign (Bearer auth_token of API #1)',
      description: `Each file in base64, to be signed as CMS_SIGN_ONLY (detached). UNAUTHORIZED without the token. ${SESSION}`,
      tags: TAGS,
      params: sessionParamsSchema,
      response: egovDocumentsToSignSchema,
      handler: async ({ request, params }) => {
        const session = await authorizedSession(request, params.sessionId);
        const target = await signingPort.signingTarget(db, session.documentId, session.identityNumber);
        if (!target) throw new AppError('ENTITY_NOT_FOUND');
        const documentsToSign: EgovDocumentsToSign['documentsToSign'] = [];
        for (const file of target.files) {
          const bytes = await context.blobs.get(file.blobKey);
          if (!bytes) throw new AppError('FILE_LOAD_FAILED');
          documentsToSign.push({
            id: file.id,
            nameRu: file.name,
            nameKz: file.name,
            nameEn: file.name,
            meta: [
              { name: 'document', value: target.document.core.name },
              { name: 'sha256', value: file.sha256 },
            ],
            document: {
              file: { mime: FORMAT_CONTENT_TYPES[file.format], data: Buffer.from(bytes).toString('base64') },
            },
          });
        }
        if (session.state === 'WAITING') await moveQrSession(db, session.idHash, 'FETCHED', null, clock());
        return { signMethod: 'CMS_SIGN_ONLY' as const, version: 1, documentsToSign };
      },
    }),
  );

  route(
    defineRoute({
      method: 'PUT',
      url: SIGNING_PATHS.egovApi2,
      operationId: 'putEgovSignatures',
      summary: 'eGov mobile API #2: the signatures (Bearer auth_token of API #1)',
      description:
        'Each `document.file.data` is the CMS of the file with that `id`: detached (CMS_SIGN_ONLY) or carrying the ' +
        'file (CMS_WITH_DATA). Verified and recorded as signDocument does; any refusal answers 403 with its code ' +
        `and the session FAILED (except DOCUMENT_SIGNING_LOCKED, which may be retried). ${SESSION}`,
      tags: TAGS,
      params: sessionParamsSchema,
      body: egovDocumentsToSignSchema,
      bodyLimit: PUT_BODY_LIMIT,
      response: z.object({ signed: z.literal(true) }),
      handler: async ({ request, params, body }) => {
        const session = await authorizedSession(request, params.sessionId);
        try {
          const signatures = body.documentsToSign.map((item) => {
            const data = item.document.file.data.trim();
            if (!BASE64.test(data)) throw new AppError('SIGNATURE_MISSING');
            return { fileId: item.id, cms: new Uint8Array(Buffer.from(data, 'base64')) };
          });
          await signAs(context.flow, {
            documentId: session.documentId,
            party: {
              identityNumber: session.identityNumber,
              actingBin: session.actingBin,
              userId: session.userId,
              linkId: session.linkId,
              ip: request.ip,
            },
            signatures,
            packaging: body.signMethod === 'CMS_WITH_DATA' ? 'attached' : 'detached',
            method: 'EGOV_QR',
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          if (error.code !== 'DOCUMENT_SIGNING_LOCKED') {
            await moveQrSession(db, session.idHash, 'FAILED', error.code, clock());
          }
          throw new AppError(error.code, error.params, { status: 403, cause: error });
        }
        await moveQrSession(db, session.idHash, 'SIGNED', null, clock());
        return { signed: true as const };
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: SIGNING_PATHS.qrSigningEvents,
      operationId: 'followQrSigning',
      summary: 'Follow a QR signing session live (server-sent events of QrSigningEvent)',
      description:
        'text/event-stream: an event (`id:` the state version) for the current state and each change, comment ' +
        'heartbeats, and the end after SIGNED, FAILED or EXPIRED (QR_SIGNING_TIMEOUT). `Last-Event-ID` (or the ' +
        `lastEventId query parameter, for a new stream) skips what was seen. ${SESSION} Any page may follow ` +
        'it (CORS `*`; the session id is the credential): `<qoltanba-sign>` on partner pages does.',
      tags: TAGS,
      params: sessionParamsSchema,
      produces: 'event-stream',
      publicCors: true,
      response: qrSigningEventSchema,
      handler: async ({ request, reply, params }) => {
        const session = await requireSession(params.sessionId);
        await followQrSession(context, request, reply, params.sessionId, session);
        return { state: session.state, errorCode: session.errorCode, at: session.updatedAt.toISOString() };
      },
    }),
  );
}
