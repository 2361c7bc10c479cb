import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ACCOUNT_PATHS, apiPath, DOCUMENT_PATHS, type Document, SIGNING_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { samplePdf } from '../../testing/document-files.js';
import { COMPANIES, multipart, testDraft, uploadParts } from '../../testing/documents.js';
import { startTestS3Server, type TestS3Server } from '../../testing/s3-server.js';
import {
  bundleServer,
  SERVER_PACKAGE_DIR,
  type ServerProcess,
  startServerProcess,
} from '../../testing/server-process.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { openTestPostgres } from '../../testing/test-databases.js';
import { s3BlobKeys } from '../../testing/test-storage.js';
import { createUser } from '../account/index.js';
import { runDocumentPurge } from '../documents/index.js';
import { attachCompany } from '../registry/index.js';
import { SIGNING_LOCK_SECONDS } from './signing-locks.js';

// Instance A is the real server as its own process (killed with SIGKILL mid-work); instance B serves in this
// process on the same PostgreSQL schema and s3rver bucket. Both verify on the wall clock, so the PKI is issued now.
const url = process.env.TEST_DATABASE_URL ?? '';
const { sender, signer } = COMPANIES;
const pki = createSigningPki(['ecdsa'], new Date());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Documents signed through A while it is killed, and upload bodies (1 MB, so a kill lands inside some). */
const SIGNED = 24;
const UPLOAD_BYTES = 1024 * 1024;

describe.skipIf(!url)('kill -9 of one instance while the other serves (one PostgreSQL, one bucket)', () => {
  const outDir = join(SERVER_PACKAGE_DIR, 'node_modules', '.cache', `kill-${randomBytes(4).toString('hex')}`);
  const secret = randomBytes(32).toString('hex');
  let s3: TestS3Server;
  let handle: DatabaseHandle & { schema: string };
  let b: TestApp;
  let a: ServerProcess | undefined;
  let skewMs = 0;
  const credentials: Record<string, string | undefined> = {};
  let storageEnv: Record<string, string> = {};
  const tokens = { sender: '', signer: '' };

  beforeAll(async () => {
    s3 = await startTestS3Server();
    storageEnv = s3.env(`kill-${randomBytes(4).toString('hex')}`);
    // The AWS SDK in this process reads its credentials from the environment, as in production.
    for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) {
      credentials[name] = process.env[name];
      process.env[name] = storageEnv[name];
    }
    const trustDir = join(outDir, 'trust');
    await mkdir(trustDir, { recursive: true });
    await pki.writeTrustDir(trustDir);
    handle = await openTestPostgres(url);
    const env = {
      ...storageEnv,
      QOLTANBA_TOKEN_SECRET: secret,
      QOLTANBA_TRUST_DIR: trustDir,
      QOLTANBA_PKI_OFFLINE: 'true',
      RATE_LIMIT_MAX: '1000000',
      QOLTANBA_DOCUMENTS_PURGE_INTERVAL_MINUTES: '0',
    };
    const shared = { ...handle, close: async () => undefined };
    b = await createTestApp({
      backend: { name: 'postgres', open: async () => shared },
      env,
      // B's clock can be moved past a dead instance's signing lease (SIGNING_LOCK_SECONDS) without waiting for it.
      clock: () => new Date(Date.now() + skewMs),
      verifyPassword: async () => true,
    });
    const { db } = handle;
    for (const [key, company] of [
      ['sender', sender],
      ['signer', signer],
    ] as const) {
      const email = `${key}@example.kz`;
      const userId = await createUser(db, {
        contact: { kind: 'email', value: email },
        passwordHash: 'not-checked',
        firstname: 'Айгерим',
        lastname: key,
        lang: 'ru',
        createdAt: new Date(),
      });
      await attachCompany(
        db,
        userId,
        { ...company, kind: 'legal', shortNameRu: null, shortNameKk: null },
        new Date(),
      );
      const login = await b.app.inject({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        payload: { login: email, password: 'whatever-1', lang: 'ru' },
      });
      tokens[key] = (login.json() as { access_token: string }).access_token;
    }
    const main = await bundleServer(outDir);
    a = await startServerProcess(main, {
      ...env,
      DATABASE_URL: (() => {
        const database = new URL(url);
        database.searchParams.set('options', `-c search_path=${handle.schema}`);
        return database.toString();
      })(),
      QOLTANBA_DATA_DIR: join(outDir, 'data'),
      QOLTANBA_PORTAL_DIR: join(outDir, 'none'),
      QOLTANBA_WIDGETS_DIR: join(outDir, 'none'),
      QOLTANBA_SDK_DIR: join(outDir, 'none'),
      QOLTANBA_HELP_WIDGET_DIR: join(outDir, 'none'),
      LOG_LEVEL: 'warn',
    });
  }, 60_000);

  afterAll(async () => {
    await a?.kill('SIGKILL');
    await b?.close();
    await handle?.close();
    for (const [name, value] of Object.entries(credentials)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await s3?.close();
    await rm(outDir, { recursive: true, force: true });
  });

  /** A document upload body of `bytes` under the name `name`. */
  const uploadBody = (name: string, bytes: Buffer) =>
    multipart(uploadParts(testDraft({ name }), [{ filename: `${name}.pdf`, bytes }]));
  const signPath = (document: Pick<Document, 'id'>) =>
    apiPath(SIGNING_PATHS.sign, { bin: signer.bin, id: String(document.id) });
  const signBody = (document: Document, bytes: Buffer) => ({
    signatures: document.files.map((file) => ({
      fileId: file.id,
      cms: Buffer.from(
        pki.head(signer.bin).signCms({ content: bytes, detached: true, signingTime: new Date() }),
      ).toString('base64'),
    })),
  });
  /** A request to the process A: its status, or 0 when the connection broke (the process died under it). */
  async function onA(method: string, path: string, token: string, body: Buffer | string, type: string) {
    return fetch(`${a?.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    }).then(
      async (res) => ({
        status: res.status,
        json: (await res.json().catch(() => ({}))) as Record<string, unknown>,
      }),
      () => ({ status: 0, json: {} as Record<string, unknown> }),
    );
  }

  it('leaves nothing half-made, and every failed request succeeds when retried on the survivor', async () => {
    // Sent documents for the signer, made through B, each with its bytes known to the test.
    const pdfs = Array.from({ length: SIGNED }, (_, i) => samplePdf(`kill ${i}`));
    const documents: Document[] = [];
    for (const [i, pdf] of pdfs.entries()) {
      const { payload, contentType } = uploadBody(`to sign ${i}`, pdf);
      const created = await b.app.inject({
        method: 'POST',
        url: apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin }),
        headers: { authorization: `Bearer ${tokens.sender}`, 'content-type': contentType },
        payload,
      });
      expect(created.statusCode, created.body).toBe(201);
      const sent = await b.app.inject({
        method: 'POST',
        url: apiPath(DOCUMENT_PATHS.send, { bin: sender.bin, id: String((created.json() as Document).id) }),
        headers: { authorization: `Bearer ${tokens.sender}` },
      });
      documents.push(sent.json() as Document);
    }

    // Work on A: two upload workers and two signing workers, until A dies.
    const uploads: Array<{ name: string; bytes: Buffer; status: number }> = [];
    const signings: Array<{ index: number; status: number }> = [];
    let dead = false;
    const inFlight = { uploads: 0, signings: 0 };
    const uploadWorker = async (worker: number) => {
      for (let n = 0; !dead; n++) {
        const name = `upload ${worker}-${n}`;
        const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(UPLOAD_BYTES)]);
        const { payload, contentType } = uploadBody(name, bytes);
        const entry = { name, bytes, status: -1 };
        uploads.push(entry);
        inFlight.uploads += 1;
        entry.status = (
          await onA(
            'POST',
            apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin }),
            tokens.sender,
            payload,
            contentType,
          )
        ).status;
        inFlight.uploads -= 1;
      }
    };
    let nextToSign = 0;
    const signWorker = async () => {
      while (!dead && nextToSign < SIGNED) {
        const index = nextToSign++;
        const entry = { index, status: -1 };
        signings.push(entry);
        const document = documents[index] as Document;
        const body = JSON.stringify(signBody(document, pdfs[index] as Buffer));
        inFlight.signings += 1;
        entry.status = (
          await onA('POST', signPath(document), tokens.signer, body, 'application/json')
        ).status;
        inFlight.signings -= 1;
      }
    };
    const work = Promise.all([uploadWorker(1), uploadWorker(2), signWorker(), signWorker()]);
    // Killed once some of each have finished, at a moment the workers did not choose.
    for (let i = 0; i < 300; i++) {
      const done = (list: Array<{ status: number }>) =>
        list.filter((entry) => entry.status === 201 || entry.status === 200);
      if (done(uploads).length >= 2 && done(signings).length >= 3) break;
      await sleep(20);
    }
    await sleep(Math.floor(Math.random() * 40));
    // At a moment an upload (1 MB takes a while) and a signature are on their way.
    const signingLeft = () => nextToSign < SIGNED;
    while (inFlight.uploads === 0 || (inFlight.signings === 0 && signingLeft())) await sleep(1);
    // The workers start nothing new (a refused connection is no cut request); those in flight are cut.
    dead = true;
    const killedAt = Date.now();
    await a?.kill('SIGKILL');
    await work;
    expect(a?.exited()?.signal).toBe('SIGKILL');
    // Something was cut (a connection broke), and some work had finished before.
    expect(uploads.some((entry) => entry.status === 0)).toBe(true);
    expect(uploads.filter((entry) => entry.status === 201).length).toBeGreaterThanOrEqual(2);
    expect([...uploads, ...signings].filter((e) => ![0, 200, 201].includes(e.status))).toEqual([]);

    const { db } = handle;
    // A signing lock the dead instance held ends by itself within SIGNING_LOCK_SECONDS of the kill: its heartbeat
    // renewed the lease until the kill, never after.
    const locks = await db.selectFrom('signing_locks').select(['document_id', 'locked_until']).execute();
    for (const lock of locks) {
      expect(new Date(lock.locked_until).getTime()).toBeLessThanOrEqual(
        killedAt + SIGNING_LOCK_SECONDS * 1000 + 1000,
      );
    }

    // The client's retries on B: every upload and signature that got no answer.
    const retrySign = async (index: number) => {
      const document = documents[index] as Document;
      return b.app.inject({
        method: 'POST',
        url: signPath(document),
        headers: { authorization: `Bearer ${tokens.signer}` },
        payload: signBody(document, pdfs[index] as Buffer),
      });
    };
    const unanswered = signings.filter((entry) => entry.status !== 200).map((entry) => entry.index);
    const notStarted = Array.from({ length: SIGNED }, (_, i) => i).filter(
      (i) => !signings.some((e) => e.index === i),
    );
    const codes: string[] = [];
    for (const index of [...unanswered, ...notStarted]) {
      let res = await retrySign(index);
      if (res.statusCode === 409 && (res.json() as { code: string }).code === 'DOCUMENT_SIGNING_LOCKED') {
        codes.push('DOCUMENT_SIGNING_LOCKED');
        // The lock of the dead holder: one second past the lease after the kill (B's clock moved on, not minutes as
        // with the old 60 s lock), the retry goes through.
        skewMs = Math.max(0, killedAt + (SIGNING_LOCK_SECONDS + 1) * 1000 - Date.now());
        res = await retrySign(index);
      }
      // Signed by A just before it died (the answer was lost): the retry is told so.
      const code = res.statusCode === 200 ? 'OK' : (res.json() as { code: string }).code;
      expect(['OK', 'ALREADY_SIGNED_BY_BIN', 'DOCUMENT_ALREADY_SIGNED'], res.body).toContain(code);
      codes.push(code);
    }
    for (const entry of uploads.filter((e) => e.status !== 201)) {
      const { payload, contentType } = uploadBody(entry.name, entry.bytes);
      const res = await b.app.inject({
        method: 'POST',
        url: apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin }),
        headers: { authorization: `Bearer ${tokens.sender}`, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
    }

    // Every document signed once, with its history; no signature without its SIGN event.
    for (const document of documents) {
      const signatures = await db
        .selectFrom('signatures')
        .select('identity_number')
        .where('document_id', '=', document.id)
        .execute();
      const history = await db
        .selectFrom('document_history')
        .select('type')
        .where('document_id', '=', document.id)
        .execute();
      const status = await db
        .selectFrom('documents')
        .select('status')
        .where('id', '=', document.id)
        .executeTakeFirst();
      expect(
        [
          signatures.length,
          history.filter((e) => e.type === 'SIGN').length,
          history.filter((e) => e.type === 'COMPLETE').length,
          status?.status,
        ],
        `document ${document.id}`,
      ).toEqual([1, 1, 1, 'SIGNED']);
    }
    // Every upload is a whole document: a READY file with its blob, every name there.
    const made = await db
      .selectFrom('documents as d')
      .leftJoin('document_files as f', 'f.document_id', 'd.id')
      .select(['d.id', 'd.name', 'f.state', 'f.blob_key'])
      .execute();
    expect(made.filter((row) => row.state !== 'READY' || !row.blob_key)).toEqual([]);
    const names = new Set(made.map((row) => row.name));
    expect(uploads.filter((entry) => !names.has(entry.name))).toEqual([]);

    // The bucket: an object no row refers to is an upload cut between its write and its commit, and has its pending
    // record (written before the object); the purge's round, with the clock past the grace period, deletes them all.
    const referencedKeys = async () =>
      new Set([
        ...(await db.selectFrom('document_files').select('blob_key').execute()).flatMap((row) =>
          row.blob_key ? [row.blob_key] : [],
        ),
        ...(await db.selectFrom('document_previews').select('blob_key').execute()).map((row) => row.blob_key),
      ]);
    const blobs = b.config.blobs;
    if (blobs.kind !== 's3') throw new Error('B keeps its files in the bucket');
    const pending = new Set(
      (await db.selectFrom('pending_blobs').select('blob_key').execute()).map((row) => row.blob_key),
    );
    const referencedBefore = await referencedKeys();
    const unreferencedBefore = (await s3BlobKeys(blobs)).filter((key) => !referencedBefore.has(key));
    expect(unreferencedBefore.filter((key) => !pending.has(key))).toEqual([]);
    const round = await runDocumentPurge(db, b.services.blobs, new Date(Date.now() + 2 * 60 * 60 * 1000), {
      retentionDays: 30,
    });
    expect(round.pendingBlobs).toBe(pending.size);
    const referenced = await referencedKeys();
    const keys = await s3BlobKeys(blobs);
    // No object nobody refers to, and no pending record, is left.
    expect(keys.filter((key) => !referenced.has(key))).toEqual([]);
    expect(await db.selectFrom('pending_blobs').select('blob_key').execute()).toEqual([]);
    // Every row's blob is in the bucket.
    expect([...referenced].filter((key) => !keys.includes(key))).toEqual([]);
  }, 60_000);
});
