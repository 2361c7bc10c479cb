import { join } from 'node:path';
import { DOCUMENT_MAX_FILES } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from '../../blob/blob-store.js';
import { createLocalBlobStore } from '../../blob/local-blob-store.js';
import { type Deferred, deferred } from '../../testing/deferred.js';
import { sampleDocx, sampleOdt, samplePdf } from '../../testing/document-files.js';
import {
  blobFiles,
  COMPANIES,
  type DocumentsSuite,
  documentPaths,
  useDocumentsSuite,
} from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import { usedStorage } from './company-counters.js';

const { sender, signer } = COMPANIES;

/** The suite's local blob store, with a gate that can hold streamed uploads before their bytes are read. */
function gatedBlobs(suite: () => DocumentsSuite) {
  let store: BlobStore | undefined;
  const local = () => {
    store ??= createLocalBlobStore(join(suite().server.config.dataDir, 'blobs'));
    return store;
  };
  const control: { gate?: Deferred; reached?: Deferred } = {};
  const blobs: BlobStore = {
    put: (data, key) => local().put(data, key),
    async putStream(source, key) {
      control.reached?.resolve();
      await control.gate?.promise;
      return local().putStream(source, key);
    },
    get: (key) => local().get(key),
    getStream: (key) => local().getStream(key),
    has: (key) => local().has(key),
    delete: (key) => local().delete(key),
  };
  return { blobs, control };
}

const file = (filename: string, bytes: Buffer) => [{ name: 'files', value: bytes, filename }];

describe.each(testDatabases())('document files on $name', (backend) => {
  const gated = gatedBlobs(() => suite);
  const suite = useDocumentsSuite(backend, { app: { blobs: gated.blobs } });
  const db = () => suite.server.services.database.db;
  const uploadingRows = async () =>
    (await db().selectFrom('document_files').select('id').where('state', '=', 'UPLOADING').execute()).length;

  it('adds files to a draft; the sender alone, and only while it can be edited', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const bob = await suite.user('bob@example.kz', [signer]);
    const { id } = await suite.create(alice, sender.bin);
    const paths = documentPaths(sender.bin, id);
    const added = await suite.upload(alice, paths.files, [
      ...file('annex.docx', sampleDocx()),
      ...file('terms.odt', sampleOdt()),
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().files.map((f: { name: string }) => f.name)).toEqual([
      'contract.pdf',
      'annex.docx',
      'terms.odt',
    ]);
    expect(await blobFiles(suite)).toHaveLength(3);
    const history = await suite.request(alice, 'GET', paths.history);
    expect(history.json().at(-1)).toMatchObject({
      type: 'UPDATE',
      details: 'files added: annex.docx, terms.odt',
    });
    await suite.request(alice, 'POST', paths.send);
    const late = await suite.upload(alice, paths.files, file('late.pdf', samplePdf()));
    expect(late.json().code).toBe('DOCUMENT_CHANGE_FORBIDDEN');
    const foreign = await suite.upload(bob, documentPaths(signer.bin, id).files, file('x.pdf', samplePdf()));
    expect(foreign.json().code).toBe('DOCUMENT_CHANGE_FORBIDDEN');
    expect(await blobFiles(suite)).toHaveLength(3);
  });

  it('adds all files of a request or none: a bad file or the file limit leaves nothing behind', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const { id } = await suite.create(alice, sender.bin);
    const paths = documentPaths(sender.bin, id);
    const bad = await suite.upload(alice, paths.files, [
      ...file('good.pdf', samplePdf()),
      ...file('bad.pdf', Buffer.from('not a pdf at all')),
    ]);
    expect(bad.statusCode).toBe(415);
    const limit = await suite.upload(
      alice,
      paths.files,
      Array.from({ length: DOCUMENT_MAX_FILES }, () => file('more.pdf', samplePdf())).flat(),
    );
    expect(limit.statusCode).toBe(400);
    expect(limit.json().code).toBe('DOCUMENT_FILES_LIMIT');
    expect((await suite.request(alice, 'GET', paths.document)).json().files).toHaveLength(1);
    expect(await uploadingRows()).toBe(0);
    expect(await blobFiles(suite)).toHaveLength(1);
    const empty = await suite.upload(alice, paths.files, []);
    expect(empty.json().code).toBe('MULTIPART_INVALID');
  });

  it('keeps a file UPLOADING while its bytes arrive, and sending waits for it', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const { id } = await suite.create(alice, sender.bin);
    const paths = documentPaths(sender.bin, id);
    gated.control.gate = deferred();
    gated.control.reached = deferred();
    const upload = suite.upload(alice, paths.files, file('annex.pdf', samplePdf()));
    await gated.control.reached.promise;
    expect(await uploadingRows()).toBe(1);
    const early = await suite.request(alice, 'POST', paths.send);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('FILES_STILL_UPLOADING');
    gated.control.gate.resolve();
    expect((await upload).statusCode).toBe(200);
    gated.control.gate = undefined;
    gated.control.reached = undefined;
    expect(await uploadingRows()).toBe(0);
    expect((await suite.request(alice, 'POST', paths.send)).statusCode).toBe(200);
  });

  it('deletes a file of a draft with its blob and its bytes in the quota, but never the last one', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const created = await suite.create(alice, sender.bin, undefined, [
      { filename: 'a.pdf', bytes: samplePdf('a') },
      { filename: 'b.docx', bytes: sampleDocx() },
    ]);
    const [first, second] = created.files as Array<{ id: number; size: number }>;
    const paths = documentPaths(sender.bin, created.id);
    const before = await usedStorage(db(), sender.bin);
    const res = await suite.request(alice, 'DELETE', paths.file(second?.id ?? 0));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().files.map((f: { id: number }) => f.id)).toEqual([first?.id]);
    expect(await usedStorage(db(), sender.bin)).toBe(before - (second?.size ?? 0));
    expect(await blobFiles(suite)).toHaveLength(1);
    expect(await db().selectFrom('blob_deletions').selectAll().execute()).toEqual([]);
    const last = await suite.request(alice, 'DELETE', paths.file(first?.id ?? 0));
    expect(last.statusCode).toBe(400);
    expect(last.json().code).toBe('DOCUMENT_WITHOUT_FILE');
    expect((await suite.request(alice, 'DELETE', paths.file(9999))).statusCode).toBe(404);
  });

  it('downloads the original bytes with a safe Content-Disposition, the right type and nosniff', async () => {
    const alice = await suite.user('alice@example.kz', [sender]);
    const docx = sampleDocx();
    const created = await suite.create(alice, sender.bin, undefined, [
      { filename: 'Договор №1 (итог).docx', bytes: docx },
    ]);
    const fileId = (created.files as Array<{ id: number }>)[0]?.id ?? 0;
    const url = documentPaths(sender.bin, created.id).file(fileId);
    const res = await suite.request(alice, 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(docx)).toBe(true);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_______ _1 (____).docx"; filename*=UTF-8''${encodeURIComponent('Договор №1 ')}%28%D0%B8%D1%82%D0%BE%D0%B3%29.docx`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A plain link works too: GET takes the access token from the GATEWAY cookie.
    const cookie = await suite.server.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `GATEWAY=${alice}` },
    });
    expect(cookie.statusCode).toBe(200);
    const other = await suite.create(alice, sender.bin);
    expect(
      (await suite.request(alice, 'GET', documentPaths(sender.bin, other.id).file(fileId))).statusCode,
    ).toBe(404);
  });
});
