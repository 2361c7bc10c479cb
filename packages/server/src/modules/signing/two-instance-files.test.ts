import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath, type Document, EVIDENCE_PATHS } from '@qoltanba/core';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type QoltanbaApp } from '../../app.js';
import type { BlobStore } from '../../blob/blob-store.js';
import type { DatabaseHandle } from '../../db/database.js';
import { openPostgres } from '../../db/database.js';
import { enqueueEmail } from '../../outbox/message-queue.js';
import type { EmailMessage, Mailer } from '../../outbox/messages.js';
import { createVerifier, type Verifier } from '../../pki/index.js';
import { samplePdf } from '../../testing/document-files.js';
import { blobFiles, COMPANIES, documentPaths } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabasesAndStorage } from '../../testing/test-storage.js';
import { runDocumentPurge } from '../documents/index.js';

const { sender, signer } = COMPANIES;
const pki = createSigningPki();
const url = process.env.TEST_DATABASE_URL ?? '';
const DAY_MS = 24 * 60 * 60 * 1000;
// PostgreSQL on an s3rver bucket: the one backend of testDatabasesAndStorage() both instances can share.
const onS3 = testDatabasesAndStorage().find(
  (backend) => backend.storage === 's3' && backend.name === 'postgres',
);

/** A mailer that keeps what it was given (each instance has its own). */
function recordingMailer(): Mailer & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/** `store` with each delete counted per key (what the bucket was asked to drop, by which instance). */
function countingDeletes(store: BlobStore, deleted: string[]): BlobStore {
  return Object.assign(Object.create(store) as BlobStore, {
    async delete(key: string) {
      deleted.push(key);
      return store.delete(key);
    },
  });
}

describe.skipIf(!url || !onS3)('two instances on one PostgreSQL and one object store: files and jobs', () => {
  // Instance A is the suite's server on its own pool and S3 client; B another app with its own pool, own S3
  // client, own data folder and mailer, on the same schema and bucket.
  let shared: (DatabaseHandle & { schema: string }) | undefined;
  const backend = {
    ...(onS3 as NonNullable<typeof onS3>),
    async open(): Promise<DatabaseHandle> {
      shared = (await (onS3 as NonNullable<typeof onS3>).open()) as DatabaseHandle & { schema: string };
      return shared;
    },
  };
  const mailA = recordingMailer();
  const mailB = recordingMailer();
  const suite = useSigningSuite(backend, { pki, mailer: mailA });
  let b: QoltanbaApp | undefined;
  let bPool: DatabaseHandle | undefined;
  let engine: Verifier | undefined;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'qoltanba-instance-b-'));
    await pki.writeTrustDir(join(dir, 'trust'));
    engine = await createVerifier({ trustDir: join(dir, 'trust'), offline: true, now: suite.clock.now });
    bPool = openPostgres(url, { max: 4, searchPath: shared?.schema ?? '' });
    const verifier = engine;
    // The suite's config (same token secret and bucket), but B's own data folder: nothing shared on disk.
    b = await createApp(
      { ...suite.server.config, dataDir: join(dir, 'data') },
      {
        database: bPool,
        clock: suite.clock.now,
        mailer: mailB,
        logStream: { write: () => undefined },
        verifyPassword: async () => true,
        verifier: {
          verifyCms: (input) => verifier.verifyCms(input),
          verifyXml: (input) => verifier.verifyXml(input),
          verifyCard: (input) => verifier.verifyCard(input),
          secureCms: (input) => verifier.secureCms(input),
        },
      },
    );
  });
  afterAll(async () => {
    await b?.close();
    await bPool?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const instanceB = () => b as QoltanbaApp;
  const throughB = (token: string, path: string) =>
    instanceB().app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });

  it('serves a file uploaded through A from B: download, preview and the evidence package', async () => {
    expect(suite.server.services.blobs).not.toBe(instanceB().services.blobs);
    const pdf = samplePdf('Uploaded through instance A');
    const document = await suite.document({}, { content: pdf });
    const fileId = document.files[0]?.id ?? 0;
    const paths = documentPaths(sender.bin, document.id);

    const download = await throughB(suite.tokens.sender, paths.file(fileId));
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);

    const preview = await throughB(suite.tokens.sender, paths.preview(fileId));
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toContain('application/pdf');
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Signed through A, packaged through B: the ZIP holds the original bytes A stored.
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    const zip = await throughB(
      suite.tokens.signer,
      apiPath(EVIDENCE_PATHS.signedPackage, { bin: signer.bin, id: String(document.id) }),
    );
    expect(zip.statusCode).toBe(200);
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    const originals = Object.entries(entries).filter(
      ([name]) => name.endsWith('.pdf') && name.includes('contract'),
    );
    expect(originals.length).toBe(1);
    expect(Buffer.compare(Buffer.from(originals[0]?.[1] ?? []), pdf)).toBe(0);
    expect(Object.keys(entries).some((name) => name.endsWith('.cms') || name.endsWith('.p7s'))).toBe(true);
  });

  it('runs the purge once when both start it at the same moment: each blob deleted once, the bucket emptied', async () => {
    const drafts: Document[] = [];
    for (let i = 0; i < 6; i++) drafts.push(await suite.document({}, { send: false, files: 2 }));
    // Trashed half through A, half through B.
    for (const [i, draft] of drafts.entries()) {
      const path = documentPaths(sender.bin, draft.id).trash;
      const res =
        i % 2 === 0
          ? await suite.request(suite.tokens.sender, 'POST', path)
          : await instanceB().app.inject({
              method: 'POST',
              url: path,
              headers: { authorization: `Bearer ${suite.tokens.sender}` },
            });
      expect(res.statusCode).toBe(200);
    }
    const before = await blobFiles(suite);
    expect(before.length).toBe(12);

    const deletedA: string[] = [];
    const deletedB: string[] = [];
    const later = new Date(suite.clock.now().getTime() + 31 * DAY_MS);
    const options = { retentionDays: 30 };
    const dbA = suite.server.services.database.db;
    const dbB = instanceB().services.database.db;
    const storeA = countingDeletes(suite.server.services.blobs, deletedA);
    const storeB = countingDeletes(instanceB().services.blobs, deletedB);
    const rounds = await Promise.all([
      runDocumentPurge(dbA, storeA, later, options),
      runDocumentPurge(dbB, storeB, later, options),
      runDocumentPurge(dbA, storeA, later, options),
      runDocumentPurge(dbB, storeB, later, options),
    ]);

    expect(rounds.reduce((sum, round) => sum + round.documents, 0)).toBe(6);
    const deleted = [...deletedA, ...deletedB];
    expect(deleted.length).toBe(12);
    expect(new Set(deleted).size).toBe(12);
    expect(await blobFiles(suite)).toEqual([]);
    const queued = await dbA.selectFrom('blob_deletions').select('blob_key').execute();
    expect(queued).toEqual([]);
  });

  it('delivers each queued message once when both instances run the outbox at the same moment', async () => {
    const total = 60;
    await suite.server.services.database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < total; i++) {
        await enqueueEmail(
          trx,
          { to: `r${i}@example.kz`, subject: 'two instances', text: `message ${i}` },
          // Due by the instances' clock (the suite's, not the wall clock).
          { at: suite.clock.now() },
        );
      }
    });
    const a = suite.server.services.outbox;
    const other = instanceB().services.outbox;
    await Promise.all([a.drain(), other.drain(), a.kick(), other.kick(), a.drain(), other.drain()]);
    const texts = [...mailA.sent, ...mailB.sent]
      .filter((message) => message.subject === 'two instances')
      .map((message) => message.text);
    expect(texts.length).toBe(total);
    expect(new Set(texts).size).toBe(total);
    const left = await suite.server.services.database.db
      .selectFrom('message_queue')
      .select('id')
      .where('subject', '=', 'two instances')
      .where('status', '<>', 'sent')
      .execute();
    expect(left).toEqual([]);
  });
});
