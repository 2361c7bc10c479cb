import { DOCUMENT_MAX_FILES, MAX_FILE_BYTES } from '@qoltanba/core';
import { ApiError, type DraftEditor, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTING, PARTIES } from '../story-support/document-fixtures';
import { DocumentFormOnDraft, type DocumentFormOnDraftProps } from '../story-support/draft-form';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import * as stories from './DocumentForm.stories';
import { checkPickedFiles, sendBlocker, type UploadItem } from './upload-model';

const file = (name: string, size = 1000) =>
  new File([new Uint8Array(Math.min(size, 10))], name, { type: '' });
const sized = (name: string, size: number) => {
  const f = file(name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const DONE: UploadItem = { key: 'd1', name: 'dogovor.pdf', size: 5000, state: { status: 'done', fileId: 1 } };
const withState = (state: UploadItem['state']): UploadItem => ({ ...DONE, state });
const SIGNER = { identityNumber: PARTIES.beta.bin, email: 'office@beta.example.kz', nameRu: 'АО «Бета»' };

function renderForm(props: Partial<DocumentFormOnDraftProps> = {}) {
  const handlers = {
    onAddFiles: vi.fn(),
    onSaveDraft: vi.fn(async () => undefined),
    onSend: vi.fn(async () => undefined),
    onCancelUpload: vi.fn(),
    onRemoveFile: vi.fn(),
    onRetryUpload: vi.fn(),
  };
  let editor: DraftEditor | undefined;
  const view = render(
    <DocumentFormOnDraft
      files={[]}
      actingBin={ACTING.bin}
      {...handlers}
      {...props}
      onEditor={(made) => {
        editor = made;
      }}
    />,
  );
  if (!editor) throw new Error('no draft editor');
  return { ...view, ...handlers, editor };
}

const nameField = () => screen.getByRole('textbox', { name: 'Document name' }) as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Send for signing' });

describe('document form models', () => {
  it('checks format, size and count of picked files before upload', () => {
    const { accepted, refused } = checkPickedFiles(
      [file('a.PDF'), file('notes.txt'), sized('big.docx', MAX_FILE_BYTES + 1), file('b.odt'), file('c.doc')],
      DOCUMENT_MAX_FILES - 2,
    );
    expect(accepted.map((f) => f.name)).toEqual(['a.PDF', 'b.odt']);
    expect(refused).toEqual([
      { name: 'notes.txt', problem: 'FILE_FORMAT_NOT_ALLOWED' },
      { name: 'big.docx', problem: 'FILE_TOO_LARGE' },
      { name: 'c.doc', problem: 'DOCUMENT_FILES_LIMIT' },
    ]);
  });

  it('says why sending is blocked: uploads first, then files, then signers', () => {
    expect(sendBlocker([withState({ status: 'uploading', progress: 0.5 })], 1)).toBe('FILES_STILL_UPLOADING');
    expect(sendBlocker([withState({ status: 'failed', code: 'STORAGE_FULL' })], 1)).toBe(
      'DOCUMENT_WITHOUT_FILE',
    );
    expect(sendBlocker([withState({ status: 'queued' })], 1)).toBeUndefined();
    expect(sendBlocker([DONE], 0)).toBe('SIGNERS_REQUIRED');
    expect(sendBlocker([DONE], 1)).toBeUndefined();
  });
});

describe('DocumentForm', () => {
  beforeEach(() => setLocale('en'));

  it('passes picked files that pass the checks on and lists the refused ones with the reason', () => {
    const { onAddFiles, container } = renderForm();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.doc,.docx,.odt');
    const ok = file('dogovor.pdf');
    fireEvent.change(input, { target: { files: [ok, sized('scan.pdf', MAX_FILE_BYTES + 1)] } });
    expect(onAddFiles).toHaveBeenCalledExactlyOnceWith([ok]);
    const refused = screen.getByText('Not added: scan.pdf').closest('[role="alert"]');
    expect(refused?.textContent).toContain('Not added: scan.pdf — File size must not exceed 5 MB');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Not added/)).toBeNull();
  });

  it('takes dropped files', () => {
    const { onAddFiles } = renderForm();
    const zone = screen.getByText('Drag files here or').closest('div') as HTMLElement;
    const dropped = file('akt.docx');
    fireEvent.dragOver(zone, { dataTransfer: { files: [dropped] } });
    expect(zone.getAttribute('data-dragging')).toBe('true');
    fireEvent.drop(zone, { dataTransfer: { files: [dropped] } });
    expect(onAddFiles).toHaveBeenCalledExactlyOnceWith([dropped]);
    expect(zone.getAttribute('data-dragging')).toBeNull();
  });

  it('shows each upload with a progress bar and cancel, retry or remove', () => {
    const { onCancelUpload, onRetryUpload, onRemoveFile } = renderForm({
      files: [
        { key: 'u', name: 'akt.pdf', size: 2048, state: { status: 'uploading', progress: 0.404 } },
        { key: 'x', name: 'scan.pdf', size: 2048, state: { status: 'failed', code: 'STORAGE_FULL' } },
        { key: 'q', name: 'akt-2.pdf', size: 2048, state: { status: 'queued' } },
        DONE,
      ],
    });
    const bar = screen.getByRole('progressbar', { name: 'Uploading akt.pdf' });
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['40', '100']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of akt.pdf' }));
    expect(onCancelUpload).toHaveBeenCalledWith('u');
    expect(screen.getByText('There is no free space left in your storage')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry the upload of scan.pdf' }));
    expect(onRetryUpload).toHaveBeenCalledWith('x');
    fireEvent.click(screen.getByRole('button', { name: 'Remove dogovor.pdf' }));
    expect(onRemoveFile).toHaveBeenCalledWith('d1');
    expect(screen.getByText('Uploaded')).toBeTruthy();
    expect(screen.getByText('Uploads when saved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload of akt-2.pdf' }));
    expect(onCancelUpload).toHaveBeenLastCalledWith('q');
  });

  it.each([
    [[], [SIGNER], 'A document cannot be created without a file'],
    [
      [withState({ status: 'uploading', progress: 0 })],
      [SIGNER],
      'Files are still uploading. Wait until the upload finishes',
    ],
    [[DONE], [], 'Add at least one signer to send the document'],
  ])('keeps "Send" unavailable with the reason (%#)', (files, signers, reason) => {
    const { onSend } = renderForm({ files, initial: { name: 'Договор поставки', signers } });
    expect(sendButton().getAttribute('aria-disabled')).toBe('true');
    const described = document.getElementById(sendButton().getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe(reason);
    fireEvent.click(sendButton());
    expect(onSend).not.toHaveBeenCalled();
  });

  it("checks the name with core's rule once it is left, in the user's language", () => {
    setLocale('ru');
    render(
      <DocumentFormOnDraft
        files={[]}
        actingBin={ACTING.bin}
        onAddFiles={vi.fn()}
        onSaveDraft={vi.fn()}
        onSend={vi.fn()}
      />,
    );
    const name = screen.getByRole('textbox', { name: 'Название документа' });
    fireEvent.change(name, { target: { value: 'Акт' } });
    fireEvent.blur(name);
    expect(screen.getByText('Название документа должно содержать от 5 до 60 символов')).toBeTruthy();
  });

  it('saves a draft with the name and method, dropping empty signer rows', async () => {
    const { onSaveDraft } = renderForm();
    fireEvent.change(nameField(), { target: { value: '  Договор поставки  ' } });
    fireEvent.click(screen.getByRole('radio', { name: /Sequential/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(onSaveDraft).toHaveBeenCalledOnce());
    expect(onSaveDraft).toHaveBeenCalledWith({
      name: 'Договор поставки',
      signingMethod: 'SEQUENTIAL',
      signers: [],
    });
    expect(screen.queryByRole('group', { name: 'Signer 1' })).toBeNull();
  });

  it('sends the document with its signers once files are uploaded', async () => {
    const { onSend } = renderForm({
      files: [DONE],
      initial: { name: 'Договор поставки', signers: [SIGNER] },
    });
    expect(sendButton().getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(sendButton());
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]).toEqual([
      {
        name: 'Договор поставки',
        signingMethod: 'PARALLEL',
        signers: [{ ...SIGNER, nameKk: null, approverEmail: null }],
      },
    ]);
  });

  it('only sends when no draft saving is given (the embedded create form)', async () => {
    const { onSend } = renderForm({
      onSaveDraft: undefined,
      files: [withState({ status: 'queued' })],
      initial: { name: 'Договор поставки', signers: [SIGNER] },
    });
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    fireEvent.click(sendButton());
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
  });

  it("takes the draft editor's send blocker over its own reckoning", () => {
    renderForm({
      files: [withState({ status: 'failed', code: 'STORAGE_FULL' }), DONE],
      sendBlocker: 'FILES_STILL_UPLOADING',
      initial: { signers: [SIGNER] },
    });
    expect(sendButton().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Files are still uploading. Wait until the upload finishes')).toBeTruthy();
  });

  it("is a view of the sdk draft editor: edits go to the editor's state, the editor's changes show", () => {
    const { editor } = renderForm({ initial: { name: 'Договор', signers: [SIGNER] } });
    const [row] = editor.$state.get().signers;
    fireEvent.change(nameField(), { target: { value: 'Договор поставки' } });
    fireEvent.click(screen.getByRole('radio', { name: /Sequential/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'E-mail' }), {
      target: { value: 'new@beta.example.kz' },
    });
    expect(editor.$state.get()).toMatchObject({
      name: 'Договор поставки',
      signingMethod: 'SEQUENTIAL',
      signers: [{ key: row?.key, identityNumber: SIGNER.identityNumber, email: 'new@beta.example.kz' }],
    });
    act(() => editor.setName('Договор аренды'));
    expect(nameField().value).toBe('Договор аренды');
  });

  it('does not submit with a wrong signer and focuses the first problem', () => {
    const { onSaveDraft } = renderForm({
      initial: { name: 'Договор поставки', signers: [{ ...SIGNER, identityNumber: ACTING.bin }] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(onSaveDraft).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'BIN/IIN' }));
    expect(screen.getByText('You cannot add yourself as a signer')).toBeTruthy();
  });

  it('keeps everything typed when the server refuses, and shows why', async () => {
    let refuse: (error: unknown) => void = () => undefined;
    const onSend = vi.fn(() => new Promise<void>((_, reject) => (refuse = reject)));
    renderForm({ files: [DONE], onSend, initial: { signers: [SIGNER] } });
    fireEvent.change(nameField(), { target: { value: 'Договор поставки' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(sendButton().getAttribute('aria-busy')).toBe('true'));
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledOnce();
    await act(async () => refuse(new ApiError(402, 'TARIFF_EXPIRED', 'Срок действия тарифа истёк')));
    expect(screen.getByRole('alert').textContent).toBe('Your tariff has expired. Renew it to send documents');
    expect(nameField().value).toBe('Договор поставки');
    expect(screen.getByRole('textbox', { name: 'BIN/IIN' })).toHaveProperty('value', PARTIES.beta.bin);
    expect(sendButton().getAttribute('aria-busy')).toBeNull();
  });

  it("a refusal with a page to fix it links there: the tariffs page, opened by the app's router", async () => {
    const onOpenLink = vi.fn();
    const refusal = new ApiError(402, 'FREE_TARIFF_ALREADY_USED', 'Free tariff already used', {
      link: '/tariffs',
    });
    const onSend = vi.fn(async () => Promise.reject(refusal));
    renderForm({
      files: [DONE],
      onSend,
      onOpenLink,
      initial: { name: 'Договор поставки', signers: [SIGNER] },
    });
    fireEvent.click(sendButton());
    const link = await screen.findByRole('link', { name: 'Choose a plan' });
    expect(screen.getByRole('alert').textContent).toBe('Free tariff already used Choose a plan');
    expect(link.getAttribute('href')).toBe('/tariffs');
    fireEvent.click(link);
    expect(onOpenLink).toHaveBeenCalledWith('/tariffs');
    act(() => setLocale('ru'));
    expect(screen.getByRole('link', { name: 'Выбрать тариф' })).toBeTruthy();
  });

  it('a refusal without a page to fix it has no link', async () => {
    const onSend = vi.fn(async () => Promise.reject(new ApiError(507, 'STORAGE_FULL', '')));
    renderForm({ files: [DONE], onSend, initial: { name: 'Договор поставки', signers: [SIGNER] } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows a refused name at the name field', async () => {
    const onSaveDraft = vi.fn(async () => Promise.reject(new ApiError(400, 'DOCUMENT_NAME_LENGTH', '')));
    renderForm({ onSaveDraft, initial: { name: 'Договор поставки' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
  });

  it('has no axe violations with uploads, problems and the blocked send', async () => {
    const { container } = renderForm({
      files: [{ key: 'u', name: 'akt.pdf', size: 2048, state: { status: 'uploading', progress: 0.4 } }, DONE],
      initial: { name: 'Акт', signers: [SIGNER] },
    });
    fireEvent.blur(nameField());
    await expectNoAxeViolations(container);
  });
});

describe('DocumentForm stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('form')).toBeTruthy());
});
