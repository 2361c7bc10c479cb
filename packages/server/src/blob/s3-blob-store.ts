import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { BlobsConfig } from './blob-env.js';
import { type BlobStore, BlobStoreUnavailableError, isBlobKey, keyToWrite } from './blob-store.js';

/** Options of {@link createS3BlobStore}. */
export interface S3BlobStoreOptions {
  client: S3Client;
  bucket: string;
  /** Prefix of every object key ('' or ending in '/'). */
  prefix: string;
  /** Bytes per part of a multipart upload (at least 5 MiB, S3's minimum); 8 MiB by default. */
  partSize?: number;
}

/** A blob store that can tell, at start-up, why it cannot be used. */
export interface CheckedBlobStore extends BlobStore {
  /** Throws an Error saying what is wrong (no such bucket, credentials refused, unreachable); resolves when usable. */
  check(): Promise<void>;
  /** Releases the client's sockets. */
  close(): void;
}

const PART_SIZE = 8 * 1024 * 1024;

/** The S3 client of `config`: credentials from the AWS SDK's own chain (environment, profile, instance role). */
export function s3ClientOf(
  config: Extract<BlobsConfig, { kind: 's3' }>,
  extra: S3ClientConfig = {},
): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    // A store that does not answer fails the request (503) instead of holding it.
    requestHandler: { connectionTimeout: 3000, requestTimeout: 60_000 },
    maxAttempts: 2,
    ...extra,
  });
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
const nameOf = (error: unknown) => (error as { name?: string } | undefined)?.name;

function isMissing(error: unknown): boolean {
  return statusOf(error) === 404 || nameOf(error) === 'NoSuchKey' || nameOf(error) === 'NotFound';
}

/** Every failure of the store (unreachable, 5xx, credentials refused) answers 503; the caller's transaction rolls back. */
function unavailable(error: unknown): never {
  throw new BlobStoreUnavailableError(error);
}

/**
 * A {@link BlobStore} on S3-compatible object storage: objects `<prefix><key>` in `bucket`, keys made here as on
 * disk. Stream uploads go up in parts (lib-storage's multipart upload, a few parts in memory at a time) and are
 * aborted when the source fails, so no object appears for an upload that did not finish.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): CheckedBlobStore {
  const { client, bucket, prefix } = options;
  const objectKey = (key: string) => `${prefix}${key}`;

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      return unavailable(error);
    }
  }

  return {
    async put(data, wanted) {
      const key = keyToWrite(wanted);
      const sha256 = createHash('sha256').update(data).digest('hex');
      await client
        .send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Body: data,
            ContentLength: data.byteLength,
          }),
        )
        .catch(unavailable);
      return { key, size: data.byteLength, sha256 };
    },

    async putStream(source, wanted) {
      const key = keyToWrite(wanted);
      const hash = createHash('sha256');
      let size = 0;
      let sourceError: { error: unknown } | undefined;
      async function* counted() {
        try {
          for await (const chunk of source) {
            hash.update(chunk);
            size += chunk.byteLength;
            yield chunk;
          }
        } catch (error) {
          sourceError = { error };
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: Readable.from(counted()) },
        partSize: Math.max(5 * 1024 * 1024, options.partSize ?? PART_SIZE),
        queueSize: 2,
        // A failed upload leaves no parts behind (lib-storage aborts the multipart upload).
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        if (sourceError) throw sourceError.error;
        return unavailable(error);
      }
      if (sourceError) {
        // The source failed after the last part went up: the object must not stay.
        await client
          .send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
          .catch(() => undefined);
        throw sourceError.error;
      }
      return { key, size, sha256: hash.digest('hex') };
    },

    async get(key) {
      if (!isBlobKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        if (!object.Body) return undefined;
        return await object.Body.transformToByteArray();
      } catch (error) {
        if (isMissing(error)) return undefined;
        return unavailable(error);
      }
    },

    async getStream(key) {
      if (!isBlobKey(key)) return undefined;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        // In Node the SDK's body is the response's own stream: bytes are passed on as they arrive.
        if (!(object.Body instanceof Readable)) return undefined;
        return object.ContentLength === undefined
          ? { stream: object.Body }
          : { stream: object.Body, size: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return undefined;
        return unavailable(error);
      }
    },

    async has(key) {
      return isBlobKey(key) && exists(key);
    },

    async delete(key) {
      if (!isBlobKey(key) || !(await exists(key))) return false;
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) })).catch(unavailable);
      return true;
    },

    async ready() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }), {
          abortSignal: AbortSignal.timeout(2000),
        });
        return true;
      } catch {
        return false;
      }
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 404 || nameOf(error) === 'NoSuchBucket' || nameOf(error) === 'NotFound') {
          throw new Error(
            `QOLTANBA_BLOBS: the bucket "${bucket}" does not exist (create it, or fix the name)`,
          );
        }
        if (status === 403 || status === 401) {
          throw new Error(
            `QOLTANBA_BLOBS: the object store refused the credentials for bucket "${bucket}" (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, and the bucket policy)`,
          );
        }
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`QOLTANBA_BLOBS: cannot reach the object store for bucket "${bucket}": ${reason}`);
      }
    },

    close() {
      client.destroy();
    },
  };
}
