import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlobStore } from '../../blob/blob-store.js';
import { createLocalBlobStore } from '../../blob/local-blob-store.js';
import { openPostgres } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { testClock } from '../../testing/accounts.js';
import { deferred } from '../../testing/deferred.js';
import { sampleDocx } from '../../testing/document-files.js';
import { blobFiles, COMPANIES, documentPaths, useDocumentsSuite } from '../../testing/documents.js';
import { createTestApp } from '../../testing/test-app.js';
import { openTestPostgres } from '../../testing/test-databases.js';
import { testDatabasesAndStorage } from '../../testing/test-storage.js';
import { usedStorage } from './company-counters.js';
import { DOCUMENTS_PURGE_FIRST_DELAY_MS } from './documents-module.js';
import { runDocumentPurge } from './trash-purge.js';

const { sender, signer } = COMPANIES;
const DAY = 24 * 3600;
const RETENTION = { retentionDays: 30 };

describe.each(testDatabasesAndStorage())('trash purge on $name, $storage', (backend) => {
  const suite = useDocumentsSuite(backend);
  const db = () => suite.server.services.database.db;
  const purge = () => runDocumentPurge(db(), suite.server.services.blobs, suite.clock.now(), RETENTION);

  it("ends only the trashing company's participation when its retention is over", async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const bob = await suite.user('bob@example.kz', [signer]);
    const { id } = await suite.create(alice, sender.bin);
    await suite.request(alice, 'POST', documentPaths(sender.bin, id).send);
    await suite.request(bob, 'POST', documentPaths(signer.bin, id).trash);
    suite.clock.advance(30 * DAY - 60);
    expect(await purge()).toMatchObject({ ran: true, participations: 0, documents: 0 });
    suite.clock.advance(120);
    expect(await purge()).toMatchObject({ ran: true, participations: 1, documents: 0, blobsDeleted: 0 });
    const [a, b] = [await suite.login('alice@example.kz'), await suite.login('bob@example.kz')];
    expect((await suite.request(b, 'GET', documentPaths(signer.bin, id).document)).statusCode).toBe(404);
    expect((await suite.request(a, 'GET', documentPaths(sender.bin, id).document)).statusCode).toBe(200);
    expect(await blobFiles(suite)).toHaveLength(1);
  });

  it('deletes a document with its rows, blobs and quota once no participant is left', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    await suite.user('bob@example.kz', [signer]);
    const draft = await suite.create(alice, sender.bin, undefined, [
      { filename: 'a.docx', bytes: sampleDocx() },
    ]);
    const sent = await suite.create(alice, sender.bin);
    await suite.request(alice, 'POST', documentPaths(sender.bin, sent.id).send);
    await suite.request(alice, 'POST', documentPaths(sender.bin, draft.id).trash);
    await suite.request(alice, 'POST', documentPaths(sender.bin, sent.id).trash);
    suite.clock.advance(10 * DAY);
    const trashed = await suite.request(
      await suite.login('bob@example.kz'),
      'POST',
      documentPaths(signer.bin, sent.id).trash,
    );
    expect(trashed.json().status).toBe('TRASH');
    suite.clock.advance(20 * DAY + 60);
    // The draft had only its sender; the sent document still has the signer for ten more days.
    expect(await purge()).toMatchObject({ participations: 2, documents: 1, blobsDeleted: 1 });
    expect((await db().selectFrom('documents').select('id').execute()).map((row) => row.id)).toEqual([
      sent.id,
    ]);
    expect(
      await db().selectFrom('document_history').select('id').where('document_id', '=', draft.id).execute(),
    ).toEqual([]);
    expect(await usedStorage(db(), sender.bin)).toBe((sent.files as Array<{ size: number }>)[0]?.size);
    suite.clock.advance(10 * DAY);
    expect(await purge()).toMatchObject({ participations: 1, documents: 1, blobsDeleted: 1 });
    expect(await db().selectFrom('documents').select('id').execute()).toEqual([]);
    expect(await blobFiles(suite)).toEqual([]);
    expect(await usedStorage(db(), sender.bin)).toBe(0);
    expect(await purge()).toMatchObject({ participations: 0, documents: 0, blobsDeleted: 0 });
  });

  it('drops uploads abandoned over an hour ago and previews no file needs, with their blobs', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const { id } = await suite.create(alice, sender.bin);
    const { blobs } = suite.server.services;
    const abandoned = await blobs.put(new Uint8Array([1, 2, 3]));
    const preview = await blobs.put(new Uint8Array([4]));
    await db()
      .insertInto('document_files')
      .values({
        document_id: id,
        state: 'UPLOADING',
        name: '',
        blob_key: abandoned.key,
        uploaded_at: suite.clock.now(),
      })
      .execute();
    await db()
      .insertInto('document_previews')
      .values({ sha256: 'f'.repeat(64), blob_key: preview.key, size: 1, created_at: suite.clock.now() })
      .execute();
    expect(await purge()).toMatchObject({ staleUploads: 0, previews: 1, blobsDeleted: 1 });
    suite.clock.advance(3601);
    expect(await purge()).toMatchObject({ staleUploads: 1, blobsDeleted: 1 });
    expect(await blobs.has(abandoned.key)).toBe(false);
    expect(await blobFiles(suite)).toHaveLength(1);
  });
});

describe('the purge job of the documents module', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs in the background with the injected clock and logs what it removed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = testClock();
    const server = await createTestApp({
      clock: clock.now,
      env: { QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: '5' },
    });
    try {
      await vi.advanceTimersByTimeAsync(DOCUMENTS_PURGE_FIRST_DELAY_MS);
      for (let i = 0; i < 100 && !server.logs.some((line) => line.includes('documents purge done')); i += 1) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(server.logRecords().find((entry) => entry.msg === 'documents purge done')).toMatchObject({
        job: 'documents-purge',
        participations: 0,
      });
    } finally {
      await server.close();
    }
  });
});

/** Seeds `count` drafts of the sender, trashed long ago, each with one file blob. */
async function seedTrashedDrafts(
  db: Kysely<Database>,
  blobs: BlobStore,
  count: number,
  at: Date,
): Promise<string[]> {
  const keys: string[] = [];
  for (let n = 1; n <= count; n += 1) {
    const blob = await blobs.put(new TextEncoder().encode(`%PDF-1.4 ${n}`));
    keys.push(blob.key);
    const { id } = await db
      .insertInto('documents')
      .values({
        sender_bin: sender.bin,
        sender_name_ru: sender.nameRu,
        sender_name_kk: null,
        number: n,
        name: `Черновик ${n}`,
        status: 'DRAFT',
        signing_method: 'PARALLEL',
        creator_id: randomUUID(),
        search_text: '',
        rejected_by: null,
        rejection_reason: null,
        rejected_at: null,
        copied_from: null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('document_participants')
      .values({
        document_id: id,
        company_bin: sender.bin,
        role: 'sender',
        folder_id: null,
        trashed_at: at,
        signed_at: null,
        doc_status: 'DRAFT',
        doc_number: n,
        doc_name: `Черновик ${n}`,
        doc_created_at: at,
        doc_updated_at: at,
      })
      .execute();
    await db
      .insertInto('document_files')
      .values({
        document_id: id,
        state: 'READY',
        name: 'a.pdf',
        format: 'pdf',
        size: 10,
        sha256: 'a'.repeat(64),
        blob_key: blob.key,
        uploaded_at: at,
      })
      .execute();
  }
  return keys;
}

/** A blob store that counts deletions per key. */
function countingStore(inner: BlobStore, deletions: Map<string, number>): BlobStore {
  return {
    ...inner,
    async delete(key) {
      deletions.set(key, (deletions.get(key) ?? 0) + 1);
      return inner.delete(key);
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances purging one PostgreSQL database', () => {
  it('delete each document once and each blob once', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const first = await openTestPostgres(url);
    const secondPool = openPostgres(url, { searchPath: first.schema, max: 4 });
    const folder = await mkdtemp(join(tmpdir(), 'qoltanba-purge-'));
    try {
      const deletions = new Map<string, number>();
      const storeA = countingStore(createLocalBlobStore(folder), deletions);
      const storeB = countingStore(createLocalBlobStore(folder), deletions);
      const longAgo = new Date('2026-01-01T00:00:00Z');
      const now = new Date('2026-03-01T00:00:00Z');
      const keys = await seedTrashedDrafts(first.db, storeA, 40, longAgo);

      // A holds the lock while B tries: B skips the round, A does all of it.
      const held = deferred();
      const release = deferred();
      const roundA = runDocumentPurge(first.db, storeA, now, {
        ...RETENTION,
        whileLocked: async () => {
          held.resolve();
          await release.promise;
        },
      });
      await held.promise;
      const roundB = await runDocumentPurge(secondPool.db, storeB, now, RETENTION);
      release.resolve();
      const a = await roundA;
      expect(roundB).toMatchObject({ ran: false, documents: 0 });
      expect(a).toMatchObject({ ran: true, documents: 40, blobsDeleted: 40 });

      // And free-running rounds on both at once find nothing more to do.
      const more = await Promise.all([
        runDocumentPurge(first.db, storeA, now, RETENTION),
        runDocumentPurge(secondPool.db, storeB, now, RETENTION),
      ]);
      expect(more.map((round) => round.documents)).toEqual([0, 0]);
      expect([...deletions.keys()].sort()).toEqual([...keys].sort());
      expect([...deletions.values()].every((times) => times === 1)).toBe(true);
      expect(await first.db.selectFrom('documents').select('id').execute()).toEqual([]);
      expect(await first.db.selectFrom('blob_deletions').select('blob_key').execute()).toEqual([]);
    } finally {
      await secondPool.close();
      await first.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('two instances racing without a gate still delete each blob once', async () => {
    const url = process.env.TEST_DATABASE_URL ?? '';
    const first = await openTestPostgres(url);
    const secondPool = openPostgres(url, { searchPath: first.schema, max: 4 });
    const folder = await mkdtemp(join(tmpdir(), 'qoltanba-purge-'));
    try {
      const deletions = new Map<string, number>();
      const storeA = countingStore(createLocalBlobStore(folder), deletions);
      const storeB = countingStore(createLocalBlobStore(folder), deletions);
      const keys = await seedTrashedDrafts(first.db, storeA, 30, new Date('2026-01-01T00:00:00Z'));
      const now = new Date('2026-03-01T00:00:00Z');
      const rounds = await Promise.all([
        runDocumentPurge(first.db, storeA, now, RETENTION),
        runDocumentPurge(secondPool.db, storeB, now, RETENTION),
        runDocumentPurge(first.db, storeA, now, RETENTION),
        runDocumentPurge(secondPool.db, storeB, now, RETENTION),
      ]);
      expect(rounds.reduce((sum, round) => sum + round.documents, 0)).toBe(30);
      expect(rounds.reduce((sum, round) => sum + round.blobsDeleted, 0)).toBe(30);
      expect([...deletions.keys()].sort()).toEqual([...keys].sort());
      expect([...deletions.values()].every((times) => times === 1)).toBe(true);
    } finally {
      await secondPool.close();
      await first.close();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
