import {
  AppError,
  contentDisposition,
  type Lang,
  VERIFICATION_PATHS,
  VERIFICATION_REPORT_FILE_NAMES,
  VERIFICATION_UPLOAD_PARTS,
  VERIFY_MAX_FILES,
  VERIFY_MAX_TOTAL_BYTES,
  type VerificationResult,
  verificationResultSchema,
  verifyStoredFileParamsSchema,
  verifyStoredFileQuerySchema,
} from '@qoltanba/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineRoute, type MultipartBody, type RouteRateLimit } from '../../http/route.js';
import { XML_MAX_BYTES } from '../../pki/index.js';
import type { ModuleContext } from '../module.js';
import { signedFilesWithContent } from './signed-files-here.js';
import { checkStoredFile } from './stored-file-check.js';
import { buildVerificationReportPdf } from './verification-report-pdf.js';
import { readVerificationUpload, VERIFICATION_UPLOAD_LIMITS } from './verification-upload.js';
import { verifyUpload } from './verify-files.js';

const TAGS = ['verification'];
// The verdict is about the signatures now (revocation may change): never cached by shared caches.
const NO_STORE = 'no-store';
const PDF_BYTES = z.custom<Buffer>((value) => Buffer.isBuffer(value));

const UPLOAD: MultipartBody = {
  parts: [
    {
      name: VERIFICATION_UPLOAD_PARTS.files,
      kind: 'files',
      contentTypes: [
        'application/pdf',
        'application/pkcs7-signature',
        'application/xml',
        'text/xml',
        'application/octet-stream',
      ],
      maxCount: VERIFY_MAX_FILES,
      description:
        'A PDF original, a CMS signature (.cms, .p7s; DER, base64 or PEM) or an XML document with enveloped ' +
        'XMLDSig signatures (.xml, UTF-8, no DTD).',
      required: true,
    },
  ],
  limits: VERIFICATION_UPLOAD_LIMITS,
};

const UPLOAD_RULES =
  `multipart/form-data, one \`files\` part per file: at most ${VERIFY_MAX_FILES} files (TOO_MANY_FILES), ` +
  `${VERIFY_MAX_TOTAL_BYTES} bytes in total (SIZE_OVER_LIMIT), each a PDF, a CMS in DER, base64 or PEM, or ` +
  'a signed XML (UNSUPPORTED_FILE_FORMAT; for XML: XML_MALFORMED, XML_DTD_REFUSED for any DOCTYPE, ' +
  'XML_NOT_SIGNED without ds:Signature, XML_TOO_LARGE over QOLTANBA_XML_MAX_BYTES, refused before parsing). ' +
  'A PDF no uploaded CMS signs may be a document card (kaarkz/ddcard: the original and its detached CMS as attached ' +
  'files), reported in `cards` (CARD_NO_ORIGINAL, CARD_SIGNATURE_NOT_DETACHED, CARD_EXECUTABLE_ORIGINAL, ' +
  `CARD_MALFORMED, CARD_TOO_MANY_FILES, CARD_TOO_LARGE past ${VERIFY_MAX_TOTAL_BYTES} bytes decoded).`;

const STORED_RULE =
  'A file without a signature, a draft, an unknown document or file, a file of another document, or a ' +
  "`sha256` that is not the start of the file's SHA-256 all answer ENTITY_NOT_FOUND alike.";

/** The report PDF as a download named in the request language, never sniffed into something else. */
function sendReport(reply: FastifyReply, pdf: Uint8Array, lang: Lang): Buffer {
  reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition('attachment', VERIFICATION_REPORT_FILE_NAMES[lang]))
    .header('x-content-type-options', 'nosniff');
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/**
 * Registers `verifySignatures` and `verifyStoredFile` (JSON) and their reports as PDF, `downloadVerificationReport`
 * and `downloadStoredFileVerificationReport`: public, rate-limited per IP by `rateLimit`.
 */
export function registerVerificationRoutes(
  { route, services, config }: Pick<ModuleContext, 'route' | 'services' | 'config'>,
  rateLimit: RouteRateLimit,
): void {
  const { db } = services.database;
  const { verifier, blobs } = services;

  /** Reads the upload (limits enforced while reading) and verifies it. */
  async function verifyRequest(request: FastifyRequest, reply: FastifyReply): Promise<VerificationResult> {
    reply.header('cache-control', NO_STORE);
    let files: Awaited<ReturnType<typeof readVerificationUpload>>;
    try {
      files = await readVerificationUpload(request, { maxBytes: config.pki.xmlMaxBytes ?? XML_MAX_BYTES });
    } catch (error) {
      // Refused midway: do not read (and discard) the rest of a possibly large body.
      if (!request.raw.complete) reply.header('connection', 'close');
      throw error;
    }
    return verifyUpload(files, {
      verifier,
      signedFilesWithContent: (sha256) => signedFilesWithContent(db, sha256),
    });
  }

  /** Verifies the stored file again, or ENTITY_NOT_FOUND when the ids and the hash do not name a signed file. */
  async function verifyStored(
    params: { docId: number; fileId: number },
    query: { sha256?: string | undefined },
    reply: FastifyReply,
  ): Promise<VerificationResult> {
    reply.header('cache-control', NO_STORE);
    // Without the right hash the file answers like a missing one: ids alone are guessable.
    const sha256 = query.sha256;
    const result = sha256
      ? await checkStoredFile({ db, blobs, verifier }, params.docId, params.fileId, (file) =>
          file.sha256.startsWith(sha256),
        )
      : undefined;
    if (!result) throw new AppError('ENTITY_NOT_FOUND');
    return result;
  }

  const report = (result: VerificationResult, lang: Lang) =>
    buildVerificationReportPdf(result, { lang, checkedAt: services.clock() });

  route(
    defineRoute({
      method: 'POST',
      url: VERIFICATION_PATHS.verify,
      operationId: 'verifySignatures',
      summary: 'Verify signatures: PDF originals, CMS signatures and signed XML, recognised by content',
      description:
        `${UPLOAD_RULES} Combinations: an attached CMS alone; a detached CMS with its original; ` +
        'several CMS for one original; several originals with their CMS (paired by messageDigest); an XML ' +
        'document with one or more enveloped XMLDSig signatures (RSA-SHA256, GOST 34.310-2004, GOST ' +
        '34.10-2015-512 as KalkanCrypt writes them), verified over itself; a PDF alone, ' +
        'matched by SHA-256 against documents signed here, whose stored signatures are verified over it ' +
        '(DOCUMENT_NOT_SIGNED when there are none). Verified in memory, nothing is kept. No account needed; ' +
        'rate-limited per IP (RATE_LIMITED). Any page may call it from a browser (CORS `*`, no credentials): ' +
        '`<qoltanba-verify>` on partner pages does.',
      tags: TAGS,
      publicCors: true,
      multipart: UPLOAD,
      rateLimit,
      response: verificationResultSchema,
      handler: ({ request, reply }) => verifyRequest(request, reply),
    }),
  );

  route(
    defineRoute({
      method: 'POST',
      url: VERIFICATION_PATHS.report,
      operationId: 'downloadVerificationReport',
      summary:
        'The report of a verification as a PDF: the same upload as verifySignatures, verified again here',
      description:
        `${UPLOAD_RULES} The files are verified exactly as by verifySignatures (same refusals), and the answer is ` +
        'that result printed: time of check (UTC+5), overall verdict in words, each file (name, SHA-256), each ' +
        "signature's fields and its ETSI indication and sub-indication in words with codes, in the request " +
        'language. Made from the files, never from a posted result, so it cannot be forged. Nothing is kept; ' +
        'rate-limited per IP.',
      tags: TAGS,
      multipart: UPLOAD,
      rateLimit,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: PDF_BYTES,
      handler: async ({ request, reply, lang }) =>
        sendReport(reply, await report(await verifyRequest(request, reply), lang), lang),
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
        `codes link here). No account needed; rate-limited per IP. ${STORED_RULE}`,
      tags: TAGS,
      params: verifyStoredFileParamsSchema,
      query: verifyStoredFileQuerySchema,
      rateLimit,
      response: verificationResultSchema,
      handler: ({ params, query, reply }) => verifyStored(params, query, reply),
    }),
  );

  route(
    defineRoute({
      method: 'GET',
      url: VERIFICATION_PATHS.storedFileReport,
      operationId: 'downloadStoredFileVerificationReport',
      summary: "The report of a stored file's verification as a PDF",
      description:
        'What verifyStoredFile answers, verified again now and printed as downloadVerificationReport prints it, ' +
        `in the request language. No account needed; rate-limited per IP. ${STORED_RULE}`,
      tags: TAGS,
      params: verifyStoredFileParamsSchema,
      query: verifyStoredFileQuerySchema,
      rateLimit,
      produces: 'binary',
      binaryContentTypes: ['application/pdf'],
      response: PDF_BYTES,
      handler: async ({ params, query, reply, lang }) =>
        sendReport(reply, await report(await verifyStored(params, query, reply), lang), lang),
    }),
  );
}
