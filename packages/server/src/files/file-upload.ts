import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  AppError,
  DOCUMENT_MAX_FILES,
  DOCUMENT_UPLOAD_PARTS,
  type DocumentFileFormat,
  isAppError,
  MAX_FILE_BYTES,
  sanitizeFileName,
} from '@qoltanba/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MultipartBody } from '../http/route.js';
import { detectDocumentFormat, FAMILY_HEAD_BYTES, type FormatFamily, formatFamily } from './file-type.js';
import { type BlobTarget, discardBlobs, putBlob } from './pending-blobs.js';

/** A file received into the blob store, recognised by content; its blob is pending until a row keeps it. */
export interface ReceivedFile {
  name: string;
  format: DocumentFileFormat;
  size: number;
  sha256: string;
  blobKey: string;
}

/** Largest JSON part (a draft with every signer fits many times over). */
export const JSON_PART_MAX_BYTES = 256 * 1024;

/**
 * Parser limits of the document uploads. Busboy's own per-file limit sits a little above ours, so our byte
 * count refuses first and stops reading the request (busboy alone would skip the rest of the file by reading it).
 */
export const UPLOAD_LIMITS: MultipartBody['limits'] = {
  fileSize: MAX_FILE_BYTES + 64 * 1024,
  files: DOCUMENT_MAX_FILES + 1,
  fields: 1,
  fieldSize: JSON_PART_MAX_BYTES,
  parts: DOCUMENT_MAX_FILES + 2,
};

function property(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** The catalogue error for a failure of the multipart stream (malformed, cut short, over a parser limit). */
export function uploadError(error: unknown): AppError {
  if (isAppError(error)) return error;
  switch (property(error, 'code')) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('FILE_TOO_LARGE', undefined, { cause: error });
    case 'FST_FILES_LIMIT':
      return new AppError('DOCUMENT_FILES_LIMIT', undefined, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', undefined, { cause: error });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('MALFORMED_JSON', undefined, { cause: error });
    default:
      return new AppError('MULTIPART_INVALID', undefined, { cause: error });
  }
}

/**
 * Streams one file part into the blob store while counting its bytes and looking at its content: refused with
 * FILE_TOO_LARGE as soon as it passes MAX_FILE_BYTES and with FILE_FORMAT_NOT_ALLOWED as soon as its first
 * bytes announce no accepted container, so the rest is never read. Only DOC and zip candidates are kept in
 * memory (at most MAX_FILE_BYTES) for the final check, which needs their directory.
 */
export async function receiveFile(target: BlobTarget, part: MultipartFile): Promise<ReceivedFile> {
  let family: FormatFamily | undefined;
  let size = 0;
  const kept: Buffer[] = [];
  const decide = (final: boolean) => {
    const head = Buffer.concat(kept).subarray(0, FAMILY_HEAD_BYTES);
    if (head.byteLength < FAMILY_HEAD_BYTES && !final) return;
    family = formatFamily(head);
    if (!family) throw new AppError('FILE_FORMAT_NOT_ALLOWED');
    if (family === 'pdf') kept.length = 0;
  };
  async function* checked(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > MAX_FILE_BYTES || part.file.truncated) throw new AppError('FILE_TOO_LARGE');
        if (family !== 'pdf') kept.push(chunk);
        if (family === undefined) decide(false);
        yield chunk;
      }
      if (part.file.truncated) throw new AppError('FILE_TOO_LARGE');
      if (family === undefined) decide(true);
    } catch (error) {
      throw uploadError(error);
    }
  }
  const stored = await putBlob(target, checked());
  const format = family === 'pdf' ? 'pdf' : detectDocumentFormat(Buffer.concat(kept));
  if (!format) {
    await discardBlobs(target, [stored.key]);
    throw new AppError('FILE_FORMAT_NOT_ALLOWED');
  }
  return {
    name: sanitizeFileName(part.filename, format),
    format,
    size: stored.size,
    sha256: stored.sha256,
    blobKey: stored.key,
  };
}

/** Options of {@link readUpload}. */
export interface ReadUploadOptions {
  /** Read a leading JSON part of this name first (required); the value goes to `parseJson` before any file. */
  parseJson?: (value: unknown) => void;
  /** Runs before each file is read (refusals, an UPLOADING row); `index` counts from 0. */
  beforeFile?: (index: number) => Promise<void>;
  /** Runs when a file is in the store. */
  afterFile?: (index: number, file: ReceivedFile) => Promise<void>;
}

function parseJsonPart(part: Multipart): unknown {
  if (part.type !== 'field' || part.fieldname !== DOCUMENT_UPLOAD_PARTS.document) {
    throw new AppError('MULTIPART_INVALID');
  }
  if (part.valueTruncated) throw new AppError('PAYLOAD_TOO_LARGE');
  if (typeof part.value !== 'string') return part.value;
  try {
    return JSON.parse(part.value);
  } catch (error) {
    throw new AppError('MALFORMED_JSON', undefined, { cause: error });
  }
}

/**
 * Reads a multipart document upload part by part, streaming each file to the blob store (never the whole
 * request in memory). On any failure, including a client that goes away midway, the blobs stored so far are
 * deleted before the error propagates; the caller deletes them ({@link discardFiles}) if a later step fails. The
 * blobs are pending (`pending-blobs.ts`) until the transaction that refers to them keeps them.
 */
export async function readUpload(
  request: FastifyRequest,
  target: BlobTarget,
  options: ReadUploadOptions,
): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const files: ReceivedFile[] = [];
  try {
    const parts = request.parts();
    let expectJson = options.parseJson !== undefined;
    while (true) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw uploadError(error);
      }
      if (next.done) break;
      const part = next.value;
      if (expectJson) {
        options.parseJson?.(parseJsonPart(part));
        expectJson = false;
        continue;
      }
      if (part.type !== 'file' || part.fieldname !== DOCUMENT_UPLOAD_PARTS.files) {
        throw new AppError('MULTIPART_INVALID');
      }
      if (files.length >= DOCUMENT_MAX_FILES) throw new AppError('DOCUMENT_FILES_LIMIT');
      await options.beforeFile?.(files.length);
      const file = await receiveFile(target, part);
      files.push(file);
      await options.afterFile?.(files.length - 1, file);
    }
    if (expectJson) throw new AppError('MULTIPART_INVALID');
    return files;
  } catch (error) {
    await discardFiles(target, files);
    throw error;
  }
}

/** Deletes the blobs of received files that will not be kept, and their pending records. */
export async function discardFiles(
  target: Pick<BlobTarget, 'db' | 'blobs'>,
  files: readonly ReceivedFile[],
): Promise<void> {
  await discardBlobs(
    target,
    files.map((file) => file.blobKey),
  );
}

/**
 * Ends the connection after the response when the request body was not read to its end (a refused or
 * broken upload): otherwise Node would read and discard the rest of a possibly huge body.
 */
export function closeIfUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header('connection', 'close');
}
