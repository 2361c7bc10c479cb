import { Readable } from 'node:stream';
import {
  AppError,
  contentDisposition,
  documentFileParamsSchema,
  documentParamsSchema,
  EVIDENCE_PATHS,
} from '@qoltanba/core';
import { z } from 'zod';
import { defineRoute } from '../../http/route.js';
import type { ModuleContext } from '../module.js';
import { appendSheet } from './printable-copy.js';
import { buildSignatureSheet } from './signature-sheet.js';
import { requireSignedEvidence } from './signed-evidence.js';
import { sendSignedPackage } from './signed-package-reply.js';

const TAGS = ['documents'];
const ACCESS =
  'Participants only: FORBIDDEN for a non-member of the company, ENTITY_NOT_FOUND when it takes no part; ' +
  'DOCUMENT_NOT_SIGNED while the document has no signature.';
// The bytes are the user's documents: never in shared caches, never sniffed into something else.
const CACHE_CONTROL = 'private, no-cache';
const BYTES = z.custom<Uint8Array>((value) => value instanceof Uint8Array);
const STREAM = z.custom<Readable>((value) => value instanceof Readable);

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The signed package (ZIP), the signature sheet (PDF) and the printable copy of a document's file. */
export function registerEvidenceRoutes({ route, config, services, hooks }: ModuleContext): void {
  const { db } = services.database;
  const _checkPage = `${config.publicUrl}/check`;

  route(
    defineRoute({
      method: 'GET',
      url: EVIDENCE_PATHS.signedPackage,
      operationId: 'downloadSignedPackage',
      summary: 'Download a signed document as a ZIP: originals, one CMS per signature, the signature sheet',
      description:
        'Streamed. Entries: README.txt (kk/ru/en: how to verify), each original file as stored, ' +
        '`signatures/<file>.<n>.<IIN or BIN>.cms` (one DER CMS per signature, as accepted), signature-sheet.pdf ' +
        `(in the request language). ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      produces: 'binary',
      binaryContentTypes: ['application/zip'],
      response: STREAM,
      handler: async ({ request, reply, params, lang }) => {
        const evidence = await requireSignedEvidence(db, request, params.bin, params.id);
        return sendSignedPackage(
          { blobs: services.blobs, publicUrl: config.publicUrl, now: services.clock() },
          evidence,
          lang,
          reply,
        );
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: EVIDENCE_PATHS.signatureSheet,
      operationId: 'downloadSignatureSheet',
      summary: "A signed document's signature sheet (PDF)",
      description:
        'The document (name, number, SHA-256 of each file), each signature (signer, certificate, time, IP, type, ' +
        `result) with a QR code to /check/:docId/:fileId, and the history; labels in the request language. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: BYTES,
      handler: async ({ request, reply, params, lang }) => {
        const evidence = await requireSignedEvidence(db, request, params.bin, params.id);
        const pdf = await buildSignatureSheet(evidence, {
          lang,
          publicUrl: config.publicUrl,
          generatedAt: services.clock(),
        });
        reply
          .type('application/pdf')
          .header(
            'content-disposition',
            contentDisposition('attachment', `${evidence.document.name}.signatures.pdf`),
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', CACHE_CONTROL);
        return asBuffer(pdf);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: EVIDENCE_PATHS.printableCopy,
      operationId: 'downloadPrintableCopy',
      summary: 'A printable copy of a signed file: the PDF with the sheet of its signatures appended',
      description:
        'A PDF file as it is, doc/docx/odt through their preview (PREVIEW_UNAVAILABLE without LibreOffice); ' +
        `PREVIEW_FAILED when the PDF cannot be read. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentFileParamsSchema,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: BYTES,
      handler: async ({ request, reply, params, lang }) => {
        const evidence = await requireSignedEvidence(db, request, params.bin, params.id);
        const file = evidence.files.find((candidate) => candidate.id === params.fileId);
        if (!file) throw new AppError('ENTITY_NOT_FOUND');
        let documentPdf: Uint8Array | undefined;
        if (file.format === 'pdf') documentPdf = await services.blobs.get(file.blobKey);
        else [documentPdf] = await hooks.filePreview.run(file);
        if (!documentPdf) throw new AppError('FILE_LOAD_FAILED');
        const sheet = await buildSignatureSheet(evidence, {
          lang,
          publicUrl: config.publicUrl,
          generatedAt: services.clock(),
          fileIds: [file.id],
        });
        const name = `${file.name.replace(/\.[a-z]+$/i, '')}.printable.pdf`;
        reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition('attachment', name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', CACHE_CONTROL);
        return asBuffer(await appendSheet(documentPdf, sheet));
      },
    }),
  );
}
