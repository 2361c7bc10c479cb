import { createHash } from 'node:crypto';
import { apiPath, DOCUMENT_MAX_FILES, DOCUMENT_PATHS, MAX_FILE_BYTES } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { sampleDocx, sampleOdt, sampleOle, samplePdf } from '../../testing/document-files.js';
import {
  blobFiles,
  COMPANIES,
  type DocumentsSuite,
  documentPaths,
  multipart,
  testDraft,
  uploadParts,
  useDocumentsSuite,
} from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import { testDatabasesAndStorage } from '../../testing/test-storage.js';

const { sender, signer, outsider } = COMPANIES;
const createPath = apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function tableCounts(suite: DocumentsSuite) {
  const { db } = suite.server.services.database;
  const count = async (table: 'documents' | 'document_files' | 'document_participants') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    documents: await count('documents'),
    files: await count('document_files'),
    participants: await count('document_participants'),
  };
}

describe.each(testDatabasesAndStorage())('createDocument on $name, $storage', (backend) => {
  const suite = useDocumentsSuite(backend);

  it('saves a draft with files recognised by content, hashes them, and numbers it', async () => {
    const token = await suite.user('sender@example.kz', [sender]);
    const files = [
      { filename: 'C:\\fakepath\\Договор.pdf', bytes: samplePdf() },
      { filename: 'act.docx', bytes: sampleDocx() },
      { filename: 'annex', bytes: sampleOdt() },
      { filename: 'old.doc', bytes: sampleOle('WordDocument') },
      { filename: 'scan.jpg', bytes: samplePdf('renamed') },
    ];
    const res = await suite.upload(token, createPath, uploadParts(testDraft(), files));
    expect(res.statusCode, res.body).toBe(201);
    const document = res.json();
    expect(document).toMatchObject({
      number: 1,
      name: 'Договор поставки №1',
      status: 'DRAFT',
      lifecycleStatus: 'DRAFT',
      signingMethod: 'PARALLEL',
      role: 'sender',
      trash: null,
      folderId: null,
      sender: { bin: sender.bin, nameRu: sender.nameRu, nameKk: sender.nameKk },
      creator: { firstname: 'Айгерим', lastname: 'sender' },
      rejection: null,
      signers: [
        {
          identityNumber: signer.bin,
          email: 'signer@example.kz',
          nameRu: signer.nameRu,
          order: 1,
          state: 'WAITING',
        },
      ],
    });
    expect(document.allowedActions).toEqual(['update', 'send', 'sign', 'copy', 'trash']);
    expect(document.files.map((f: { name: string; format: string }) => [f.name, f.format])).toEqual([
      ['Договор.pdf', 'pdf'],
      ['act.docx', 'docx'],
      ['annex.odt', 'odt'],
      ['old.doc', 'doc'],
      ['scan.jpg.pdf', 'pdf'],
    ]);
    expect(document.files.map((f: { sha256: string }) => f.sha256)).toEqual(
      files.map((f) => sha256(f.bytes)),
    );
    expect(document.files.map((f: { size: number }) => f.size)).toEqual(files.map((f) => f.bytes.byteLength));
    expect(await blobFiles(suite)).toHaveLength(5);
    const second = await suite.create(token, sender.bin);
    expect(second.number).toBe(2);
  });

  it('refuses anything that is not pdf/doc/docx/odt by content, and keeps nothing', async () => {
    const token = await suite.user('sender@example.kz', [sender]);
    for (const bytes of [
      Buffer.from('MZ\x90\x00 this is an executable', 'latin1'),
      sampleOle('Workbook'),
      Buffer.from('%PD'),
      Buffer.alloc(0),
    ]) {
      const res = await suite.upload(
        token,
        createPath,
        uploadParts(testDraft(), [
          { filename: 'ok.pdf', bytes: samplePdf() },
          { filename: 'contract.pdf', bytes, contentType: 'application/pdf' },
        ]),
      );
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json().code).toBe('FILE_FORMAT_NOT_ALLOWED');
    }
    expect(await blobFiles(suite)).toEqual([]);
    expect(await tableCounts(suite)).toEqual({ documents: 0, files: 0, participants: 0 });
  });

  it('refuses a file over MAX_FILE_BYTES with 413 FILE_TOO_LARGE and keeps nothing', async () => {
    const token = await suite.user('sender@example.kz', [sender]);
    const big = Buffer.concat([samplePdf(), Buffer.alloc(MAX_FILE_BYTES)]);
    const res = await suite.upload(
      token,
      createPath,
      uploadParts(testDraft(), [{ filename: 'big.pdf', bytes: big }]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
    expect(res.headers.connection).toBe('close');
    expect(await blobFiles(suite)).toEqual([]);
    const exact = Buffer.concat([samplePdf(), Buffer.alloc(MAX_FILE_BYTES - samplePdf().byteLength)]);
    expect(
      (
        await suite.upload(
          token,
          createPath,
          uploadParts(testDraft(), [{ filename: 'max.pdf', bytes: exact }]),
        )
      ).statusCode,
    ).toBe(201);
  });

  it('answers the catalogue code for every malformed upload', async () => {
    const token = await suite.user('sender@example.kz', [sender]);
    const pdf = { filename: 'a.pdf', bytes: samplePdf() };
    const expectCode = async (
      res: { statusCode: number; json(): { code: string } },
      status: number,
      code: string,
    ) => {
      expect(res.statusCode).toBe(status);
      expect(res.json().code).toBe(code);
    };
    await expectCode(
      await suite.upload(token, createPath, uploadParts(testDraft(), [])),
      400,
      'DOCUMENT_WITHOUT_FILE',
    );
    await expectCode(
      await suite.upload(token, createPath, uploadParts(testDraft(), [pdf]).reverse()),
      400,
      'MULTIPART_INVALID',
    );
    await expectCode(
      await suite.upload(token, createPath, [
        { name: 'document', value: '{"name": ' },
        ...uploadParts({}, [pdf]).slice(1),
      ]),
      400,
      'MALFORMED_JSON',
    );
    await expectCode(
      await suite.upload(token, createPath, uploadParts(testDraft({ name: 'abc' }), [pdf])),
      400,
      'DOCUMENT_NAME_LENGTH',
    );
    const self = testDraft({
      signers: [{ identityNumber: sender.bin, email: 'me@example.kz', nameRu: 'Я' }],
    });
    await expectCode(await suite.upload(token, createPath, uploadParts(self, [pdf])), 400, 'SELF_AS_SIGNER');
    const many = Array.from({ length: DOCUMENT_MAX_FILES + 1 }, () => pdf);
    await expectCode(
      await suite.upload(token, createPath, uploadParts(testDraft(), many)),
      400,
      'DOCUMENT_FILES_LIMIT',
    );
    await expectCode(
      await suite.request(token, 'POST', createPath, { name: 'Договор поставки' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const garbage = await suite.server.app.inject({
      method: 'POST',
      url: createPath,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="document"\r\n\r\n{"a":',
    });
    await expectCode(garbage, 400, 'MULTIPART_INVALID');
    const noBoundary = await suite.server.app.inject({
      method: 'POST',
      url: createPath,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    await expectCode(noBoundary, 400, 'MULTIPART_INVALID');
    expect(await blobFiles(suite)).toEqual([]);
    expect(await tableCounts(suite)).toEqual({ documents: 0, files: 0, participants: 0 });
  });

  it('needs a user (401) who belongs to the company (403)', async () => {
    const token = await suite.user('outsider@example.kz', [outsider]);
    const body = multipart(uploadParts(testDraft(), [{ filename: 'a.pdf', bytes: samplePdf() }]));
    const anonymous = await suite.server.app.inject({
      method: 'POST',
      url: createPath,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await suite.upload(
      token,
      createPath,
      uploadParts(testDraft(), [{ filename: 'a.pdf', bytes: samplePdf() }]),
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    expect(await blobFiles(suite)).toEqual([]);
  });

  it('numbers concurrent creations 1..N per sender company, without gaps or duplicates', async () => {
    const token = await suite.user('sender@example.kz', [sender, signer]);
    const created = await Promise.all(Array.from({ length: 8 }, () => suite.create(token, sender.bin)));
    expect(created.map((d) => d.number as number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const draftToSender = testDraft({
      signers: [{ identityNumber: sender.bin, email: 'a@example.kz', nameRu: sender.nameRu }],
    });
    expect((await suite.create(token, signer.bin, draftToSender)).number).toBe(1);
    const history = await suite.request(token, 'GET', documentPaths(sender.bin, created[0]?.id ?? 0).history);
    expect(history.json().map((event: { type: string }) => event.type)).toEqual(['CREATE']);
  });
});

describe.each(testDatabases())('storage quota on $name', (backend) => {
  const suite = useDocumentsSuite(backend, { env: { QOLTANBA_STORAGE_QUOTA_MB: '1' } });

  it('lets concurrent uploads fill the quota exactly once, then answers STORAGE_FULL and keeps nothing of those', async () => {
    const token = await suite.user('sender@example.kz', [sender]);
    const file = { filename: 'scan.pdf', bytes: Buffer.concat([samplePdf(), Buffer.alloc(400 * 1024)]) };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => suite.upload(token, createPath, uploadParts(testDraft(), [file]))),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 507, 507]);
    expect(results.find((res) => res.statusCode === 507)?.json().code).toBe('STORAGE_FULL');
    expect(await blobFiles(suite)).toHaveLength(2);
    expect((await tableCounts(suite)).documents).toBe(2);
  });
});
