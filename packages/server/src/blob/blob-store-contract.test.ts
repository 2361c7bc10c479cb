import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../testing/s3-server.js';
import { type BlobStore, BlobStoreUnavailableError } from './blob-store.js';
import { createLocalBlobStore, isBlobKey } from './local-blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

/** A store under test and a look at everything it keeps (file or object names). */
interface Subject {
  store: BlobStore;
  stored(): Promise<string[]>;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const subjects: Array<[string, () => Promise<Subject>]> = [
  [
    'local disk',
    async () => {
      const root = await mkdtemp(join(tmpdir(), 'qoltanba-contract-'));
      await mkdir(join(root, 'tmp'));
      return {
        store: createLocalBlobStore(join(root, 'blobs'), { tempDir: join(root, 'tmp') }),
        async stored() {
          const entries = await readdir(join(root, 'blobs'), { recursive: true, withFileTypes: true }).catch(
            () => [],
          );
          return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
        },
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const client = s3.client();
      const prefix = `contract-${Math.random().toString(36).slice(2)}/`;
      return {
        store: createS3BlobStore({ client, bucket: s3.bucket, prefix, partSize: 5 * MiB }),
        async stored() {
          const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
          return (listed.Contents ?? []).map((object) => (object.Key ?? '').slice(prefix.length));
        },
        close: async () => undefined,
      };
    },
  ],
];

describe.each(subjects)('the blob store contract on %s', (_name, make) => {
  let subject: Subject;
  beforeAll(async () => {
    subject = await make();
  });
  afterAll(async () => {
    await subject.close();
  });

  it('stores, reads back and deletes bytes, with their size and SHA-256', async () => {
    const { store } = subject;
    const data = new TextEncoder().encode('%PDF-1.7 hello');
    const stored = await store.put(data);
    expect(isBlobKey(stored.key)).toBe(true);
    expect(stored.size).toBe(data.byteLength);
    expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(await store.has(stored.key)).toBe(true);
    expect(await store.get(stored.key)).toEqual(data);
    expect(await store.delete(stored.key)).toBe(true);
    expect(await store.get(stored.key)).toBeUndefined();
    expect(await store.has(stored.key)).toBe(false);
    expect(await store.delete(stored.key)).toBe(false);
  });

  it('streams a body larger than two parts into one blob, hashing and counting it on the way', async () => {
    const parts = Array.from({ length: 12 }, (_, index) => new Uint8Array(MiB).fill(index + 1));
    async function* source() {
      for (const part of parts) yield part;
    }
    const stored = await subject.store.putStream(source());
    const all = Buffer.concat(parts);
    expect(stored.size).toBe(all.byteLength);
    expect(stored.sha256).toBe(createHash('sha256').update(all).digest('hex'));
    const back = await subject.store.get(stored.key);
    expect(
      createHash('sha256')
        .update(back ?? new Uint8Array())
        .digest('hex'),
    ).toBe(stored.sha256);
    const streamed = await subject.store.getStream(stored.key);
    const streamHash = createHash('sha256');
    let streamedSize = 0;
    for await (const chunk of streamed?.stream ?? []) {
      streamHash.update(chunk as Buffer);
      streamedSize += (chunk as Buffer).byteLength;
    }
    expect([streamed?.size, streamedSize, streamHash.digest('hex')]).toEqual([
      all.byteLength,
      all.byteLength,
      stored.sha256,
    ]);
    expect(await subject.store.delete(stored.key)).toBe(true);
    expect(await subject.store.getStream(stored.key)).toBeUndefined();
  });

  it('keeps nothing when the source fails, early or after several parts, and rejects with its error', async () => {
    const before = await subject.stored();
    async function* failingLate() {
      for (let part = 0; part < 11; part++) yield new Uint8Array(MiB);
      throw new Error('client went away');
    }
    async function* failingEarly() {
      yield new Uint8Array(10);
      throw new Error('too large');
    }
    await expect(subject.store.putStream(failingLate())).rejects.toThrow('client went away');
    await expect(subject.store.putStream(failingEarly())).rejects.toThrow('too large');
    expect(await subject.stored()).toEqual(before);
  });

  it('answers nothing for keys it could not have issued, and a fresh key per put', async () => {
    const { store } = subject;
    const { key } = await store.put(new Uint8Array([1]));
    for (const attack of ['../secret.txt', `${key}/`, '', 'x'.repeat(22), `${key.slice(0, 21)}.`]) {
      expect(await store.get(attack)).toBeUndefined();
      expect(await store.getStream(attack)).toBeUndefined();
      expect(await store.has(attack)).toBe(false);
      expect(await store.delete(attack)).toBe(false);
    }
    const keys = await Promise.all(Array.from({ length: 10 }, () => store.put(new Uint8Array([1]))));
    expect(new Set([key, ...keys.map((stored) => stored.key)]).size).toBe(11);
  });
});

describe('the S3 blob store', () => {
  it('says at start-up what is wrong: a missing bucket, refused credentials', async () => {
    const missing = createS3BlobStore({ client: s3.client(), bucket: 'no-such-bucket', prefix: '' });
    await expect(missing.check()).rejects.toThrow('the bucket "no-such-bucket" does not exist');
    const refused = createS3BlobStore({
      // s3rver checks the key id, not SigV4 signatures: an unknown key id is what it refuses.
      client: s3.client({ accessKeyId: 'NOBODY', secretAccessKey: 'wrong' }),
      bucket: s3.bucket,
      prefix: '',
    });
    await expect(refused.check()).rejects.toThrow('refused the credentials');
    const good = createS3BlobStore({ client: s3.client(), bucket: s3.bucket, prefix: '' });
    await expect(good.check()).resolves.toBeUndefined();
  });

  it('fails every operation as unavailable while the store is down, is not ready, and keeps what it had', async () => {
    const store = createS3BlobStore({ client: s3.client(), bucket: s3.bucket, prefix: 'down/' });
    const kept = await store.put(new Uint8Array([7, 7]));
    expect(await store.ready?.()).toBe(true);
    await s3.stop();
    try {
      expect(await store.ready?.()).toBe(false);
      await expect(store.put(new Uint8Array([1]))).rejects.toBeInstanceOf(BlobStoreUnavailableError);
      await expect(store.get(kept.key)).rejects.toBeInstanceOf(BlobStoreUnavailableError);
      await expect(store.getStream(kept.key)).rejects.toBeInstanceOf(BlobStoreUnavailableError);
      await expect(store.has(kept.key)).rejects.toBeInstanceOf(BlobStoreUnavailableError);
      await expect(store.delete(kept.key)).rejects.toBeInstanceOf(BlobStoreUnavailableError);
      async function* body() {
        yield new Uint8Array(100);
      }
      await expect(store.putStream(body())).rejects.toBeInstanceOf(BlobStoreUnavailableError);
      await expect(store.check()).rejects.toThrow('cannot reach the object store');
    } finally {
      await s3.restart();
    }
    expect(await store.ready?.()).toBe(true);
    expect(await store.get(kept.key)).toEqual(new Uint8Array([7, 7]));
  });
});
