import { createHash } from 'node:crypto';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import {
  AppError,
  isAppError,
  VERIFICATION_UPLOAD_PARTS,
  VERIFY_MAX_FILES,
  VERIFY_MAX_TOTAL_BYTES,
} from '@qoltanba/core';
import type { FastifyRequest } from 'fastify';
import type { MultipartBody } from '../../http/route.js';
import type { XmlLimits } from '../../pki/index.js';
import { ContentPieces } from './content-pieces.js';
import { recogniseFile, type UploadedFile } from './uploaded-file.js';

/**
 * Parser limits of the verification upload. Ours refuse first (the 11th file, the byte past the total): busboy's
 * own sit a little above, so its limits only catch what ours would not see.
 */
export const VERIFICATION_UPLOAD_LIMITS: MultipartBody['limits'] = {
  fileSize: VERIFY_MAX_TOTAL_BYTES + 64 * 1024,
  files: VERIFY_MAX_FILES + 1,
  fields: 0,
  fieldSize: 1024,
  parts: VERIFY_MAX_FILES + 1,
};

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/** The catalogue error for a failure of the multipart stream (malformed, cut short, over a parser limit). */
export function verificationUploadError(error: unknown): AppError {
  if (isAppError(error)) return error;
  switch (codeOf(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('SIZE_OVER_LIMIT', undefined, { cause: error });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('TOO_MANY_FILES', undefined, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', undefined, { cause: error });
    default:
      return new AppError('MULTIPART_INVALID', undefined, { cause: error });
  }
}

/** Running total of the bytes of one upload: refuses with SIZE_OVER_LIMIT at the first byte past the limit. */
interface ByteBudget {
  used: number;
}

async function readPart(part: MultipartFile, budget: ByteBudget, xml: XmlLimits): Promise<UploadedFile> {
  const content = new ContentPieces();
  // Hashed as it arrives (while the next chunk is on the wire), not once more after.
  const hash = createHash('sha256');
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    budget.used += chunk.byteLength;
    if (budget.used > VERIFY_MAX_TOTAL_BYTES || part.file.truncated) throw new AppError('SIZE_OVER_LIMIT');
    content.add(chunk);
    hash.update(chunk);
  }
  if (part.file.truncated) throw new AppError('SIZE_OVER_LIMIT');
  return recogniseFile(part.filename, content.pieces(), hash.digest('hex'), xml);
}

/**
 * Reads the verification upload into memory part by part, never to disk: only `files` parts, at most
 * VERIFY_MAX_FILES (the next one is TOO_MANY_FILES before it is read), VERIFY_MAX_TOTAL_BYTES in total
 * (SIZE_OVER_LIMIT as soon as it is passed), each recognised by content as an original (any file: the
 * original of a detached CMS may be DOCX, ODT, ...), a CMS or a signed XML (at most `xml.maxBytes`, else
 * XML_TOO_LARGE before it is parsed). No file: MULTIPART_INVALID.
 */
export async function readVerificationUpload(
  request: FastifyRequest,
  xml: XmlLimits = {},
): Promise<UploadedFile[]> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const files: UploadedFile[] = [];
  const budget: ByteBudget = { used: 0 };
  const parts = request.parts();
  try {
    while (true) {
      const next: IteratorResult<Multipart> = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.type !== 'file' || part.fieldname !== VERIFICATION_UPLOAD_PARTS.files) {
        throw new AppError('MULTIPART_INVALID');
      }
      if (files.length >= VERIFY_MAX_FILES) throw new AppError('TOO_MANY_FILES');
      files.push(await readPart(part, budget, xml));
    }
  } catch (error) {
    throw verificationUploadError(error);
  }
  if (files.length === 0) throw new AppError('MULTIPART_INVALID');
  return files;
}
