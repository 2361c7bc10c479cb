import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { COMPANIES, documentPaths, useDocumentsSuite } from '../testing/documents.js';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';
import { createTestApp } from '../testing/test-app.js';
import { testDatabases } from '../testing/test-databases.js';

let s3: TestS3Server;
// Filled before the suite's server starts (the hooks run in the order they were registered).
const env: Record<string, string> = {};
beforeAll(async () => {
  s3 = await startTestS3Server();
  Object.assign(env, s3.env('prod'));
  // The AWS SDK reads its credentials from the process environment, as in production.
  vi.stubEnv('AWS_ACCESS_KEY_ID', env.AWS_ACCESS_KEY_ID ?? '');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', env.AWS_SECRET_ACCESS_KEY ?? '');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3?.close();
});

describe.each(testDatabases())(
  'the server on S3 object storage (QOLTANBA_BLOBS=s3://...) on $name',
  (backend) => {
    const suite = useDocumentsSuite(backend, { env });

    const objects = async () => {
      const listed = await s3.client().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'prod/' }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    };

    it('keeps uploads in the bucket under the prefix, none on disk, and serves them back', async () => {
      const token = await suite.user('s3@example.kz', [COMPANIES.sender]);
      const before = await objects();
      const document = await suite.create(token, COMPANIES.sender.bin);
      const after = await objects();
      expect(after.length).toBe(before.length + 1);
      const fileId = (document.files as Array<{ id: number }>)[0]?.id ?? 0;
      const download = await suite.request(
        token,
        'GET',
        documentPaths(COMPANIES.sender.bin, document.id).file(fileId),
      );
      expect(download.statusCode).toBe(200);
      expect(download.body).toContain('%PDF-1.4');
      const onDisk = await readdir(join(suite.server.config.dataDir, 'blobs')).catch(() => []);
      expect(onDisk).toEqual([]);
    });

    it('answers 503 STORAGE_UNAVAILABLE while the store is down, loses nothing, and is not ready', async () => {
      const token = await suite.user('down@example.kz', [COMPANIES.sender]);
      const kept = await suite.create(token, COMPANIES.sender.bin);
      const paths = documentPaths(COMPANIES.sender.bin, kept.id);
      const fileId = (kept.files as Array<{ id: number }>)[0]?.id ?? 0;
      const countBefore = await objects();
      await s3.stop();
      try {
        const ready = await suite.server.app.inject({ method: 'GET', url: '/readyz' });
        expect([ready.statusCode, ready.json()]).toEqual([
          503,
          { status: 'unavailable', database: 'ok', storage: 'unavailable' },
        ]);
        const refused = await suite
          .create(token, COMPANIES.sender.bin)
          .then(() => 'created')
          .catch((error: Error) => error.message);
        expect(refused).toMatch(/^create: 503 .*STORAGE_UNAVAILABLE/);
        const download = await suite.request(token, 'GET', `${paths.file(fileId)}?lang=en`);
        expect(download.statusCode).toBe(503);
        expect(download.json()).toMatchObject({ code: 'STORAGE_UNAVAILABLE' });
        expect(download.headers['retry-after']).toBe('5');
      } finally {
        await s3.restart();
      }
      // The refused upload left neither a document nor an object; the kept one is whole.
      const documents = await suite.server.services.database.db
        .selectFrom('documents')
        .select('id')
        .execute();
      expect(documents).toEqual([{ id: kept.id }]);
      expect(await objects()).toEqual(countBefore);
      expect((await suite.request(token, 'GET', paths.file(fileId))).statusCode).toBe(200);
      const ready = await suite.server.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    });

    it('serves a file uploaded through one instance from another on the same database and bucket', async () => {
      const token = await suite.user('two@example.kz', [COMPANIES.sender]);
      const document = await suite.create(token, COMPANIES.sender.bin);
      const fileId = (document.files as Array<{ id: number }>)[0]?.id ?? 0;
      // Its own S3 client, from the same configuration; the session and the rows are in the shared database.
      const other = await createApp(suite.server.config, {
        database: suite.server.services.database,
        clock: suite.clock.now,
        logStream: { write: () => undefined },
      });
      try {
        expect(other.services.blobs).not.toBe(suite.server.services.blobs);
        const download = await other.app.inject({
          method: 'GET',
          url: documentPaths(COMPANIES.sender.bin, document.id).file(fileId),
          headers: { authorization: `Bearer ${token}` },
        });
        expect(download.statusCode).toBe(200);
        expect(download.body).toContain('%PDF-1.4');
      } finally {
        await other.close();
      }
    });
  },
);

describe('the server configured for S3', () => {
  it('refuses to start on a missing bucket, naming it', async () => {
    await expect(
      createTestApp({ env: { ...env, QOLTANBA_BLOBS: 's3://no-such-bucket/prod' } }),
    ).rejects.toThrow('the bucket "no-such-bucket" does not exist');
  });
});
