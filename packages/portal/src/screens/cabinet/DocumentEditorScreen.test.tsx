import { DOCUMENT_PATHS, errorMessage } from '@qoltanba/core';
import { $snackbars, getDocument, setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { pdfFile, seedDraft, seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { ALFA_BIN, BETA_BIN, portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

const snackbars = () => $snackbars.get().map((snackbar) => snackbar.message);
const nameField = () => screen.getByRole('textbox', { name: 'Document name' });
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

function pick(container: HTMLElement, files: File[]): void {
  const input = container.querySelector('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

function fillSigner(identityNumber: string, email: string, nameRu: string): void {
  const signer = screen.getByRole('group', { name: 'Signer 1' });
  type(within(signer).getByRole('textbox', { name: /BIN\/IIN/ }), identityNumber);
  type(within(signer).getByRole('textbox', { name: /E-mail/ }), email);
  type(within(signer).getByRole('textbox', { name: /^Name in Russian/ }), nameRu);
}

async function openCreate() {
  const rendered = renderPortal('/cabinet/create');
  await screen.findByRole('heading', { level: 1, name: 'New document' });
  await screen.findByRole('textbox', { name: 'Document name' });
  return rendered;
}

describe('document editor', () => {
  it('creates a draft with its file and signer: a snackbar, then the document card', async () => {
    await test.signIn();
    const { router, container } = await openCreate();
    type(nameField(), 'Supply contract No. 7');
    pick(container, [pdfFile('supply.pdf')]);
    expect(await screen.findByText('supply.pdf')).toBeTruthy();
    fillSigner(BETA_BIN, 'beta@example.kz', 'АО Бета');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/cabinet\/document\/\d+$/));
    expect(snackbars()).toContain('Draft saved');
    expect(await screen.findByRole('heading', { level: 2, name: 'Supply contract No. 7' })).toBeTruthy();
    const stored = await getDocument(Number(router.state.location.pathname.split('/').pop()));
    expect(stored?.files.map((file) => file.name)).toEqual(['supply.pdf']);
    expect(stored?.signers.map((signer) => signer.identityNumber)).toEqual([BETA_BIN]);
    expect(stored?.status).toBe('DRAFT');
  });

  it('creates and sends at once: the outgoing card, at signing', async () => {
    await test.signIn();
    const { router, container } = await openCreate();
    type(nameField(), 'Act of acceptance');
    pick(container, [pdfFile('act.pdf')]);
    fillSigner(BETA_BIN, 'beta@example.kz', 'АО Бета');
    fireEvent.click(await screen.findByRole('button', { name: 'Send for signing' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/cabinet\/outgoing\/\d+$/));
    expect(snackbars()).toContain('The document was sent for signing');
    expect(await screen.findByText('Out for signing')).toBeTruthy();
  });

  it('sending needs a file: the reason is shown and nothing is sent', async () => {
    const { server } = await test.signIn();
    await openCreate();
    type(nameField(), 'Act without a file');
    fillSigner(BETA_BIN, 'beta@example.kz', 'АО Бета');
    const send = screen.getByRole('button', { name: 'Send for signing' });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    const reason = document.getElementById(send.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('A document cannot be created without a file');
    fireEvent.click(send);
    expect(server.callsTo(['POST', DOCUMENT_PATHS.documents])).toEqual([]);
  });

  it('naming the acting company as a signer is refused by the signer, before any request', async () => {
    const { server } = await test.signIn();
    const { container } = await openCreate();
    type(nameField(), 'Contract with myself');
    pick(container, [pdfFile('self.pdf')]);
    fillSigner(ALFA_BIN, 'alfa@example.kz', 'ТОО Альфа');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('You cannot add yourself as a signer')).toBeTruthy();
    expect(server.callsTo(['POST', DOCUMENT_PATHS.documents])).toEqual([]);
  });

  it('a refused save shows why in the current language and keeps everything typed', async () => {
    const { server } = await test.signIn();
    // A full storage, as the server answers it (filling the real quota is the server's own test).
    server.failNext(['POST', DOCUMENT_PATHS.documents], {
      status: 507,
      body: { code: 'STORAGE_FULL', message: errorMessage('STORAGE_FULL', 'en') },
    });
    const { router, container } = await openCreate();
    type(nameField(), 'Contract over quota');
    pick(container, [pdfFile('big.pdf')]);
    fillSigner(BETA_BIN, 'beta@example.kz', 'АО Бета');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findAllByText('There is no free space left in your storage')).not.toHaveLength(0);
    expect(router.state.location.pathname).toBe('/cabinet/create');
    expect((nameField() as HTMLInputElement).value).toBe('Contract over quota');
    expect(screen.getByText('big.pdf')).toBeTruthy();
  });

  it('opens a draft, renames it and saves: the card shows the new name', async () => {
    await test.signIn();
    const draft = await seedDraft('Lease agreement');
    const { router } = renderPortal(`/cabinet/draft/${draft.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Lease agreement')).toBeTruthy();
    expect(screen.getByText('contract.pdf')).toBeTruthy();
    type(nameField(), 'Lease agreement, 2026');
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/document/${draft.id}`));
    expect(await screen.findByRole('heading', { level: 2, name: 'Lease agreement, 2026' })).toBeTruthy();
    expect((await getDocument(draft.id)).name).toBe('Lease agreement, 2026');
  });

  it("edits an opened draft's signer in place and sends: one save with the edited signer", async () => {
    const { server } = await test.signIn();
    const draft = await seedDraft('Supply contract');
    const { router } = renderPortal(`/cabinet/draft/${draft.id}`);
    await screen.findByDisplayValue('Supply contract');
    const signer = screen.getByRole('group', { name: 'Signer 1' });
    type(within(signer).getByRole('textbox', { name: /E-mail/ }), 'office@beta.example.kz');
    fireEvent.click(screen.getByRole('button', { name: 'Send for signing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/outgoing/${draft.id}`));
    const saves = server.callsTo(['PUT', DOCUMENT_PATHS.document]);
    expect(saves).toHaveLength(1);
    expect(saves[0]?.json()).toMatchObject({
      signers: [{ identityNumber: BETA_BIN, email: 'office@beta.example.kz' }],
    });
    expect((await getDocument(draft.id)).signers.map((one) => one.email)).toEqual(['office@beta.example.kz']);
  });

  it('sends an opened draft nobody changed without saving it again', async () => {
    const { server } = await test.signIn();
    const draft = await seedDraft('Supply contract');
    const { router } = renderPortal(`/cabinet/draft/${draft.id}`);
    await screen.findByDisplayValue('Supply contract');
    fireEvent.click(screen.getByRole('button', { name: 'Send for signing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/outgoing/${draft.id}`));
    expect(server.callsTo(['PUT', DOCUMENT_PATHS.document])).toHaveLength(0);
    expect((await getDocument(draft.id)).status).toBe('AT_SIGNING');
  });

  it('a file added to an existing draft uploads at once', async () => {
    await test.signIn();
    const draft = await seedDraft('Draft with an annex');
    const { container } = renderPortal(`/cabinet/edit/${draft.id}`);
    await screen.findByDisplayValue('Draft with an annex');
    pick(container, [pdfFile('annex.pdf')]);
    await waitFor(async () =>
      expect((await getDocument(draft.id)).files.map((file) => file.name)).toEqual([
        'contract.pdf',
        'annex.pdf',
      ]),
    );
    expect(await screen.findAllByText('Uploaded')).toHaveLength(2);
  });

  it('a document that can no longer be edited says so, with "Try again" and the way to its card', async () => {
    await test.signIn();
    const sent = await seedSent('Sent already');
    renderPortal(`/cabinet/draft/${sent.id}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Could not open the document' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This document cannot be changed');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the document card' }).getAttribute('href')).toBe(
      `/cabinet/document/${sent.id}`,
    );
  });

  it('the company cannot be switched while the editor is open', async () => {
    await test.signIn();
    await openCreate();
    const switcher = screen.getByRole('button', { name: /ТОО «Альфа/ });
    expect(switcher.getAttribute('aria-disabled')).toBe('true');
  });
});
