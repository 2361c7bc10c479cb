import { SIGNING_PATHS } from '@qoltanba/core';
import { createDocument, type NcaLayerClient, sendDocument, setLocale } from '@qoltanba/sdk';
import { fakeCms, pdfFile } from '@qoltanba/sdk/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n';
import { renderPortal } from '../../test/renderPortal';
import { ALFA_BIN, signInSdkFake } from '../../test/sdkSession';

const ncaLayer = vi.hoisted(() => ({ current: undefined as NcaLayerClient | undefined }));
vi.mock('@qoltanba/sdk', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@qoltanba/sdk')>();
  return {
    ...sdk,
    ncaLayerFor: (...args: Parameters<typeof sdk.ncaLayerFor>) =>
      ncaLayer.current ?? sdk.ncaLayerFor(...args),
  };
});

const person = { identityNumber: '920715401122', email: 'danyar@example.kz', nameRu: 'Ахметов Данияр' };

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});
afterEach(() => {
  ncaLayer.current = undefined;
});

/** A document of ТОО Альфа sent to a person without an account, and that person's link. */
async function linked() {
  const session = await signInSdkFake();
  const draft = await createDocument(
    { name: 'Employment contract', signingMethod: 'PARALLEL', signers: [person] },
    [pdfFile('contract.pdf', 256)],
    { bin: ALFA_BIN },
  );
  await sendDocument(draft.id, { bin: ALFA_BIN });
  const link = session.server.signing.issueLink(draft.id, person.identityNumber);
  renderPortal(`/sign/${link.token}`);
  await screen.findByRole('heading', { level: 2, name: 'Employment contract' });
  return { ...session, link };
}

describe('personal signing link page', () => {
  it('shows the document read-only and signs it with NCALayer as the person (IIN filter)', async () => {
    const signCms = vi.fn<NcaLayerClient['signCms']>(async (data) => data.map(() => fakeCms('signed')));
    ncaLayer.current = { signCms };
    const { server } = await linked();
    expect(screen.getByRole('heading', { level: 1, name: 'Document to sign' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Document actions' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sign with EDS (NCALayer)' }));

    await waitFor(() => expect(server.callsTo('POST', SIGNING_PATHS.signingLinkSign)).toHaveLength(1));
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

  it('says when a link is unknown or expired', async () => {
    const { server, link } = await linked();
    server.signing.links.set(link.token, { ...link, expiresAt: '2000-01-01T00:00:00.000Z' });
    renderPortal(`/sign/${link.token}`);
    expect(await screen.findByText('The signing link was not found or has expired')).toBeTruthy();
    // Asking again cannot help: there is no "Try again".
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
