import { notificationLink } from '@qoltanba/core';
import { $selectedCompanyBin, setLocale, trashDocument } from '@qoltanba/sdk';
import { ALFA, addUser, BETA, NEWCOMER } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';

// A notification e-mail links to `/cabinet/document/:id`; by the time it is opened the user may no longer see the
// document. Each way lands on a page that says where the user is, never a blank one.

const test = portalServerPerFile();

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

const GONE =
  'You cannot see this document: it was deleted, or it belongs to a company you are no longer a member of. ' +
  'If you are in several companies, choose the one it was sent to in the header.';

describe("an e-mailed notification's link opens the document as the company it concerns", () => {
  it('switches to that company first when the browser had another selected, then drops it from the address', async () => {
    // aigerim is in ALFA (main, selected) and BETA; daniyar's document went to BETA only.
    const { server } = await test.signIn('aigerim');
    const toBeta = await server.documents.sent({
      from: { user: 'daniyar' },
      name: 'Act for Beta',
      signers: [BETA],
    });
    expect($selectedCompanyBin.get()).toBe(ALFA.bin);
    const { router } = renderPortal(notificationLink('document.received', toBeta.id, BETA.bin));
    expect(await screen.findByRole('heading', { level: 2, name: 'Act for Beta' })).toBeTruthy();
    expect($selectedCompanyBin.get()).toBe(BETA.bin);
    expect(router.state.location.pathname).toBe(`/cabinet/document/${toBeta.id}`);
    expect(router.state.location.search).toBe('');
  });

  it('a company the user is not in changes nothing: the selection stays and the page says it is not theirs', async () => {
    const { server } = await test.signIn('bolat');
    const other = await server.documents.sent({
      from: { user: 'daniyar' },
      signers: [{ individual: 'operator' }],
    });
    const before = $selectedCompanyBin.get();
    const { router } = renderPortal(notificationLink('document.received', other.id, ALFA.bin));
    expect((await screen.findByRole('alert')).textContent).toBe('Status, company or document not found');
    expect($selectedCompanyBin.get()).toBe(before);
    expect(router.state.location.search).toBe('');
  });
});

describe("a notification's link into a document the user may no longer see", () => {
  it('a company the user is not (or no longer) in: not found, with why and the way to the incoming documents', async () => {
    // bolat is in АО Бета only; daniyar's document to the operator never concerned it.
    const { server } = await test.signIn('bolat');
    const other = await server.documents.sent({
      from: { user: 'daniyar' },
      signers: [{ individual: 'operator' }],
    });
    const { router } = renderPortal(`/cabinet/document/${other.id}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Status, company or document not found');
    const gone = screen.getByText(/^You cannot see this document/);
    expect(gone.textContent).toBe(`${GONE} Go to incoming documents`);
    fireEvent.click(screen.getByRole('link', { name: 'Go to incoming documents' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cabinet/incoming'));
  });

  it('a document the company trashed: its card, saying it is in the trash and offering to restore it', async () => {
    await test.signIn();
    const sent = await seedSent('Act moved to trash');
    await trashDocument(sent.id);
    renderPortal(`/cabinet/document/${sent.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Act moved to trash' })).toBeTruthy();
    expect(screen.getByText(/In the trash\. Deleted in 30 days/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy();
    expect(screen.queryByText(/^You cannot see this document/)).toBeNull();
  });

  it('a user left without any company: the onboarding start, not an empty document page', async () => {
    const { server } = await test.signIn();
    const sent = await seedSent('Act of delivered work');
    await addUser(server, NEWCOMER);
    await test.signIn(NEWCOMER);
    const { router } = renderPortal(`/cabinet/document/${sent.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Getting started' }, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/onboarding');
  });

  it('speaks the chosen language', async () => {
    setLocale('ru');
    await test.signIn('bolat');
    renderPortal('/cabinet/document/not-a-number');
    expect((await screen.findByText(/^Этот документ вам недоступен/)).textContent).toContain(
      'выберите в шапке ту, которой он был отправлен',
    );
    expect(screen.getByRole('link', { name: 'К входящим' })).toBeTruthy();
  });
});
