import { DOCUMENT_PATHS, type ErrorCode, EVIDENCE_PATHS, errorMessage, SIGNING_PATHS } from '@qoltanba/core';
import {
  $snackbars,
  createDocument,
  createFolder,
  listExternalLinks,
  sendDocument,
  setLocale,
} from '@qoltanba/sdk';
import { BETA, type Failure } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { draftOf, pdfFile, seedDraft, seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { ALFA_BIN, BETA_BIN, portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

/** A refusal in the server's shape (status and catalogue message), for a fault the world cannot provoke. */
const refusal = (code: ErrorCode, status: number): Failure => ({
  status,
  body: { code, message: errorMessage(code, 'en') },
});

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

const actions = () => screen.getByRole('group', { name: 'Document actions' });
const act = (name: string) => fireEvent.click(within(actions()).getByRole('button', { name }));
const snackbars = () => $snackbars.get().map((snackbar) => snackbar.message);

async function openCard(path: string, name: string) {
  const rendered = renderPortal(path);
  await screen.findByRole('heading', { level: 2, name });
  return rendered;
}

describe('document screen', () => {
  it('loads the card: files, signers and history, with the actions the sender has', async () => {
    const { server } = await test.signIn();
    const sent = await seedSent('Supply contract 2026');
    const held = server.hold(['GET', DOCUMENT_PATHS.document]);
    renderPortal(`/cabinet/outgoing/${sent.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Outgoing document' })).toBeTruthy();
    await held.arrived;
    expect(await screen.findByText('Loading…')).toBeTruthy();
    held.release();
    await screen.findByRole('heading', { level: 2, name: 'Supply contract 2026' });
    expect(screen.getByText('contract.pdf')).toBeTruthy();
    expect(screen.getByText('Out for signing')).toBeTruthy();
    const signers = screen.getByRole('region', { name: 'Signers' });
    expect(within(signers).getByText(/АО Бета/)).toBeTruthy();
    const history = screen.getByRole('region', { name: 'History' });
    expect(await within(history).findByText('Sent for signing')).toBeTruthy();
    const offered = within(actions())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual(['Sign', 'Revoke', 'Make a copy', 'Move to folder', 'Move to trash']);
  });

  it('a document the company does not take part in reads as not found; "Try again" asks again', async () => {
    const { server } = await test.signIn();
    // Another party's document: daniyar (as an individual) to the operator; aigerim's companies take no part in it.
    const other = await server.documents.sent({
      from: { user: 'daniyar' },
      signers: [{ individual: 'operator' }],
    });
    renderPortal(`/cabinet/document/${other.id}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Status, company or document not found');
    const asked = server.callsTo(['GET', DOCUMENT_PATHS.document]).length;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.callsTo(['GET', DOCUMENT_PATHS.document]).length).toBe(asked + 1));
  });

  it("shows the sender each signer's link delivery; a resend too soon counts down the time left", async () => {
    const { server } = await test.signIn();
    const sent = await seedSent('Supply contract 2026');
    await openCard(`/cabinet/outgoing/${sent.id}`, 'Supply contract 2026');
    const signers = screen.getByRole('region', { name: 'Signers' });
    expect(within(signers).getByText(/^Link sent /)).toBeTruthy();
    fireEvent.click(within(signers).getByRole('button', { name: 'Send the link again' }));
    // The server's cooldown: the send's e-mail went out a moment ago.
    const waiting = await within(signers).findByRole('button', {
      name: /^Send the link again in (9:5\d|10:00)$/,
    });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(snackbars().at(-1)).toMatch(
      /^A link was sent to this signer recently\. You can send it again in \d+ seconds$/,
    );
    expect(server.callsTo(['POST', SIGNING_PATHS.resendSigningLink])).toHaveLength(1);
  });

  it('shows the sender a signer awaiting approval and sends its approver a new link; too soon, it counts down', async () => {
    const { server } = await test.signIn();
    const draft = draftOf('Lease with approval');
    const signers = draft.signers.map((signer) => ({ ...signer, approverEmail: 'lawyer@beta.example.kz' }));
    const created = await createDocument({ ...draft, signers }, [pdfFile('lease.pdf')], { bin: ALFA_BIN });
    const sent = await sendDocument(created.id, { bin: ALFA_BIN });
    await openCard(`/cabinet/outgoing/${sent.id}`, 'Lease with approval');
    const region = screen.getByRole('region', { name: 'Signers' });
    expect(within(region).getByText('Awaiting approval')).toBeTruthy();
    // The reminder status says the signer's turn has come: the button shows once it is read.
    const again = await within(region).findByRole('button', { name: 'Send the approval link again' });
    fireEvent.click(again);
    // The server's cooldown: the approval e-mail went out with the send a moment ago.
    const waiting = await within(region).findByRole('button', {
      name: /^Send the approval link again in (9:5\d|10:00)$/,
    });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    expect(snackbars().at(-1)).toMatch(/^A link was sent to this signer recently\./);
    expect(server.callsTo(['POST', SIGNING_PATHS.resendApprovalLink])).toHaveLength(1);
  });

  it('the sender reminds every signer at once; each then counts its waiting time down in hours', async () => {
    const { server } = await test.signIn();
    const draft = draftOf('Contract for two');
    const signers = [
      ...draft.signers,
      { identityNumber: '920715401122', email: 'danyar@example.kz', nameRu: 'Ахметов Данияр' },
    ];
    const created = await createDocument({ ...draft, signers }, [pdfFile('two.pdf')], { bin: ALFA_BIN });
    const sent = await sendDocument(created.id, { bin: ALFA_BIN });
    await openCard(`/cabinet/outgoing/${sent.id}`, 'Contract for two');
    const region = screen.getByRole('region', { name: 'Signers' });
    fireEvent.click(await within(region).findByRole('button', { name: 'Remind all' }));
    await waitFor(() => expect(snackbars().at(-1)).toBe('Reminder sent'));
    const waiting = await within(region).findAllByRole('button', {
      name: /^Remind again in 2[34]:\d\d:\d\d$/,
    });
    expect(waiting).toHaveLength(2);
    expect((within(region).getByRole('button', { name: 'Remind all' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const calls = server.callsTo(['POST', SIGNING_PATHS.reminders]);
    expect(calls).toHaveLength(1);
  });

  it('a non-numeric id is not found without asking the server', async () => {
    const { server } = await test.signIn();
    renderPortal('/cabinet/incoming/abc');
    expect((await screen.findByRole('alert')).textContent).toBe('Status, company or document not found');
    expect(server.callsTo(['GET', DOCUMENT_PATHS.document])).toEqual([]);
  });

  it('an incoming document offers its signer to sign or reject it, file it or trash it', async () => {
    await test.signIn();
    const sent = await seedSent('Invoice from Beta', BETA_BIN);
    await openCard(`/cabinet/incoming/${sent.id}`, 'Invoice from Beta');
    const offered = within(actions())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(offered).toEqual(['Sign', 'Reject', 'Move to folder', 'Move to trash']);
  });

  it('send: a snackbar, then the outgoing card of the document', async () => {
    await test.signIn();
    const draft = await seedDraft('Draft to send');
    const { router } = await openCard(`/cabinet/document/${draft.id}`, 'Draft to send');
    act('Send for signing');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/outgoing/${draft.id}`));
    expect(snackbars()).toContain('The document was sent for signing');
    expect(await screen.findByText('Out for signing')).toBeTruthy();
  });

  it('a draft offers "Sign and send", which opens the sign panel', async () => {
    await test.signIn();
    const draft = await seedDraft('Draft to sign');
    await openCard(`/cabinet/document/${draft.id}`, 'Draft to sign');
    expect(screen.queryByRole('region', { name: 'Sign the document' })).toBeNull();
    act('Sign and send');
    const panel = await screen.findByRole('region', { name: 'Sign the document' });
    expect(within(panel).getByRole('button', { name: 'Sign with EDS (NCALayer)' })).toBeTruthy();
  });

  it('edit opens the draft editor', async () => {
    await test.signIn();
    const draft = await seedDraft('Draft to edit');
    const { router } = await openCard(`/cabinet/document/${draft.id}`, 'Draft to edit');
    act('Edit');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/draft/${draft.id}`));
    expect(await screen.findByDisplayValue('Draft to edit')).toBeTruthy();
  });

  it('trash and restore: each with its snackbar and the screen where the document now is', async () => {
    await test.signIn();
    const sent = await seedSent('Act to trash');
    const { router } = await openCard(`/cabinet/outgoing/${sent.id}`, 'Act to trash');
    act('Move to trash');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/trash/${sent.id}`));
    expect(snackbars()).toContain('The document was moved to the trash');
    expect(await screen.findByText(/In the trash\. Deleted/)).toBeTruthy();

    fireEvent.click(await within(actions()).findByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/outgoing/${sent.id}`));
    expect(snackbars()).toContain('The document was restored from the trash');
  });

  it('copy makes a new draft and opens it in the copy editor', async () => {
    await test.signIn();
    const sent = await seedSent('Contract to copy');
    const { router } = await openCard(`/cabinet/outgoing/${sent.id}`, 'Contract to copy');
    act('Make a copy');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/cabinet\/copy\/\d+$/));
    expect(router.state.location.pathname).not.toBe(`/cabinet/copy/${sent.id}`);
    expect(snackbars()).toContain('A copy was made: it is in your drafts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Copy document' })).toBeTruthy();
    expect(await screen.findByDisplayValue('Contract to copy')).toBeTruthy();
  });

  it('moves the document into a folder and opens that folder', async () => {
    await test.signIn();
    const folder = await createFolder({ name: 'Contracts 2026' });
    const sent = await seedSent('Contract to file');
    const { router } = await openCard(`/cabinet/outgoing/${sent.id}`, 'Contract to file');
    act('Move to folder');
    const chooser = await screen.findByRole('region', { name: 'Move to folder' });
    const select = within(chooser).getByRole('combobox', { name: 'Folder' });
    await within(chooser).findByRole('option', { name: 'Contracts 2026' });
    fireEvent.change(select, { target: { value: String(folder.id) } });
    fireEvent.click(within(chooser).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/folder/${folder.id}`));
    expect(router.state.location.search).toBe('?box=outgoing');
    expect(snackbars()).toContain('The document was moved to the folder “Contracts 2026”');
  });

  it('a refused action shows its reason by the actions, in the current language', async () => {
    const { server } = await test.signIn();
    const sent = await seedSent('Act that will not go');
    server.failNext(['POST', DOCUMENT_PATHS.trash], refusal('DOCUMENT_CHANGE_FORBIDDEN', 403));
    const { router } = await openCard(`/cabinet/outgoing/${sent.id}`, 'Act that will not go');
    act('Move to trash');
    expect((await within(actions()).findByRole('alert')).textContent).toBe('This document cannot be changed');
    expect(router.state.location.pathname).toBe(`/cabinet/outgoing/${sent.id}`);
    setLocale('ru');
    expect(await within(actions()).findByText('Изменение документа запрещено')).toBeTruthy();
  });

  it('previews a file in the PDF viewer and closes it', async () => {
    const { server } = await test.signIn();
    const sent = await seedSent('Contract to read');
    await openCard(`/cabinet/outgoing/${sent.id}`, 'Contract to read');
    fireEvent.click(screen.getByRole('button', { name: /Preview/ }));
    const preview = await screen.findByRole('region', { name: 'Preview: contract.pdf' });
    await waitFor(() => expect(server.callsTo(['GET', DOCUMENT_PATHS.filePreview])).toHaveLength(1));
    expect(document.activeElement).toBe(within(preview).getByRole('heading', { level: 2 }));
    fireEvent.click(within(preview).getByRole('button', { name: 'Close the preview' }));
    expect(screen.queryByRole('region', { name: 'Preview: contract.pdf' })).toBeNull();
  });

  it('a preview the server cannot make says why, with the download', async () => {
    const { server } = await test.signIn();
    const sent = await seedSent('Contract without preview');
    server.failNext(['GET', DOCUMENT_PATHS.filePreview], refusal('PREVIEW_UNAVAILABLE', 503));
    await openCard(`/cabinet/outgoing/${sent.id}`, 'Contract without preview');
    fireEvent.click(screen.getByRole('button', { name: /Preview/ }));
    const preview = await screen.findByRole('region', { name: 'Preview: contract.pdf' });
    expect(await within(preview).findByRole('alert')).toBeTruthy();
  });
});

describe('sharing and evidence on the document card', () => {
  it('"Share link" makes a link, shows its URL once, lists it and revokes it after a confirmation', async () => {
    await test.signIn();
    const sent = await seedSent('Supply contract 2026');
    await openCard(`/cabinet/outgoing/${sent.id}`, 'Supply contract 2026');
    const open = screen.getByRole('button', { name: 'Share link' });
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Link to the document' });
    expect(await within(dialog).findByText('No links yet.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Valid for, days (1–365)' }), {
      target: { value: '7' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Who it is for (only you see this)' }), {
      target: { value: 'Bank' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const url = (await within(dialog).findByRole('textbox', { name: 'Link' })) as HTMLInputElement;
    expect(url.value).toMatch(new RegExp(`/document/${sent.id}/by-hash#[A-Za-z0-9_-]{43}$`));
    expect(within(dialog).getByText('Bank')).toBeTruthy();
    const [link] = await listExternalLinks(sent.id);
    expect(link?.label).toBe('Bank');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, revoke' }));
    expect(await within(dialog).findByText('Revoked')).toBeTruthy();
    expect((await listExternalLinks(sent.id)).map((each) => each.revokedAt === null)).toEqual([false]);
    expect(within(dialog).queryByRole('textbox', { name: 'Link' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('a draft offers no sharing and no evidence; a signed document downloads its evidence with the bearer', async () => {
    const { server } = await test.signIn();
    const draft = await seedDraft('Draft act');
    const { unmount } = await openCard(`/cabinet/outgoing/${draft.id}`, 'Draft act');
    expect(screen.queryByRole('button', { name: 'Share link' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Evidence' })).toBeNull();
    unmount();

    const sent = await seedSent('Signed contract');
    // Its one signer, АО Бета, signs (bolat, with a real CMS): the document is signed.
    await server.documents.sign(sent, { user: 'bolat', company: BETA });
    await openCard(`/cabinet/outgoing/${sent.id}`, 'Signed contract');
    const evidence = screen.getByRole('region', { name: 'Evidence' });
    const buttons = within(evidence)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual([
      'Signed package (ZIP)',
      'Signature sheet (PDF)',
      'Printable copy: contract.pdf',
    ]);
    fireEvent.click(within(evidence).getByRole('button', { name: 'Signed package (ZIP)' }));
    await waitFor(() => expect(server.callsTo(['GET', EVIDENCE_PATHS.signedPackage])).toHaveLength(1));
    expect(server.callsTo(['GET', EVIDENCE_PATHS.signedPackage])[0]?.headers.get('authorization')).toMatch(
      /^Bearer /,
    );
    // One download at a time: the next button works once the first is saved.
    const zipButton = within(evidence).getByRole('button', { name: 'Signed package (ZIP)' });
    // Building the package on the real server can pass the 5 s default on a loaded machine.
    await waitFor(() => expect(zipButton.getAttribute('aria-busy')).toBeNull(), { timeout: 15_000 });
    fireEvent.click(within(evidence).getByRole('button', { name: 'Printable copy: contract.pdf' }));
    await waitFor(() => expect(server.callsTo(['GET', EVIDENCE_PATHS.printableCopy])).toHaveLength(1));
  }, 45_000);
});
