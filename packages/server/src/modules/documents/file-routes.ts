import {
  AppError,
  canTransition,
  contentDisposition,
  DOCUMENT_PATHS,
  documentFileParamsSchema,
  documentParamsSchema,
  documentSchema,
} from '@qoltanba/core';
import { z } from 'zod';
import { BLOB_STREAM, blobDownload } from '../../blob/blob-download.js';
import { FORMAT_CONTENT_TYPES } from '../../files/file-type.js';
import { closeIfUnread, discardFiles, readUpload, UPLOAD_LIMITS } from '../../files/file-upload.js';
import { FILES_PART } from '../../files/files-part.js';
import { defineRoute } from '../../http/route.js';
import { actingCompany, type DocumentsContext, documentFor } from './acting-company.js';
import { assertSenderMayChange, requireAccessible } from './document-access.js';
import {
  abortFileUploads,
  attachUploadedBlob,
  beginFileUpload,
  deleteDocumentFile,
  finishFileUploads,
  type PendingUpload,
  requireFile,
} from './document-files.js';

const TAGS = ['documents'];
const ACCESS = 'Same access rules as getDocument (FORBIDDEN, ENTITY_NOT_FOUND).';
// The bytes are the user's document: never cached by shared caches, never sniffed into something else.
const FILE_CACHE_CONTROL = 'private, no-cache';
const BYTES = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/** Adding, deleting, downloading and previewing the files of documents. */
export function registerFileRoutes(context: DocumentsContext): void {
  const { route, svc, previews } = context;
  const { db } = svc;

  route(
    defineRoute({
      method: 'POST',
      url: DOCUMENT_PATHS.files,
      operationId: 'addDocumentFiles',
      summary: 'Add files to a draft (or to a rejected document, which becomes a draft again)',
      description:
        'multipart/form-data with `files` parts, streamed. Each file is UPLOADING (sending is refused with ' +
        'FILES_STILL_UPLOADING) until the whole request is in; a failed or cut upload adds nothing. Sender only; ' +
        `DOCUMENT_FILES_LIMIT, FILE_FORMAT_NOT_ALLOWED, FILE_TOO_LARGE, STORAGE_FULL. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentParamsSchema,
      multipart: { parts: [FILES_PART], limits: UPLOAD_LIMITS },
      response: documentSchema,
      handler: async ({ request, reply, params }) => {
        const uploads: PendingUpload[] = [];
        let received = false;
        try {
          const actor = await actingCompany(context, request, params.bin);
          const document = await requireAccessible(db, actor.bin, params.id);
          assertSenderMayChange(document);
          if (!canTransition(document.core.status, 'update')) throw new AppError('DOCUMENT_CHANGE_FORBIDDEN');
          await readUpload(request, svc, {
            beforeFile: async () => {
              uploads.push({ fileId: await beginFileUpload(svc, actor, params.id) });
            },
            afterFile: async (index, file) => {
              const upload = uploads[index];
              if (!upload) return;
              upload.file = file;
              await attachUploadedBlob(db, upload);
            },
          });
          received = true;
          if (uploads.length === 0) throw new AppError('MULTIPART_INVALID');
          await finishFileUploads(svc, actor, params.id, uploads);
          return documentFor(context, actor, params.id);
        } catch (error) {
          closeIfUnread(request, reply);
          // readUpload deletes its blobs itself when it fails; after it succeeded they are ours to delete.
          await abortFileUploads(svc, uploads);
          if (received)
            await discardFiles(
              svc,
              uploads.flatMap((u) => (u.file ? [u.file] : [])),
            );
          throw error;
        }
      },
    }),
  );

  route(
    defineRoute({
      method: 'DELETE',
      url: DOCUMENT_PATHS.file,
      operationId: 'deleteDocumentFile',
      summary: 'Delete a file of a draft (not the last one)',
      description: `Sender only; DOCUMENT_WITHOUT_FILE for the last file, DOCUMENT_CHANGE_FORBIDDEN once sent. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentFileParamsSchema,
      response: documentSchema,
      handler: async ({ request, params }) => {
        const actor = await actingCompany(context, request, params.bin);
        await deleteDocumentFile(svc, actor, params.id, params.fileId);
        return documentFor(context, actor, params.id);
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: DOCUMENT_PATHS.file,
      operationId: 'downloadDocumentFile',
      summary: 'Download the original file',
      description: `As uploaded (the bytes that get signed), as an attachment. GET also accepts the GATEWAY cookie. ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentFileParamsSchema,
      produces: 'binary',
      binaryContentTypes: Object.values(FORMAT_CONTENT_TYPES),
      response: BLOB_STREAM,
      handler: async ({ request, reply, params }) => {
        const actor = await actingCompany(context, request, params.bin);
        const file = await requireFile(db, actor.bin, params.id, params.fileId);
        const body = await blobDownload(svc.blobs, file.blobKey, reply);
        reply
          .type(FORMAT_CONTENT_TYPES[file.format])
          .header('content-disposition', contentDisposition('attachment', file.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', FILE_CACHE_CONTROL);
        return body;
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: DOCUMENT_PATHS.filePreview,
      operationId: 'previewDocumentFile',
      summary: 'A PDF to show the file in the browser',
      description:
        'A PDF file as it is; doc, docx and odt converted by LibreOffice (cached by content). The original is ' +
        'what gets signed. 503 PREVIEW_UNAVAILABLE without LibreOffice (or without a required sandbox), 422 ' +
        'PREVIEW_FAILED (a failure is remembered per content), 422 PREVIEW_TOO_COMPLEX (expands beyond the limits), ' +
        `503 PREVIEW_BUSY with Retry-After (the company's preview queue is full). ${ACCESS}`,
      tags: TAGS,
      auth: true,
      params: documentFileParamsSchema,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: BYTES,
      handler: async ({ request, reply, params }) => {
        const actor = await actingCompany(context, request, params.bin);
        const file = await requireFile(db, actor.bin, params.id, params.fileId);
        const pdf = await previews.pdfOf(file);
        const name = file.name.replace(/\.[a-z]+$/, '.pdf');
        reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition('inline', name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', FILE_CACHE_CONTROL);
        return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
      },
    }),
  );
}
