import { randomBytes } from 'node:crypto';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll } from 'vitest';
import type { BlobsConfig } from '../blob/blob-env.js';
import { s3ClientOf } from '../blob/s3-blob-store.js';
import { startTestS3Server, type TestS3Server } from './s3-server.js';
import { type TestBackend, testDatabases } from './test-databases.js';

/** Where a suite's server keeps files: its data folder, or a bucket of an s3rver started for the test file. */
export type TestStorageKind = 'disk' | 's3';

/** A database backend plus the blob store the suite's server uses on it (see {@link testDatabasesAndStorage}). */
export interface TestStorageBackend extends TestBackend {
  storage: TestStorageKind;
  /** `QOLTANBA_BLOBS` and friends for the server; filled before the suite's server starts. */
  storageEnv: Record<string, string>;
}

/**
 * The backends of a suite that must hold on object storage as on disk: every database of {@link testDatabases} on
 * disk, plus the last one (PostgreSQL when TEST_DATABASE_URL is set, as in production) on S3, an s3rver started
 * for the file. One extra run per suite, not a doubled suite. Call at a test file's top level (it registers the
 * s3rver's hooks): `describe.each(testDatabasesAndStorage())('... on $name, $storage', ...)`.
 */
export function testDatabasesAndStorage(
  env: Record<string, string | undefined> = process.env,
): TestStorageBackend[] {
  const databases = testDatabases(env);
  const onS3: Record<string, string> = {};
  let server: TestS3Server | undefined;
  const credentials: Record<string, string | undefined> = {};
  beforeAll(async () => {
    server = await startTestS3Server();
    Object.assign(onS3, server.env(`suite-${randomBytes(4).toString('hex')}`));
    // The AWS SDK reads its credentials from the process environment, as in production; put back afterwards.
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) {
      credentials[name] = process.env[name];
      process.env[name] = onS3[name];
    }
  });
  afterAll(async () => {
    for (const [name, value] of Object.entries(credentials)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await server?.close();
  });
  const last = databases[databases.length - 1];
  return [
    ...databases.map((database) => ({ ...database, storage: 'disk' as const, storageEnv: {} })),
    ...(last ? [{ ...last, storage: 's3' as const, storageEnv: onS3 }] : []),
  ];
}

type S3Blobs = Extract<BlobsConfig, { kind: 's3' }>;

/** Keys (without the prefix) of every object under the configured prefix. */
export async function s3BlobKeys(config: S3Blobs): Promise<string[]> {
  const client = s3ClientOf(config);
  try {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const listed = await client.send(
        new ListObjectsV2Command({ Bucket: config.bucket, Prefix: config.prefix, ContinuationToken: token }),
      );
      for (const object of listed.Contents ?? []) keys.push((object.Key ?? '').slice(config.prefix.length));
      token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
    } while (token);
    return keys;
  } finally {
    client.destroy();
  }
}

/** Deletes every object under the configured prefix (a suite's files between its tests). */
export async function emptyS3Blobs(config: S3Blobs): Promise<void> {
  const keys = await s3BlobKeys(config);
  if (keys.length === 0) return;
  const client = s3ClientOf(config);
  try {
    await client.send(
      new DeleteObjectsCommand({
        Bucket: config.bucket,
        Delete: { Objects: keys.map((key) => ({ Key: `${config.prefix}${key}` })) },
      }),
    );
  } finally {
    client.destroy();
  }
}
