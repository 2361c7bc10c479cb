import type { Readable } from 'node:stream';
import { AppError, contentDisposition, type Lang } from '@qoltanba/core';
import type { FastifyReply } from 'fastify';
import type { BlobStore } from '../../blob/blob-store.js';
import { buildSignatureSheet } from './signature-sheet.js';
import type { SignedEvidence } from './signed-evidence.js';
import { packageEntries } from './signed-package.js';
import { zipStream } from './zip-stream.js';

// The bytes are the user's documents: never in shared caches, never sniffed into something else.
const CACHE_CONTROL = 'private, no-cache';

/** What {@link sendSignedPackage} needs. */
export interface SignedPackageServices {
  blobs: BlobStore;
  publicUrl: string;
  now: Date;
}

/**
 * Answers the signed package of `evidence` as a streamed ZIP (the evidence module's `downloadSignedPackage`, and the
 * partner API's download): FILE_LOAD_FAILED before any byte when an original is missing.
 */
export async function sendSignedPackage(
  svc: SignedPackageServices,
  evidence: SignedEvidence,
  lang: Lang,
  reply: FastifyReply,
): Promise<Readable> {
  for (const file of evidence.files) {
    if (!(await svc.blobs.has(file.blobKey))) throw new AppError('FILE_LOAD_FAILED');
  }
  const entries = packageEntries(evidence, {
    blobs: svc.blobs,
    checkUrl: `${svc.publicUrl}/check`,
    now: svc.now,
    sheet: () => buildSignatureSheet(evidence, { lang, publicUrl: svc.publicUrl, generatedAt: svc.now }),
  });
  reply
    .type('application/zip')
    .header('content-disposition', contentDisposition('attachment', `${evidence.document.name}.zip`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', CACHE_CONTROL);
  return zipStream(entries);
}
