import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Deferred, deferred } from '../testing/deferred.js';
import { COMPANIES, documentPaths, useDocumentsSuite } from '../testing/documents.js';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';
import { openTestPGlite } from '../testing/test-databases.js';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore } from './local-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

const MiB = 1024 * 1024;

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3?.close();
});

/**
 * The store of the suite, watched: counts whole reads and stream reads, and can hold a stream after its first
 * `holdAfter` bytes until `gate` opens (so a test can see bytes reach the client before the store was read to the end).
 */
function watched(make: () => BlobStore) {
  let inner: BlobStore | undefined;
  const store = () => {
    inner ??= make();
    return inner;
  };
  const state = {
    wholeReads: 0,
    streamReads: 0,
    holdAfter: 0,
    gate: undefined as Deferred | undefined,
    read: 0,
  };
  async function* held(source: Readable, gate: Deferred) {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      if (state.read >= state.holdAfter) await gate.promise;
      state.read += chunk.byteLength;
      yield chunk;
    }
  }
  const blobs: BlobStore = {
    put: (data, key) => store().put(data, key),
    putStream: (source, key) => store().putStream(source, key),
    async get(key) {
      state.wholeReads += 1;
      return store().get(key);
    },
    async getStream(key) {
      state.streamReads += 1;
      const blob = await store().getStream(key);
      if (!blob || !state.gate) return blob;
      return { ...blob, stream: Readable.from(held(blob.stream, state.gate)) };
    },
    has: (key) => store().has(key),
    delete: (key) => store().delete(key),
  };
  return { blobs, state };
}

/** Sends a GET and answers the response as soon as its head arrives. */
function get(url: string, token: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { authorization: `Bearer ${token}` } }, resolve)
      .on('error', reject)
      .end();
  });
}

const backends: Array<[string, (dataDir: () => string) => BlobStore]> = [
  ['local disk', (dataDir) => createLocalBlobStore(`${dataDir()}/blobs`)],
  [
    'S3 (s3rver)',
    () => createS3BlobStore({ client: s3.client(), bucket: s3.bucket, prefix: 'stream/', partSize: 5 * MiB }),
  ],
];

describe.each(backends)('file downloads stream from the blob store on %s', (_name, make) => {
  const watch = watched(() => make(() => suite.server.config.dataDir));
  const suite = useDocumentsSuite({ name: 'pglite', open: openTestPGlite }, { app: { blobs: watch.blobs } });
  let origin = '';
  beforeAll(async () => {
    await suite.server.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(suite.server.app.server.address() as AddressInfo).port}`;
  });

  it('sends a file of several MB (4.5 MiB, near the limit) as it is read, after the access check, whole and with its length', async () => {
    const token = await suite.user('big@example.kz', [COMPANIES.sender]);
    const bytes = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.alloc(4.5 * MiB, 'q'),
      Buffer.from('\n%%EOF\n'),
    ]);
    const document = await suite.create(token, COMPANIES.sender.bin, undefined, [
      { filename: 'big.pdf', bytes },
    ]);
    const fileId = (document.files as Array<{ id: number }>)[0]?.id ?? 0;
    const url = `${origin}${documentPaths(COMPANIES.sender.bin, document.id).file(fileId)}`;

    // Someone outside the company is refused before the store is opened.
    const outsider = await suite.user('outsider@example.kz', [COMPANIES.outsider]);
    const before = watch.state.streamReads;
    const refused = await get(url, outsider);
    refused.resume();
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(watch.state.streamReads).toBe(before);

    watch.state.wholeReads = 0;
    watch.state.read = 0;
    watch.state.holdAfter = MiB;
    watch.state.gate = deferred();
    const response = await get(url, token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(bytes.byteLength));
    const hash = createHash('sha256');
    let received = 0;
    let releasedAt: number | undefined;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      hash.update(chunk);
      received += chunk.byteLength;
      // Bytes reached the client while the store still held the rest back: nothing waited for the whole file.
      if (releasedAt === undefined && received >= MiB / 2) {
        expect(watch.state.read).toBeLessThan(bytes.byteLength);
        releasedAt = received;
        watch.state.gate.resolve();
      }
    }
    watch.state.gate = undefined;
    expect(releasedAt).toBeDefined();
    expect(received).toBe(bytes.byteLength);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(watch.state.wholeReads).toBe(0);
  }, 60_000);

  it('answers FILE_LOAD_FAILED, not a broken stream, when the blob is gone', async () => {
    const token = await suite.user('gone@example.kz', [COMPANIES.sender]);
    const document = await suite.create(token, COMPANIES.sender.bin);
    const file = (document.files as Array<{ id: number }>)[0];
    const row = await suite.server.services.database.db
      .selectFrom('document_files')
      .select('blob_key')
      .where('id', '=', file?.id ?? 0)
      .executeTakeFirstOrThrow();
    await watch.blobs.delete(row.blob_key ?? '');
    const response = await suite.request(
      token,
      'GET',
      `${documentPaths(COMPANIES.sender.bin, document.id).file(file?.id ?? 0)}?lang=en`,
    );
    expect(response.json()).toMatchObject({ code: 'FILE_LOAD_FAILED' });
  });
});
