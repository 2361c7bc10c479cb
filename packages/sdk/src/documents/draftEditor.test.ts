import { DOCUMENT_PATHS, type ErrorCode, errorStatus, MAX_FILE_BYTES } from '@qoltanba/core';
import { ALFA, BETA, type Failure, type TestServer, testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it, vi } from 'vitest';
import { loginWithPassword } from '../auth/authActions';
import { $selectedCompanyBin, selectCompany } from '../company/companyStore';
import { initSession } from '../session/initSession';
import type { UploadTransport, UploadTransportRequest } from '../session/upload';
import { pdfFile } from '../test-support/files';
import { clientOn, loggedInOn } from '../test-support/real-server';
import { createDocument } from './documentsApi';
import { createDraftEditor, type DraftEditor, type DraftFile } from './draftEditor';
import { emptyDraftSigner } from './draftSigner';

const test = testServerPerFile();

/** The server's refusal with `code`, at the status the catalogue gives it. */
const refusal = (code: ErrorCode): Failure => ({ status: errorStatus(code), body: { code, message: code } });

/** The POSTs the client made, but the profile language sync (the world's profiles are in Russian). */
const sentPosts = (server: TestServer) =>
  server.calls
    .filter((call) => call.method === 'POST' && !call.path.includes('/set-locale/'))
    .map((call) => call.path);

const danyar = { identityNumber: '920715401122', email: 'danyar@example.kz', nameRu: 'Ахметов Данияр' };
const dala = { identityNumber: '150940001238', email: 'office@dala.kz', nameRu: 'ТОО Дала Софт' };

/** Uploads that wait for the test: it reports progress and lets each one through to the server. */
function gatedUploads() {
  const held: Array<{
    request: UploadTransportRequest;
    progress(loaded: number, total: number): void;
    release(): Promise<void>;
  }> = [];
  let server: TestServer | undefined;
  const transport: UploadTransport = (request) =>
    new Promise((resolve, reject) => {
      request.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      held.push({
        request,
        progress: (loaded, total) => request.onProgress?.(loaded, total),
        async release() {
          if (!server) throw new Error('no server');
          const response = await server.fetch(request.url, {
            method: request.method,
            headers: request.headers,
            body: request.body,
          });
          resolve({ status: response.status, body: await response.text() });
        },
      });
    });
  return { held, transport, bind: (real: TestServer) => (server = real) };
}

async function setupGated() {
  const uploads = gatedUploads();
  const setup = await loggedInOn(test.server, 'aigerim', { uploadTransport: uploads.transport });
  uploads.bind(setup.server);
  return { ...setup, held: uploads.held };
}

const states = (editor: DraftEditor) =>
  editor.$state.get().files.map((file: DraftFile) => ({ name: file.name, ...file.state }));

function ready(editor: DraftEditor) {
  editor.setName('Договор поставки');
  expect(editor.addSigner(danyar)).toBeUndefined();
}

describe('draft editor: signers', () => {
  it('checks signers with core rules: format, yourself, twice', async () => {
    await loggedInOn(test.server);
    const editor = createDraftEditor();
    expect(editor.$state.get().bin).toBe(ALFA.bin);
    expect(editor.addSigner({ ...danyar, identityNumber: '920715401123' })).toBe('IDENTITY_NUMBER_INVALID');
    expect(editor.addSigner({ ...danyar, email: 'no' })).toBe('INVALID_EMAIL');
    expect(editor.addSigner({ ...danyar, approverEmail: 'no' })).toBe('APPROVER_EMAIL_INVALID');
    expect(editor.addSigner({ ...danyar, identityNumber: ALFA.bin })).toBe('SELF_AS_SIGNER');
    expect(editor.addSigner({ ...danyar, identityNumber: ` ${danyar.identityNumber} ` })).toBeUndefined();
    expect(editor.$state.get().signers[0]?.identityNumber).toBe(danyar.identityNumber);
    expect(editor.addSigner(danyar)).toBe('SIGNER_DUPLICATE');
    expect(editor.addSigner(dala)).toBeUndefined();
    // Replacing a signer by itself is no duplicate; by the other one it is.
    expect(editor.updateSigner(0, { ...danyar, nameRu: 'Ахметов Д.' })).toBeUndefined();
    expect(editor.updateSigner(0, dala)).toBe('SIGNER_DUPLICATE');
    editor.moveSigner(1, 0);
    expect(editor.$state.get().signers.map((signer) => signer.nameRu)).toEqual([
      'ТОО Дала Софт',
      'Ахметов Д.',
    ]);
    editor.removeSigner(0);
    expect(editor.$state.get().signers.map((signer) => signer.nameRu)).toEqual(['Ахметов Д.']);
  });

  it('stays with the company it was made for', async () => {
    await loggedInOn(test.server);
    const editor = createDraftEditor({ bin: BETA.bin });
    expect(editor.addSigner({ ...danyar, identityNumber: BETA.bin })).toBe('SELF_AS_SIGNER');
    expect(editor.addSigner({ ...danyar, identityNumber: ALFA.bin })).toBeUndefined();
  });
});

describe('draft editor: its company', () => {
  it('takes the acting company at its first use when none was acting at creation, then keeps it', async () => {
    const setup = clientOn(test.server);
    await initSession(setup.client);
    const editor = createDraftEditor();
    expect(editor.$state.get().bin).toBeUndefined();
    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    // The login selects the first company of the server's list.
    const acting = $selectedCompanyBin.get() ?? '';
    const other = acting === ALFA.bin ? BETA.bin : ALFA.bin;
    expect([ALFA.bin, BETA.bin]).toContain(acting);
    expect(editor.addSigner({ ...danyar, identityNumber: acting })).toBe('SELF_AS_SIGNER');
    ready(editor);
    editor.addFiles([pdfFile()]);
    const saved = await editor.save();
    expect([saved.sender.bin, editor.$state.get().bin]).toEqual([acting, acting]);
    selectCompany(other);
    editor.setName('Договор аренды');
    expect((await editor.save()).sender.bin).toBe(acting);
  });
});

describe('draft editor: a new document', () => {
  it('says why it cannot be sent, in order', async () => {
    await loggedInOn(test.server);
    const editor = createDraftEditor();
    expect(editor.$sendBlocker.get()).toBe('DOCUMENT_WITHOUT_FILE');
    editor.addFiles([pdfFile()]);
    expect(editor.$sendBlocker.get()).toBe('SIGNERS_REQUIRED');
    editor.addSigner(danyar);
    expect(editor.$sendBlocker.get()).toBe('DOCUMENT_NAME_LENGTH');
    expect(editor.$draftIssue.get()).toBe('DOCUMENT_NAME_LENGTH');
    editor.setName('Договор поставки');
    expect(editor.$sendBlocker.get()).toBeUndefined();
  });

  it('refuses a file by format, size and count before sending anything', async () => {
    const { server } = await loggedInOn(test.server);
    const editor = createDraftEditor();
    const big = new File([new Uint8Array(MAX_FILE_BYTES + 1)], 'big.pdf');
    const many = Array.from({ length: 10 }, (_, index) => pdfFile(`f${index}.pdf`));
    editor.addFiles([new File(['x'], 'photo.png'), big, ...many, pdfFile('eleventh.pdf')]);
    expect(states(editor).filter((file) => file.status === 'failed')).toEqual([
      { name: 'photo.png', status: 'failed', code: 'FILE_FORMAT_NOT_ALLOWED' },
      { name: 'big.pdf', status: 'failed', code: 'FILE_TOO_LARGE' },
      { name: 'eleventh.pdf', status: 'failed', code: 'DOCUMENT_FILES_LIMIT' },
    ]);
    expect(states(editor).filter((file) => file.status === 'queued')).toHaveLength(10);
    expect(sentPosts(server)).toEqual([]);
    ready(editor);
    // A failed file blocks sending until it is removed or retried.
    expect(editor.$sendBlocker.get()).toBe('FILES_STILL_UPLOADING');
    for (const file of editor.$state.get().files)
      if (file.state.status === 'failed') await editor.removeFile(file.key);
    expect(editor.$sendBlocker.get()).toBeUndefined();
  });

  it('sends: creates the draft with every file in one body, per-file progress, then sends it', async () => {
    const { server, held } = await setupGated();
    const editor = createDraftEditor();
    ready(editor);
    editor.addFiles([pdfFile('a.pdf', 3000), pdfFile('b.pdf', 3000)]);
    expect(states(editor).map((file) => file.status)).toEqual(['queued', 'queued']);
    const sending = editor.send();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(editor.$state.get().status).toBe('sending');
    expect(editor.$sendBlocker.get()).toBe('FILES_STILL_UPLOADING');
    held[0]?.progress(3200, 6400);
    const [first, second] = states(editor);
    expect(first?.status).toBe('uploading');
    expect(first?.status === 'uploading' && first.progress).toBeGreaterThan(0.9);
    expect(second).toMatchObject({ status: 'uploading', progress: 0 });
    await held[0]?.release();
    const sent = await sending;
    expect(sent.status).toBe('AT_SIGNING');
    expect(editor.$state.get()).toMatchObject({ status: 'sent', documentId: sent.id, error: undefined });
    expect(states(editor)).toEqual([
      { name: 'a.pdf', status: 'done', fileId: sent.files[0]?.id },
      { name: 'b.pdf', status: 'done', fileId: sent.files[1]?.id },
    ]);
    expect(server.callsTo(['POST', DOCUMENT_PATHS.documents])).toHaveLength(1);
    expect(server.callsTo(['POST', DOCUMENT_PATHS.send])).toHaveLength(1);
  });

  it('refuses to send client-side with the blocker code, sending nothing', async () => {
    const { server } = await loggedInOn(test.server);
    const editor = createDraftEditor();
    ready(editor);
    await expect(editor.send()).rejects.toMatchObject({ code: 'DOCUMENT_WITHOUT_FILE', status: 400 });
    expect(editor.$state.get()).toMatchObject({ status: 'editing', error: 'DOCUMENT_WITHOUT_FILE' });
    expect(sentPosts(server)).toEqual([]);
  });

  it('cancelling one file while the draft is created sends the others again without it', async () => {
    const { held } = await setupGated();
    const editor = createDraftEditor();
    ready(editor);
    editor.addFiles([pdfFile('a.pdf'), pdfFile('b.pdf')]);
    const saving = editor.save();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const [, second] = editor.$state.get().files;
    editor.cancelUpload(second?.key ?? '');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    expect([...(held[1]?.request.body.getAll('files') ?? [])].map((file) => (file as File).name)).toEqual([
      'a.pdf',
    ]);
    await held[1]?.release();
    const saved = await saving;
    expect(saved.files.map((file) => file.name)).toEqual(['a.pdf']);
    expect(states(editor)).toEqual([{ name: 'a.pdf', status: 'done', fileId: saved.files[0]?.id }]);
  });

  it('keeps the files queued when the server refuses the draft, and failed when it refuses them', async () => {
    const { server } = await loggedInOn(test.server);
    const editor = createDraftEditor();
    ready(editor);
    editor.addFiles([pdfFile()]);
    server.failNext(['POST', DOCUMENT_PATHS.documents], refusal('SIGNER_DUPLICATE'));
    await expect(editor.save()).rejects.toMatchObject({ code: 'SIGNER_DUPLICATE' });
    expect(states(editor)[0]?.status).toBe('queued');
    expect(editor.$state.get().error).toBe('SIGNER_DUPLICATE');
    server.failNext(['POST', DOCUMENT_PATHS.documents], refusal('STORAGE_FULL'));
    await expect(editor.save()).rejects.toMatchObject({ code: 'STORAGE_FULL' });
    expect(states(editor)[0]).toMatchObject({ status: 'failed', code: 'STORAGE_FULL' });
    editor.retryFile(editor.$state.get().files[0]?.key ?? '');
    expect(states(editor)[0]?.status).toBe('queued');
    const saved = await editor.save();
    expect(states(editor)[0]).toMatchObject({ status: 'done', fileId: saved.files[0]?.id });
  });
});

describe('draft editor: an existing draft', () => {
  async function openDraft(options: { gated?: boolean } = {}) {
    const setup = options.gated ? await setupGated() : { ...(await loggedInOn(test.server)), held: [] };
    const creating = createDocument(
      { name: 'Договор поставки', signingMethod: 'SEQUENTIAL', signers: [danyar] },
      [pdfFile('a.pdf')],
    );
    if (options.gated) {
      await vi.waitFor(() => expect(setup.held).toHaveLength(1));
      await setup.held.splice(0)[0]?.release();
    }
    const created = await creating;
    const editor = createDraftEditor();
    await editor.load(created.id);
    return { ...setup, editor, created };
  }

  it('loads name, signing method, signers and stored files', async () => {
    const { editor, created } = await openDraft();
    expect(editor.$state.get()).toMatchObject({
      documentId: created.id,
      name: 'Договор поставки',
      signingMethod: 'SEQUENTIAL',
      signers: [{ ...danyar, key: expect.any(String), nameKk: '', approverEmail: null }],
      status: 'editing',
    });
    expect(states(editor)).toEqual([{ name: 'a.pdf', status: 'done', fileId: created.files[0]?.id }]);
    expect(editor.$sendBlocker.get()).toBeUndefined();
  });

  it('refuses to open a document that cannot be edited', async () => {
    await loggedInOn(test.server);
    const created = await createDocument(
      { name: 'Договор поставки', signingMethod: 'PARALLEL', signers: [danyar] },
      [pdfFile()],
    );
    const { sendDocument } = await import('./documentsApi');
    await sendDocument(created.id);
    const editor = createDraftEditor();
    await expect(editor.load(created.id)).rejects.toMatchObject({ code: 'DOCUMENT_CHANGE_FORBIDDEN' });
    expect(editor.$state.get()).toMatchObject({ status: 'failed', error: 'DOCUMENT_CHANGE_FORBIDDEN' });
  });

  it('uploads added files at once and blocks sending until they are stored', async () => {
    const { editor, held, server } = await openDraft({ gated: true });
    editor.addFiles([pdfFile('b.pdf', 1000), pdfFile('c.pdf', 1000)]);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(states(editor).map((file) => file.status)).toEqual(['done', 'uploading', 'uploading']);
    expect(editor.$sendBlocker.get()).toBe('FILES_STILL_UPLOADING');
    await expect(editor.send()).rejects.toMatchObject({ code: 'FILES_STILL_UPLOADING', status: 409 });
    // One upload at a time: a file added meanwhile waits for the next request.
    editor.addFiles([pdfFile('d.pdf')]);
    expect(states(editor).map((file) => file.status)).toEqual(['done', 'uploading', 'uploading', 'queued']);
    held[0]?.progress(2400, 2400);
    await held[0]?.release();
    await vi.waitFor(() => expect(held).toHaveLength(2));
    await held[1]?.release();
    await vi.waitFor(() => expect(editor.$sendBlocker.get()).toBeUndefined());
    expect(states(editor).map((file) => file.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf']);
    const document = { id: editor.$state.get().documentId ?? 0 };
    const stored = (await server.documents.view(document, { user: 'aigerim', company: ALFA })).files.map(
      (file) => file.id,
    );
    expect(states(editor).map((file) => (file.status === 'done' ? file.fileId : undefined))).toEqual(stored);
  });

  it('marks a refused upload failed with its code and retries it', async () => {
    const { editor, server } = await openDraft();
    server.failNext(['POST', DOCUMENT_PATHS.files], refusal('FILE_TOO_LARGE'));
    editor.addFiles([pdfFile('b.pdf')]);
    await vi.waitFor(() =>
      expect(states(editor)[1]).toMatchObject({ status: 'failed', code: 'FILE_TOO_LARGE' }),
    );
    editor.retryFile(editor.$state.get().files[1]?.key ?? '');
    await vi.waitFor(() => expect(states(editor)[1]?.status).toBe('done'));
  });

  it('removes a stored file from the draft, and saves and sends the edits', async () => {
    const { editor, server, created } = await openDraft();
    editor.addFiles([pdfFile('b.pdf')]);
    await vi.waitFor(() => expect(states(editor)[1]?.status).toBe('done'));
    await editor.removeFile(editor.$state.get().files[0]?.key ?? '');
    expect(server.callsTo(['DELETE', DOCUMENT_PATHS.file])).toHaveLength(1);
    expect(states(editor).map((file) => file.name)).toEqual(['b.pdf']);
    editor.setName('Договор аренды');
    editor.addSigner(dala);
    const sent = await editor.send();
    expect(server.callsTo(['PUT', DOCUMENT_PATHS.document])).toHaveLength(1);
    expect(sent).toMatchObject({ id: created.id, name: 'Договор аренды', status: 'AT_SIGNING' });
    expect(sent.signers.map((signer) => signer.nameRu)).toEqual(['Ахметов Данияр', 'ТОО Дала Софт']);
    expect(sent.files.map((file) => file.name)).toEqual(['b.pdf']);
  });

  it('sends a draft unchanged since it was loaded without saving it again', async () => {
    const { editor, server, created } = await openDraft();
    const sent = await editor.send();
    expect(server.callsTo(['PUT', DOCUMENT_PATHS.document])).toHaveLength(0);
    expect(sent).toMatchObject({ id: created.id, status: 'AT_SIGNING' });
  });

  it('keeps signer rows as typed: edits keep the row keys, blank rows are not saved, a bad row blocks', async () => {
    const { editor, server, created } = await openDraft();
    const [loaded] = editor.$state.get().signers;
    if (!loaded) throw new Error('no signer loaded');
    const blank = emptyDraftSigner();
    editor.setSigners([{ ...loaded, email: ' new@example.kz ' }, blank]);
    expect(editor.$state.get().signers.map((row) => row.key)).toEqual([loaded.key, blank.key]);
    expect(editor.$draftIssue.get()).toBeUndefined();
    editor.setSigners([loaded, { ...blank, identityNumber: '123' }]);
    expect(editor.$draftIssue.get()).toBe('IDENTITY_NUMBER_INVALID');
    await expect(editor.save()).rejects.toMatchObject({ code: 'IDENTITY_NUMBER_INVALID' });
    editor.setSigners([{ ...loaded, email: ' new@example.kz ' }, blank]);
    await editor.save();
    const [put] = server.callsTo(['PUT', DOCUMENT_PATHS.document]);
    expect(put?.json()).toMatchObject({ signers: [{ ...danyar, email: 'new@example.kz' }] });
    const stored = await server.documents.view(created, { user: 'aigerim', company: ALFA });
    expect(stored.signers.map((signer) => signer.email)).toEqual(['new@example.kz']);
  });

  it('stops uploads when disposed', async () => {
    const { editor, held } = await openDraft({ gated: true });
    editor.addFiles([pdfFile('b.pdf')]);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    editor.dispose();
    await vi.waitFor(() => expect(states(editor)[1]?.status).toBe('queued'));
    expect(held).toHaveLength(1);
  });
});
