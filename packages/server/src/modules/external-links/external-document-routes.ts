import {
  AppError,
  contentDisposition,
  EXTERNAL_LINK_HEADER,
  EXTERNAL_LINK_PATHS,
  externalDocumentParamsSchema,
  externalDocumentViewSchema,
  externalFileParamsSchema,
  externalLinkHeadersSchema,
} from '@qoltanba/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { BLOB_STREAM, blobDownload } from '../../blob/blob-download.js';
import { FORMAT_CONTENT_TYPES } from '../../files/file-type.js';
import { defineRoute, type RouteRateLimit } from '../../http/route.js';
import { documentParts, recordExternalLinkView, signingTarget } from '../documents/index.js';
import type { ModuleContext } from '../module.js';
import type { StoredFileCheckDeps } from '../verification/index.js';
import { externalView, linkedDocument } from './external-view.js';
import { claimLinkView, type ExternalLinkRow, findLiveLink } from './link-store.js';

const TAGS = ['documents'];
const ACCESS =
  `Public: the link's token in the \`${EXTERNAL_LINK_HEADER}\` header is the only credential. A missing, unknown, ` +
  'revoked or expired token, or one of another document, answers 404 ENTITY_NOT_FOUND alike. Rate-limited per IP.';
const BYTES = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/** Nothing of a link's answers is kept by a cache, and pages opened from it tell nobody where they came from. */
function privateAnswer(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
}

function sendBytes(reply: FastifyReply, bytes: Uint8Array, type: string, disposition: string) {
  privateAnswer(reply);
  reply.type(type).header('content-disposition', disposition).header('x-content-type-options', 'nosniff');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** `getExternalDocument`, `downloadExternalFile`, `previewExternalFile`: what a link holder reads. */
export function registerExternalDocumentRoutes(
  { route, services, hooks }: ModuleContext,
  rateLimit: RouteRateLimit,
): void {
  const { db } = services.database;
  const deps: StoredFileCheckDeps = { db, blobs: services.blobs, verifier: services.verifier };

  async function liveLink(token: string | undefined, documentId: number): Promise<ExternalLinkRow> {
    const link = token ? await findLiveLink(db, token, documentId, services.clock()) : undefined;
    if (!link) throw new AppError('ENTITY_NOT_FOUND');
    return link;
  }

  /** A file of the linked document with its stored bytes' key; FILE_NOT_RETAINED once the original is gone. */
  async function linkedFile(link: ExternalLinkRow, fileId: number) {
    await linkedDocument(deps, link);
    const target = await signingTarget(db, link.document_id, link.company_bin);
    const file = target?.files.find((candidate) => candidate.id === fileId);
    if (file) return file;
    const { files } = await documentParts(db, link.document_id);
    if (files.some((candidate) => candidate.id === fileId && !candidate.stored))
      throw new AppError('FILE_NOT_RETAINED');
    throw new AppError('ENTITY_NOT_FOUND');
  }

  route(
    defineRoute({
      method: 'GET',
      url: EXTERNAL_LINK_PATHS.document,
      operationId: 'getExternalDocument',
      summary: 'The read-only card of an external document link, with the verification result',
      description:
        'The document as the company that made the link sees it (without folders, trash, e-mail addresses, IPs or ' +
        'user ids), its history, and every signed file verified again now (as verifyStoredFile). Opening records ' +
        `a VIEW event for that company, at most one per link an hour. ${ACCESS}`,
      tags: TAGS,
      params: externalDocumentParamsSchema,
      headers: externalLinkHeadersSchema,
      rateLimit,
      response: externalDocumentViewSchema,
      handler: async ({ request, reply, params, headers }) => {
        privateAnswer(reply);
        const link = await liveLink(headers[EXTERNAL_LINK_HEADER], params.id);
        const view = await externalView(deps, link);
        const now = services.clock();
        if (await claimLinkView(db, link.id, now)) {
          await recordExternalLinkView(db, link.document_id, { bin: link.company_bin, ip: request.ip }, now);
        }
        return view;
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: EXTERNAL_LINK_PATHS.file,
      operationId: 'downloadExternalFile',
      summary: 'Download an original file of an external document link',
      description: `ENTITY_NOT_FOUND for a file of another document, FILE_NOT_RETAINED after retention. ${ACCESS}`,
      tags: TAGS,
      params: externalFileParamsSchema,
      headers: externalLinkHeadersSchema,
      rateLimit,
      produces: 'binary',
      binaryContentTypes: Object.values(FORMAT_CONTENT_TYPES),
      response: BLOB_STREAM,
      handler: async ({ reply, params, headers }) => {
        const link = await liveLink(headers[EXTERNAL_LINK_HEADER], params.id);
        const file = await linkedFile(link, params.fileId);
        const body = await blobDownload(services.blobs, file.blobKey, reply);
        privateAnswer(reply);
        reply
          .type(FORMAT_CONTENT_TYPES[file.format])
          .header('content-disposition', contentDisposition('attachment', file.name))
          .header('x-content-type-options', 'nosniff');
        return body;
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: EXTERNAL_LINK_PATHS.filePreview,
      operationId: 'previewExternalFile',
      summary: 'A PDF preview of a file of an external document link',
      description: `As previewDocumentFile (PREVIEW_UNAVAILABLE, PREVIEW_FAILED). ${ACCESS}`,
      tags: TAGS,
      params: externalFileParamsSchema,
      headers: externalLinkHeadersSchema,
      rateLimit,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: BYTES,
      handler: async ({ reply, params, headers }) => {
        const link = await liveLink(headers[EXTERNAL_LINK_HEADER], params.id);
        const file = await linkedFile(link, params.fileId);
        const [pdf] = await hooks.filePreview.run(file);
        if (!pdf) throw new AppError('PREVIEW_UNAVAILABLE');
        const name = file.name.replace(/\.[a-z]+$/, '.pdf');
        return sendBytes(reply, pdf, 'application/pdf', contentDisposition('inline', name));
      },
    }),
  );
}
