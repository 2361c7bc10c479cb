import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3ClientOf } from '../blob/s3-blob-store.js';

/** s3rver's one account. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A real S3-compatible server in this process, on a free port, with its files in a temporary folder. */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** A client of this server (its credentials unless others are given). */
  client(credentials?: { accessKeyId: string; secretAccessKey: string }): S3Client;
  /** Environment that points the server's `QOLTANBA_BLOBS` at this bucket (credentials set on the client). */
  env(prefix?: string): Record<string, string>;
  /** Stops answering (connections refused) until {@link restart}; files stay. */
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Starts s3rver with one bucket. */
export async function startTestS3Server(bucket = 'qoltanba-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'qoltanba-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    running?.httpServer?.closeAllConnections();
    await running?.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const clients: S3Client[] = [];
  return {
    endpoint,
    bucket,
    client(credentials = S3_TEST_CREDENTIALS) {
      const client = s3ClientOf(
        { kind: 's3', bucket, prefix: '', endpoint, region: 'us-east-1', forcePathStyle: true },
        { credentials },
      );
      clients.push(client);
      return client;
    },
    env(prefix = 'files') {
      return {
        QOLTANBA_BLOBS: `s3://${bucket}/${prefix}`,
        QOLTANBA_S3_ENDPOINT: endpoint,
        QOLTANBA_S3_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      };
    },
    stop,
    restart: start,
    async close() {
      for (const client of clients) client.destroy();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
