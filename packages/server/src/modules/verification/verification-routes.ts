import {
  AppError,
  VERIFICATION_PATHS,
  VERIFICATION_UPLOAD_PARTS,
  VERIFY_MAX_FILES,
  VERIFY_MAX_TOTAL_BYTES,
  verificationResultSchema,
  verifyStoredFileParamsSchema,
  verifyStoredFileQuerySchema,
} from '@qoltanba/core';
import { defineRoute, type RouteRateLimit } from '../../http/route.js';
import type { ModuleContext } from '../module.js';
import { signedFilesWithContent, signedStoredFile } from './signed-files-here.js';
import { readVerificationUpload, VERIFICATION_UPLOAD_LIMITS } from './verification-upload.js';
import { verifyStoredFile, verifyUpload } from './verify-files.js';

const TAGS = ['verification'];
// The verdict is about the signatures now (revocation may change): never cached by shared caches.
const NO_STORE = 'no-store';

/** Registers `verifySignatures` and `verifyStoredFile`: public, rate-limited per IP by `rateLimit`. */
export function registerVerificationRoutes(
  { route, services }: Pick<ModuleContext, 'route' | 'services'>,
  rateLimit: RouteRateLimit,
): void {
  const { db } = services.database;
  const { verifier, blobs } = services;

  route(
    defineRoute({
      method: 'POST',
      url: VERIFICATION_PATHS.verify,
      operationId: 'verifySignatures',
      summary: 'Verify signatures: PDF originals and CMS signatures, recognised by content',
      description:
        `multipart/form-data, one \`files\` part per file: at most ${VERIFY_MAX_FILES} files (TOO_MANY_FILES), ` +
        `${VERIFY_MAX_TOTAL_BYTES} bytes in total (SIZE_OVER_LIMIT), each a PDF or a CMS in DER, base64 or PEM ` +
        '(UNSUPPORTED_FILE_FORMAT). Combinations: an attached CMS alone; a detached CMS with its original; ' +
        'several CMS for one original; several originals with their CMS (paired by messageDigest); a PDF alone, ' +
        'matched by SHA-256 against documents signed here, whose stored signatures are verified over it ' +
        '(DOCUMENT_NOT_SIGNED when there are none). Verified in memory, nothing is kept. No account needed; ' +
        'rate-limited per IP (RATE_LIMITED). Any page may call it from a browser (CORS `*`, no credentials): ' +
        '`<qoltanba-verify>` on partner pages does.',
      tags: TAGS,
      publicCors: true,
      multipart: {
        parts: [
          {
            name: VERIFICATION_UPLOAD_PARTS.files,
            kind: 'files',
            contentTypes: ['application/pdf', 'application/pkcs7-signature', 'application/octet-stream'],
            maxCount: VERIFY_MAX_FILES,
            description: 'A PDF original or a CMS signature (.cms, .p7s; DER, base64 or PEM).',
            required: true,
          },
        ],
        limits: VERIFICATION_UPLOAD_LIMITS,
      },
      rateLimit,
      response: verificationResultSchema,
      handler: async ({ request, reply }) => {
        reply.header('cache-control', NO_STORE);
        let files: Awaited<ReturnType<typeof readVerificationUpload>>;
        try {
          files = await readVerificationUpload(request);
        } catch (error) {
          // Refused midway: do not read (and discard) the rest of a possibly large body.
          if (!request.raw.complete) reply.header('connection', 'close');
          throw error;
        }
        return verifyUpload(files, {
          verifier,
          signedFilesWithContent: (sha256) => signedFilesWithContent(db, sha256),
        });
      },
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: VERIFICATION_PATHS.storedFile,
      operationId: 'verifyStoredFile',
      summary: 'Verify the signatures kept for a file of a document signed here',
      description:
        'Verifies again, now, every signature kept for the file over its stored bytes (the signature sheet QR ' +
        'codes link here). No account needed; rate-limited per IP. A file without a signature, a draft, an ' +
        'unknown document or file, a file of another document, or a `sha256` that is not the start of the ' +
        "file's SHA-256 all answer ENTITY_NOT_FOUND alike.",
      tags: TAGS,
      params: verifyStoredFileParamsSchema,
      query: verifyStoredFileQuerySchema,
      rateLimit,
      response: verificationResultSchema,
      handler: async ({ params, query, reply }) => {
        reply.header('cache-control', NO_STORE);
        const found = await signedStoredFile(db, params.docId, params.fileId);
        // Without the right hash the file answers like a missing one: ids alone are guessable.
        const signed = query.sha256 && found?.file.sha256.startsWith(query.sha256) ? found : undefined;
        const bytes = signed ? await blobs.get(signed.file.blobKey) : undefined;
        if (!signed || !bytes) throw new AppError('ENTITY_NOT_FOUND');
        const { file, document, signatures } = signed;
        return verifyStoredFile(
          { name: file.name, kind: file.format, sha256: file.sha256, bytes, document },
          signatures,
          verifier,
        );
      },
    }),
  );
}
