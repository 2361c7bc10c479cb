import { DOCUMENT_PATHS, type DocumentDraft, documentSchema } from '@qoltanba/core';
import { ALFA, BETA, testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/apiError';
import { selectCompany } from '../company/companyStore';
import { createFolder } from '../folders/foldersApi';
import { pdfFile, textFile } from '../test-support/files';
import { loggedInOn } from '../test-support/real-server';
import {
  addDocumentFiles,
  contentDispositionFileName,
  copyDocument,
  createDocument,
  deleteDocumentFile,
  documentFileUrl,
  documentListSearch,
  documentPreviewUrl,
  downloadDocumentFile,
  getDocument,
  getDocumentHistory,
  listDocuments,
  moveDocumentToFolder,
  previewDocumentFile,
  restoreDocument,
  sendDocument,
  trashDocument,
  updateDocument,
} from './documentsApi';

const signer = { identityNumber: '920715401122', email: 'danyar@example.kz', nameRu: 'Ахметов Данияр' };
const draft: DocumentDraft = { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [signer] };
const test = testServerPerFile();

/** A JSON answer the server would never give (for the schema checks). */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function errorOf(pending: Promise<unknown>): Promise<ApiError> {
  const error = await pending.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('documents API', () => {
  it('creates a draft in one multipart body: the document part first, then the files in order', async () => {
    const { server } = await loggedInOn(test.server);
    const created = await createDocument(draft, [pdfFile('a.pdf'), pdfFile('b.pdf')]);
    expect(created).toMatchObject({ name: 'Договор поставки', status: 'DRAFT', role: 'sender' });
    expect(created.sender.bin).toBe(ALFA.bin);
    expect(created.files.map((file) => file.name)).toEqual(['a.pdf', 'b.pdf']);
    const [call] = server.callsTo(['POST', DOCUMENT_PATHS.documents]);
    expect(call?.path).toBe(`/proxy/documents-interceptor.bpmn/api/v1/companies/${ALFA.bin}/documents`);
    const body = await new Response(call?.body, {
      headers: { 'content-type': call?.headers.get('content-type') ?? '' },
    }).formData();
    const parts = [...body.entries()];
    expect(parts.map(([name]) => name)).toEqual(['document', 'files', 'files']);
    expect(JSON.parse(String(parts[0]?.[1]))).toEqual(draft);
  });

  it('acts for the selected company, or for the company a call names', async () => {
    await loggedInOn(test.server);
    selectCompany(BETA.bin);
    expect((await createDocument(draft, [pdfFile()])).sender.bin).toBe(BETA.bin);
    expect((await createDocument(draft, [pdfFile()], { bin: ALFA.bin })).sender.bin).toBe(ALFA.bin);
    expect(documentFileUrl(3, 4)).toBe(
      `http://qoltanba.test/proxy/documents-interceptor.bpmn/api/v1/companies/${BETA.bin}/documents/3/files/4`,
    );
    expect(documentPreviewUrl(3, 4, { bin: ALFA.bin })).toMatch(
      new RegExp(`/companies/${ALFA.bin}/documents/3/files/4/preview$`),
    );
  });

  it('reports per-file progress mapped from the body bytes', async () => {
    const { server } = await loggedInOn(test.server, 'aigerim', {
      uploadTransport: async (request) => {
        // Half of the body, then all of it.
        request.onProgress?.(5000, 10_000);
        request.onProgress?.(10_000, 10_000);
        const response = await server.fetch(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
        });
        return { status: response.status, body: await response.text() };
      },
    });
    const onProgress = vi.fn();
    await createDocument(draft, [pdfFile('a.pdf', 4000), pdfFile('b.pdf', 4000)], { onProgress });
    const [half, all] = onProgress.mock.calls.map(([shares]) => shares as number[]);
    expect(half?.[0]).toBeGreaterThan(0.9);
    expect(half?.[1]).toBeLessThan(0.1);
    expect(all).toEqual([1, 1]);
  });

  it('refuses what the server refuses, with the catalogue code', async () => {
    await loggedInOn(test.server);
    expect((await errorOf(createDocument(draft, []))).code).toBe('DOCUMENT_WITHOUT_FILE');
    expect((await errorOf(createDocument(draft, [textFile()]))).code).toBe('FILE_FORMAT_NOT_ALLOWED');
    const self = { ...draft, signers: [{ ...signer, identityNumber: ALFA.bin }] };
    expect((await errorOf(createDocument(self, [pdfFile()]))).code).toBe('SELF_AS_SIGNER');
    const short = await errorOf(createDocument({ ...draft, name: 'abc' }, [pdfFile()]));
    expect([short.status, short.code]).toEqual([400, 'DOCUMENT_NAME_LENGTH']);
  });

  it('edits, sends, copies, trashes and restores', async () => {
    const { server } = await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile()]);
    const renamed = await updateDocument(id, { ...draft, name: 'Договор аренды' });
    expect(renamed.name).toBe('Договор аренды');
    const sent = await sendDocument(id);
    expect([sent.status, sent.allowedActions]).toEqual(['AT_SIGNING', ['sign', 'revoke', 'copy', 'trash']]);
    expect((await errorOf(updateDocument(id, draft))).code).toBe('DOCUMENT_CHANGE_FORBIDDEN');
    const copy = await copyDocument(id);
    expect([copy.status, copy.name, copy.files.length]).toEqual(['DRAFT', 'Договор аренды', 1]);
    expect(copy.id).not.toBe(id);
    const trashed = await trashDocument(id);
    expect([trashed.status, trashed.lifecycleStatus, trashed.trash?.daysLeft]).toEqual([
      'TRASH',
      'AT_SIGNING',
      30,
    ]);
    expect((await restoreDocument(id)).status).toBe('AT_SIGNING');
    const history = await getDocumentHistory(id);
    expect(history.map((event) => event.type)).toEqual([
      'CREATE',
      'UPDATE',
      'SEND',
      'RECEIVE',
      'TRASH',
      'RESTORE',
    ]);
    expect((await server.documents.view({ id }, { user: 'aigerim', company: ALFA })).status).toBe(
      'AT_SIGNING',
    );
  });

  it('answers 404 for a document of which the acting company is not a participant', async () => {
    await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile()], { bin: BETA.bin });
    const error = await errorOf(getDocument(id));
    expect([error.status, error.code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    await expect(getDocument(id, { bin: BETA.bin })).resolves.toMatchObject({ id });
  });

  it('adds and deletes files of a draft', async () => {
    await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile('a.pdf')]);
    const onProgress = vi.fn();
    const grown = await addDocumentFiles(id, [pdfFile('b.pdf'), pdfFile('c.pdf')], { onProgress });
    expect(grown.files.map((file) => file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    // fetch reports no upload progress: one call with every file complete.
    expect(onProgress.mock.calls).toEqual([[[1, 1]]]);
    const fileId = grown.files[1]?.id ?? 0;
    const shrunk = await deleteDocumentFile(id, fileId);
    expect(shrunk.files.map((file) => file.name)).toEqual(['a.pdf', 'c.pdf']);
  });

  it('downloads the original with its name and the preview as PDF bytes', async () => {
    await loggedInOn(test.server);
    const { id, files } = await createDocument(draft, [pdfFile('Акт сверки.pdf', 2000)]);
    const fileId = files[0]?.id ?? 0;
    const downloaded = await downloadDocumentFile(id, fileId);
    expect(downloaded.fileName).toBe('Акт сверки.pdf');
    expect(downloaded.blob.size).toBe(2000);
    const preview = await previewDocumentFile(id, fileId);
    expect(preview.length).toBe(2000);
    expect(new TextDecoder().decode(preview.slice(0, 5))).toBe('%PDF-');
  });

  it('rejects a preview that is not a PDF as a broken contract (502 INTERNAL_ERROR)', async () => {
    const { server } = await loggedInOn(test.server);
    server.intercept(
      ['GET', DOCUMENT_PATHS.filePreview],
      () => new Response('<html>oops</html>', { status: 200 }),
    );
    const error = await errorOf(previewDocumentFile(1, 1));
    expect([error.status, error.code]).toEqual([502, 'INTERNAL_ERROR']);
  });

  it('checks every JSON answer with core schemas', async () => {
    const { server } = await loggedInOn(test.server);
    server.intercept(['GET', DOCUMENT_PATHS.document], () => json(200, { id: 1, name: 'half a document' }));
    server.intercept(['GET', DOCUMENT_PATHS.documents], () => json(200, { items: [{}], nextCursor: null }));
    server.intercept(['POST', DOCUMENT_PATHS.documents], () => json(201, { id: 'x' }));
    for (const pending of [
      getDocument(1),
      listDocuments({ box: 'incoming' }),
      createDocument(draft, [pdfFile()]),
    ]) {
      const error = await errorOf(pending);
      expect([error.status, error.code]).toEqual([502, 'INTERNAL_ERROR']);
    }
  });

  it('lists a box with keyset pages', async () => {
    const { server } = await loggedInOn(test.server);
    for (const name of ['Первый договор', 'Второй договор', 'Третий договор']) {
      await createDocument({ ...draft, name }, [pdfFile()]);
    }
    const first = await listDocuments({ box: 'draft', sort: 'number', order: 'asc', limit: 2 });
    expect(first.items.map((item) => item.number)).toEqual([1, 2]);
    expect(first.nextCursor).not.toBeNull();
    const second = await listDocuments({
      box: 'draft',
      sort: 'number',
      order: 'asc',
      limit: 2,
      cursor: first.nextCursor ?? '',
    });
    expect(second.items.map((item) => item.number)).toEqual([3]);
    expect(second.nextCursor).toBeNull();
    const [call] = server.callsTo(['GET', DOCUMENT_PATHS.documents]);
    expect(call?.path).toMatch(/\/documents$/);
    expect(documentListSearch({ box: 'draft', q: '', sort: 'number', limit: 2 })).toBe(
      '?box=draft&sort=number&limit=2',
    );
    expect((await listDocuments({ box: 'draft', q: 'втор' })).items.map((item) => item.name)).toEqual([
      'Второй договор',
    ]);
  });

  it('pages a box sorted by name in Cyrillic (the cursor carries the name as UTF-8)', async () => {
    await loggedInOn(test.server);
    for (const name of ['Бета договор', 'Альфа договор', 'Гамма договор']) {
      await createDocument({ ...draft, name }, [pdfFile()]);
    }
    const page = (cursor?: string) =>
      listDocuments({ box: 'draft', sort: 'name', order: 'asc', limit: 2, ...(cursor ? { cursor } : {}) });
    const first = await page();
    expect(first.items.map((item) => item.name)).toEqual(['Альфа договор', 'Бета договор']);
    const second = await page(first.nextCursor ?? '');
    expect([second.items.map((item) => item.name), second.nextCursor]).toEqual([['Гамма договор'], null]);
  });

  it('moves a document into a folder and out again', async () => {
    await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile()]);
    const contracts = await createFolder({ name: 'Договоры' });
    expect((await moveDocumentToFolder(id, contracts.id)).folderId).toBe(contracts.id);
    expect((await moveDocumentToFolder(id, null)).folderId).toBeNull();
    expect((await errorOf(moveDocumentToFolder(id, contracts.id + 99))).code).toBe('FOLDER_NOT_FOUND');
  });

  it('aborts through the signal', async () => {
    await loggedInOn(test.server);
    const controller = new AbortController();
    controller.abort();
    await expect(getDocument(1, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await expect(createDocument(draft, [pdfFile()], { signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('answers documentSchema-valid bodies from the server', async () => {
    await loggedInOn(test.server);
    const created = await createDocument(draft, [pdfFile()]);
    expect(documentSchema.safeParse(created).success).toBe(true);
  });
});

describe('contentDispositionFileName', () => {
  it.each([
    ["attachment; filename*=UTF-8''%D0%90%D0%BA%D1%82.pdf", 'Акт.pdf'],
    ['attachment; filename="a \\"b\\".pdf"', 'a "b".pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    [`attachment; filename="fallback.pdf"; filename*=UTF-8''%D0%90.pdf`, 'А.pdf'],
    ['attachment; filename*=UTF-8\'\'%E0%A4%A.pdf; filename="ok.pdf"', 'ok.pdf'],
    ['inline', undefined],
    [null, undefined],
  ] as const)('%s', (header, expected) => {
    expect(contentDispositionFileName(header)).toBe(expected);
  });
});
