import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  AppError,
  isAppError,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_UPLOAD_PARTS,
  safeFileName,
  supportMessageRequestSchema,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import { uploadError } from '../../files/file-upload.js';
import { type BlobTarget, discardBlobs, putBlob } from '../../files/pending-blobs.js';
import type { MultipartBody } from '../../http/route.js';
import { validationError } from '../../http/route.js';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_HEAD_BYTES,
  type AttachmentType,
  KNOWN_ATTACHMENT_EXTENSION,
  sniffAttachmentType,
} from './attachment-type.js';
import type { NewAttachment } from './message-store.js';

/** Largest `text` part in bytes: SUPPORT_MESSAGE_MAX characters of any script fit with room for spaces trimmed. */
const TEXT_PART_MAX_BYTES = 16 * 1024;
/** What a request may carry besides the file: boundaries, part headers, the text. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Parser limits of the attachment upload. Busboy's per-file limit sits a little above ours, so our byte count refuses
 * first and stops reading the request.
 */
export const ATTACHMENT_UPLOAD_LIMITS: MultipartBody['limits'] = {
  fileSize: SUPPORT_ATTACHMENT_MAX_BYTES + ENVELOPE_BYTES,
  files: 1,
  fields: 1,
  fieldSize: TEXT_PART_MAX_BYTES,
  parts: 2,
};

/** A received attachment and the message text that came with it ('' when none). */
export interface ReceivedAttachment {
  attachment: NewAttachment;
  text: string;
}

/** The catalogue error of a failed upload stream, in the chat's own codes where it has them. */
function attachmentError(error: unknown): AppError {
  const mapped = uploadError(error);
  if (mapped.code === 'FILE_TOO_LARGE')
    return new AppError('SUPPORT_ATTACHMENT_TOO_LARGE', undefined, { cause: error });
  if (mapped.code === 'DOCUMENT_FILES_LIMIT')
    return new AppError('MULTIPART_INVALID', undefined, { cause: error });
  return mapped;
}

/** The message text of a `text` part: '' when blank, else core's message rules (too long, control characters). */
function messageText(part: Multipart): string {
  if (part.type !== 'field') throw new AppError('MULTIPART_INVALID');
  if (part.valueTruncated) throw new AppError('SUPPORT_MESSAGE_TOO_LONG');
  const value = typeof part.value === 'string' ? part.value : '';
  if (value.trim() === '') return '';
  const parsed = supportMessageRequestSchema.shape.text.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error, SUPPORT_UPLOAD_PARTS.text);
  return parsed.data;
}

/**
 * Streams the file into the blob store while counting it and looking at its first bytes: SUPPORT_ATTACHMENT_TOO_LARGE
 * as soon as it passes SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_TYPE as soon as its head is no PNG, JPEG, GIF,
 * WebP or PDF, so the rest is never read.
 */
async function receiveAttachment(target: BlobTarget, part: MultipartFile): Promise<NewAttachment> {
  let type: AttachmentType | undefined;
  const head: Buffer[] = [];
  let size = 0;
  const decide = (final: boolean) => {
    const bytes = Buffer.concat(head);
    if (bytes.byteLength < ATTACHMENT_HEAD_BYTES && !final) return;
    type = sniffAttachmentType(bytes);
    if (!type) throw new AppError('SUPPORT_ATTACHMENT_TYPE');
  };
  async function* checked(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.byteLength;
        if (size > SUPPORT_ATTACHMENT_MAX_BYTES || part.file.truncated) {
          throw new AppError('SUPPORT_ATTACHMENT_TOO_LARGE');
        }
        if (type === undefined) {
          head.push(chunk);
          decide(false);
        }
        yield chunk;
      }
      if (part.file.truncated) throw new AppError('SUPPORT_ATTACHMENT_TOO_LARGE');
      if (type === undefined) decide(true);
    } catch (error) {
      throw attachmentError(error);
    }
  }
  const stored = await putBlob(target, checked());
  if (!type || stored.size === 0) {
    await discardBlobs(target, [stored.key]);
    throw new AppError('SUPPORT_ATTACHMENT_TYPE');
  }
  return {
    blobKey: stored.key,
    name: safeFileName(part.filename, ATTACHMENT_EXTENSIONS[type], KNOWN_ATTACHMENT_EXTENSION, 'attachment'),
    contentType: type,
    size: stored.size,
    sha256: stored.sha256,
  };
}

/**
 * Reads the multipart attachment upload: one `file` part and an optional `text` part, in either order. A declared
 * length that cannot fit answers 413 before anything is read. On any failure the stored blob is deleted. The blob is
 * pending until the message's transaction keeps it (`insertMessage`).
 */
export async function readAttachmentUpload(
  request: FastifyRequest,
  target: BlobTarget,
): Promise<ReceivedAttachment> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > SUPPORT_ATTACHMENT_MAX_BYTES + ENVELOPE_BYTES) {
    throw new AppError('SUPPORT_ATTACHMENT_TOO_LARGE');
  }
  let attachment: NewAttachment | undefined;
  let text: string | undefined;
  try {
    const parts = request.parts();
    while (true) {
      let next: IteratorResult<Multipart>;
      try {
        next = await parts.next();
      } catch (error) {
        throw attachmentError(error);
      }
      if (next.done) break;
      const part = next.value;
      if (part.fieldname === SUPPORT_UPLOAD_PARTS.text && text === undefined) {
        text = messageText(part);
      } else if (part.type === 'file' && part.fieldname === SUPPORT_UPLOAD_PARTS.file && !attachment) {
        attachment = await receiveAttachment(target, part);
      } else {
        throw new AppError('MULTIPART_INVALID');
      }
    }
    if (!attachment) throw new AppError('MULTIPART_INVALID');
    return { attachment, text: text ?? '' };
  } catch (error) {
    if (attachment) await discardBlobs(target, [attachment.blobKey]);
    throw isAppError(error) ? error : attachmentError(error);
  }
}
