import { SIGNING_PATHS } from '@qoltanba/core';
import { createDocument, type NcaLayerClient, sendDocument, setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { pdfFile } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { ALFA_BIN, portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

const ncaLayer = vi.hoisted(() => ({ current: undefined as NcaLayerClient | undefined }));
vi.mock('@qoltanba/sdk', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@qoltanba/sdk')>();
  return {
    ...sdk,
    ncaLayerFor: (...args: Parameters<typeof sdk.ncaLayerFor>) =>
      ncaLayer.current ?? sdk.ncaLayerFor(...args),
  };
});

// Данияр of the register signs as an individual, reached by e-mail at an address without an account.
const person = { identityNumber: '920715401122', email: 'danyar@example.kz', nameRu: 'Ахметов Данияр' };

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});
afterEach(() => {
  ncaLayer.current = undefined;
});

/** A document of ТОО Альфа sent to a person by e-mail, and the page of the personal link the server mailed. */
async function linked() {
  const session = await test.signIn();
  const draft = await createDocument(
    { name: 'Employment contract', signingMethod: 'PARALLEL', signers: [person] },
    [pdfFile('contract.pdf')],
    { bin: ALFA_BIN },
  );
  await sendDocument(draft.id, { bin: ALFA_BIN });
  const [url] = (await session.server.links(person.email)).filter((link) => link.includes('/sign/'));
  if (!url) throw new Error('no signing link was mailed');
  const page = `${new URL(url).pathname}${new URL(url).hash}`;
  const { unmount } = renderPortal(page);
  await screen.findByRole('heading', { level: 2, name: 'Employment contract' });
  return { ...session, page, unmount };
}

/** NCALayer as Данияр's key: a real detached CMS per item, by the test PKI the server trusts. */
function daniyarSigns(data: readonly (string | Uint8Array)[]): string[] {
  const { world, clock } = test.server;
  return data.map((item) => {
    const content = typeof item === 'string' ? Buffer.from(item, 'base64') : item;
    const cms = world.certificate('daniyar').signCms({ content, detached: true, signingTime: clock.now() });
    return Buffer.from(cms).toString('base64');
  });
}

describe('personal signing link page', () => {
  it('shows the document read-only and signs it with NCALayer as the person (IIN filter)', async () => {
    const signCms = vi.fn<NcaLayerClient['signCms']>(async (data) => daniyarSigns(data));
    ncaLayer.current = { signCms };
    const { server } = await linked();
    expect(screen.getByRole('heading', { level: 1, name: 'Document to sign' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Document actions' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign with EDS (NCALayer)' }));

    await waitFor(() => expect(server.callsTo(['POST', SIGNING_PATHS.signingLinkSign])).toHaveLength(1));
    expect(signCms.mock.calls[0]?.[1]).toMatchObject({ iin: person.identityNumber });
    expect(await screen.findByText('Thank you: your signature is on the document')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Sign with EDS (NCALayer)' })).toBeNull(),
    );
  });

  it('rejects with a reason through the link', async () => {
    await linked();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the document' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Not our terms' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('You rejected the document')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it("gives the link's expiry as the e-mail does: Kazakhstan's day and time with its zone, not the browser's", async () => {
    const { server } = await linked();
    const [mail] = await server.mails(person.email);
    const until = /The link is valid until (.+)\.$/m.exec(mail?.body ?? '')?.[1];
    expect(until).toMatch(/\(UTC\+5\)$/);
    expect(
      screen.getByText(
        `For ${person.nameRu}, BIN/IIN ${person.identityNumber}. The link works until ${until}.`,
      ),
    ).toBeTruthy();
  });

  it('says when a link is unknown or expired', async () => {
    const { server, page, unmount } = await linked();
    unmount();
    // Past the link's 30 days (QOLTANBA_SIGNING_LINK_DAYS).
    server.clock.advance(31 * 24 * 3600);
    renderPortal(page);
    expect(await screen.findByText('The signing link was not found or has expired')).toBeTruthy();
    // Asking again cannot help: there is no "Try again".
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
