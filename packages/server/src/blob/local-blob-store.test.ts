import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.js';
import { createLocalBlobStore, isBlobKey, removeStaleBlobTempFiles } from './local-blob-store.js';

describe('local blob store', () => {
  let base: string;
  let root: string;
  let store: BlobStore;

  beforeEach(async () => {
    base = await mkdtemp(join(tmpdir(), 'qoltanba-blobs-'));
    root = join(base, 'blobs');
    store = createLocalBlobStore(root);
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('stores, reads back and deletes bytes', async () => {
    const data = new TextEncoder().encode('%PDF-1.7 hello');
    const stored = await store.put(data);
    expect(stored.size).toBe(data.byteLength);
    expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(await store.has(stored.key)).toBe(true);
    expect(await store.get(stored.key)).toEqual(data);
    expect(await store.delete(stored.key)).toBe(true);
    expect(await store.get(stored.key)).toBeUndefined();
    expect(await store.has(stored.key)).toBe(false);
    expect(await store.delete(stored.key)).toBe(false);
  });

  it('streams bytes into a blob, hashing and counting them on the way', async () => {
    const parts = [new Uint8Array([1, 2, 3]), new Uint8Array(70_000).fill(7), new Uint8Array([9])];
    async function* source() {
      for (const part of parts) yield part;
    }
    const stored = await store.putStream(source());
    const all = Buffer.concat(parts);
    expect(stored.size).toBe(all.byteLength);
    expect(stored.sha256).toBe(createHash('sha256').update(all).digest('hex'));
    expect(Buffer.from((await store.get(stored.key)) ?? [])).toEqual(all);
    expect(isBlobKey(stored.key)).toBe(true);
  });

  it('keeps nothing when the source fails midway, and rejects with its error', async () => {
    async function* failing() {
      yield new Uint8Array(100_000);
      throw new Error('client went away');
    }
    await expect(store.putStream(failing())).rejects.toThrow('client went away');
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    expect(entries.filter((entry) => entry.isFile())).toEqual([]);
  });

  it('keeps nothing when the source fails before the file has even opened', async () => {
    // The first read fails at once: the write stream is destroyed while its open is still pending.
    for (let round = 0; round < 20; round++) {
      const failingAtOnce: AsyncIterable<Uint8Array> = {
        [Symbol.asyncIterator]: () => ({
          next: () => Promise.reject(new Error('refused at the first byte')),
        }),
      };
      await expect(store.putStream(failingAtOnce)).rejects.toThrow('refused at the first byte');
    }
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    expect(entries.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  });

  it('writes incomplete files to its temporary folder and leaves nothing there', async () => {
    const tempDir = join(base, 'tmp');
    await mkdir(tempDir);
    const withTemp = createLocalBlobStore(root, { tempDir });
    let seen: string[] = [];
    async function* failing() {
      yield new Uint8Array(100_000);
      for (let i = 0; i < 200 && seen.length === 0; i += 1) {
        seen = await readdir(tempDir);
        if (seen.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error('client went away');
    }
    await expect(withTemp.putStream(failing())).rejects.toThrow('client went away');
    expect(seen).toHaveLength(1);
    const stored = await withTemp.put(new Uint8Array([1]));
    expect(await withTemp.get(stored.key)).toEqual(new Uint8Array([1]));
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('sweeps old temporary files that earlier versions left beside the blobs, and only those', async () => {
    const { key } = await store.put(new Uint8Array([1]));
    const folder = join(root, key.slice(0, 2));
    const old = join(folder, '.AAAAAAAAAAAAAAAAAAAAAA.tmp');
    const young = join(folder, '.BBBBBBBBBBBBBBBBBBBBBB.tmp');
    await writeFile(old, 'x');
    await writeFile(young, 'x');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    await utimes(old, dayAgo, dayAgo);
    expect(await removeStaleBlobTempFiles(root, 24 * 60 * 60_000)).toBe(1);
    expect((await readdir(folder)).sort()).toEqual(['.BBBBBBBBBBBBBBBBBBBBBB.tmp', key].sort());
    expect(await store.get(key)).toEqual(new Uint8Array([1]));
  });

  it('generates a fresh random key per put, even for identical content', async () => {
    const data = new Uint8Array([1, 2, 3]);
    const keys = await Promise.all(Array.from({ length: 20 }, () => store.put(data).then((s) => s.key)));
    expect(new Set(keys).size).toBe(20);
    for (const key of keys) expect(isBlobKey(key)).toBe(true);
  });

  it('keeps files under its root only, and leaves no temporary files', async () => {
    const { key } = await store.put(new Uint8Array([9]));
    const entries = await readdir(root, { recursive: true });
    expect(entries.sort()).toEqual([key.slice(0, 2), join(key.slice(0, 2), key)].sort());
  });

  it('never reads or deletes outside its root, whatever the key', async () => {
    const secret = join(base, 'secret.txt');
    await writeFile(secret, 'top secret');
    const { key } = await store.put(new Uint8Array([1]));
    const attacks = [
      '../secret.txt',
      '..%2fsecret.txt',
      `${key.slice(0, 2)}/../../secret.txt`,
      '/etc/passwd',
      '..\\secret.txt',
      'secret.txt',
      '',
      `${key}/`,
      `${key}\0`,
    ];
    for (const attack of attacks) {
      expect(await store.get(attack)).toBeUndefined();
      expect(await store.has(attack)).toBe(false);
      expect(await store.delete(attack)).toBe(false);
    }
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), async (attack) => {
        if (attack === key) return;
        expect(await store.get(attack)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
    expect(await store.get(key)).toEqual(new Uint8Array([1]));
  });
});
