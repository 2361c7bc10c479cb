import { Readable } from 'node:stream';
import { AppError } from '@qoltanba/core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { BlobStore } from './blob-store.js';

/** Response schema of a route that answers a blob as a stream (see {@link blobDownload}). */
export const BLOB_STREAM = z.custom<Readable>((value) => value instanceof Readable);

/**
 * The blob under `key` as a reply body, read from the store as it is sent (a large file is never whole in
 * memory), with its Content-Length when the store knows it. Call after the access checks; FILE_LOAD_FAILED when
 * the blob is gone, 503 STORAGE_UNAVAILABLE (thrown by the store) before any byte when the store is down.
 */
export async function blobDownload(blobs: BlobStore, key: string, reply: FastifyReply): Promise<Readable> {
  const blob = await blobs.getStream(key);
  if (!blob) throw new AppError('FILE_LOAD_FAILED');
  if (blob.size !== undefined) reply.header('content-length', blob.size);
  return blob.stream;
}
