import { EVIDENCE_PATHS, EXTERNAL_LINK_HEADER, EXTERNAL_LINK_PATHS } from '@qoltanba/core';
import { createExternalLink, revokeExternalLink, setLocale } from '@qoltanba/sdk';
import { BETA } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

/** A sent document of ТОО Альфа signed by АО Бета (a real CMS by bolat), and an external link to it. */
async function shared() {
  const session = await test.signIn();
  const document = await seedSent('Supply contract 2026');
  await session.server.documents.sign(document, { user: 'bolat', company: BETA });
  const link = await createExternalLink(document.id, { expiresInDays: 7 });
  const url = new URL(link.url);
  return { ...session, document, link, page: `${url.pathname}${url.hash}`, token: url.hash.slice(1) };
}

describe('external document link page', () => {
  it('shows the document read-only with the verification verdict; the token travels in a header only', async () => {
    const { server, page, token } = await shared();
    renderPortal(page);
    expect(await screen.findByRole('heading', { level: 2, name: 'Supply contract 2026' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Shared document' })).toBeTruthy();
    expect(await screen.findByText('All signatures are valid')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Document actions' })).toBeNull();
    expect(screen.queryByText('beta@example.kz')).toBeNull();
    const [call] = server.callsTo(['GET', EXTERNAL_LINK_PATHS.document]);
    expect(call?.headers.get(EXTERNAL_LINK_HEADER)).toBe(token);
    expect(server.calls.every((entry) => !entry.path.includes(token))).toBe(true);
    // No cabinet evidence on the shared page.
    expect(server.callsTo(['GET', EVIDENCE_PATHS.signedPackage])).toHaveLength(0);
  });

  it('previews a file through the link', async () => {
    const { server, page } = await shared();
    renderPortal(page);
    await screen.findByRole('heading', { level: 2, name: 'Supply contract 2026' });
    fireEvent.click(screen.getByRole('button', { name: 'Preview contract.pdf' }));
    await waitFor(() => expect(server.callsTo(['GET', EXTERNAL_LINK_PATHS.filePreview])).toHaveLength(1));
  });

  it('a revoked link, and one without its key, say so', async () => {
    const { document, link, page } = await shared();
    await revokeExternalLink(document.id, link.id);
    const { unmount } = renderPortal(page);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The link was revoked or has expired, or it does not exist.',
    );
    unmount();
    renderPortal(`/document/${document.id}/by-hash`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The link is incomplete: its key is missing. Copy the whole link.',
    );
  });

  it('speaks the chosen language', async () => {
    const { page } = await shared();
    setLocale('ru');
    renderPortal(page);
    expect(await screen.findByText('Все подписи действительны')).toBeTruthy();
    const history = screen.getByRole('region', { name: 'История' });
    expect(within(history).getAllByText(/Отправлен|подпис/i).length).toBeGreaterThan(0);
  });
});
