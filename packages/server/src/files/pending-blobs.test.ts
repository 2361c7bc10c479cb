import { randomBytes } from 'node:crypto';
import { apiPath, DOCUMENT_PATHS, isAppError } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../blob/blob-store.js';
import { runDocumentPurge } from '../modules/documents/index.js';
import { samplePdf } from '../testing/document-files.js';
import { blobFiles, COMPANIES, testDraft, uploadParts, useDocumentsSuite } from '../testing/documents.js';
import { testDatabasesAndStorage } from '../testing/test-storage.js';
import { type BlobTarget, discardBlobs, keepBlobs, PENDING_BLOB_GRACE_MS, putBlob } from './pending-blobs.js';

const { sender } = COMPANIES;
const MINUTE = 60_000;

describe.each(testDatabasesAndStorage())('pending blobs on $name, $storage', (backend) => {
  const suite = useDocumentsSuite(backend);
  const db = () => suite.server.services.database.db;
  const pendingKeys = async () =>
    (await db().selectFrom('pending_blobs').select('blob_key').orderBy('blob_key').execute()).map(
      (row) => row.blob_key,
    );
  /** The suite's store, noting for each write whether its key was already recorded as pending. */
  const observed: Array<{ key: string | undefined; recorded: boolean }> = [];
  const target = (at?: Date): BlobTarget => {
    const store = suite.server.services.blobs;
    const seen = async (key: string | undefined) => {
      const row = key
        ? await db()
            .selectFrom('pending_blobs')
            .select('blob_key')
            .where('blob_key', '=', key)
            .executeTakeFirst()
        : undefined;
      observed.push({ key, recorded: row !== undefined });
    };
    const blobs: BlobStore = {
      ...store,
      async put(data, key) {
        await seen(key);
        return store.put(data, key);
      },
      async putStream(source, key) {
        await seen(key);
        return store.putStream(source, key);
      },
    };
    return { db: db(), blobs, clock: () => at ?? suite.clock.now() };
  };
  const purge = (now: Date, pendingBlobGraceMs?: number) =>
    runDocumentPurge(db(), suite.server.services.blobs, now, {
      retentionDays: 30,
      ...(pendingBlobGraceMs === undefined ? {} : { pendingBlobGraceMs }),
    });
  const has = (key: string) => suite.server.services.blobs.has(key);

  it('records the key before any byte is stored; the committing transaction takes the record away', async () => {
    observed.length = 0;
    const bytes = randomBytes(1000);
    const stored = await putBlob(target(), bytes);
    const streamed = await putBlob(
      target(),
      (async function* () {
        yield bytes.subarray(0, 10);
        yield bytes.subarray(10);
      })(),
    );
    // The store was called with the recorded key, once for bytes and once for a stream.
    expect(observed).toEqual([
      { key: stored.key, recorded: true },
      { key: streamed.key, recorded: true },
    ]);
    expect(await pendingKeys()).toEqual([stored.key, streamed.key].sort());
    expect([await has(stored.key), await has(streamed.key)]).toEqual([true, true]);

    // Kept in a transaction that rolls back: still pending.
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await keepBlobs(trx, [stored.key]);
          throw new Error('rolled back');
        }),
    ).rejects.toThrow('rolled back');
    expect(await pendingKeys()).toHaveLength(2);
    await db()
      .transaction()
      .execute((trx) => keepBlobs(trx, [stored.key, streamed.key]));
    expect(await pendingKeys()).toEqual([]);
    // Kept blobs are nobody's to purge, however old.
    expect((await purge(new Date(suite.clock.now().getTime() + 7 * 24 * 60 * MINUTE))).pendingBlobs).toBe(0);
    expect([await has(stored.key), await has(streamed.key)]).toEqual([true, true]);
  });

  it('a write that fails leaves neither bytes nor record; a discarded blob goes with its record', async () => {
    const failing = (async function* () {
      yield randomBytes(100);
      throw new Error('client went away');
    })();
    await expect(putBlob(target(), failing)).rejects.toThrow('client went away');
    expect(await pendingKeys()).toEqual([]);
    expect(await blobFiles(suite)).toEqual([]);

    const stored = await putBlob(target(), randomBytes(100));
    await discardBlobs(target(), [stored.key]);
    expect([await pendingKeys(), await has(stored.key)]).toEqual([[], false]);
  });

  it('an upload commits its files with their records gone; nothing stays pending', async () => {
    const token = await suite.user('sender@example.kz', [sender]);
    const res = await suite.upload(
      token,
      apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin }),
      uploadParts(testDraft(), [{ filename: 'a.pdf', bytes: samplePdf('pending') }]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [file] = await db().selectFrom('document_files').select('blob_key').execute();
    expect(await pendingKeys()).toEqual([]);
    expect(await has(file?.blob_key ?? '')).toBe(true);
  });

  it('the purge deletes a blob pending past the grace period with its record and keeps a young one', async () => {
    const now = suite.clock.now();
    // What a process killed between the write and its commit leaves: bytes, a record, no row.
    const old = await putBlob(
      target(new Date(now.getTime() - PENDING_BLOB_GRACE_MS - MINUTE)),
      randomBytes(64),
    );
    const young = await putBlob(target(new Date(now.getTime() - 10 * MINUTE)), randomBytes(64));
    const round = await purge(now);
    expect([round.pendingBlobs, round.blobsDeleted]).toEqual([1, 1]);
    expect([await has(old.key), await has(young.key)]).toEqual([false, true]);
    expect(await pendingKeys()).toEqual([young.key]);
    expect(await blobFiles(suite)).toEqual([young.key]);

    // The commit that comes too late is refused (the row must not refer to a deleted blob) and rolls back.
    const late = await db()
      .transaction()
      .execute((trx) => keepBlobs(trx, [old.key, young.key]))
      .catch((error: unknown) => error);
    expect(isAppError(late) && late.code).toBe('FILE_SAVE_FAILED');
    expect(await pendingKeys()).toEqual([young.key]);

    // A shorter grace (QOLTANBA_PENDING_BLOB_GRACE_MINUTES) takes the young one too.
    expect((await purge(now, 5 * MINUTE)).pendingBlobs).toBe(1);
    expect([await pendingKeys(), await blobFiles(suite)]).toEqual([[], []]);
  });
});
