import { type QrSigningSession, SIGNING_PATHS } from '@qoltanba/core';
import { $snackbars, ApiError, type NcaLayerClient, setLocale } from '@qoltanba/sdk';
import { ALFA } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { seedDraft, seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { BETA_BIN, portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

/** NCALayer as aigerim's key for ТОО Альфа: a real detached CMS over each item, by the test PKI the server trusts. */
function aigerimSignsForAlfa(data: readonly (string | Uint8Array)[]): string[] {
  const { world, clock } = test.server;
  return data.map((item) => {
    const content = typeof item === 'string' ? Buffer.from(item, 'base64') : item;
    const cms = world
      .certificate('aigerim', ALFA)
      .signCms({ content, detached: true, signingTime: clock.now() });
    return Buffer.from(cms).toString('base64');
  });
}

// NCALayer runs on the user's machine: here a stand-in answers for it.
const ncaLayer = vi.hoisted(() => ({
  current: undefined as NcaLayerClient | undefined,
}));
vi.mock('@qoltanba/sdk', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@qoltanba/sdk')>();
  return {
    ...sdk,
    ncaLayerFor: (...args: Parameters<typeof sdk.ncaLayerFor>) =>
      ncaLayer.current ?? sdk.ncaLayerFor(...args),
  };
});

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

afterEach(() => {
  ncaLayer.current = undefined;
  Reflect.deleteProperty(globalThis, 'EventSource');
});

const act = (name: string) =>
  fireEvent.click(
    within(screen.getByRole('group', { name: 'Document actions' })).getByRole('button', { name }),
  );
const statusBadge = () => document.querySelector('article header [data-status]')?.textContent;
const snackbars = () => $snackbars.get().map((snackbar) => snackbar.message);

async function openIncoming(name: string) {
  const session = await test.signIn();
  // aigerim administers both companies: АО Бета sends, ТОО Альфа (the one she acts for) receives.
  const sent = await seedSent(name, BETA_BIN);
  renderPortal(`/cabinet/incoming/${sent.id}`);
  await screen.findByRole('heading', { level: 2, name });
  return { ...session, sent };
}

describe('signing from the document card', () => {
  it('signs every file with NCALayer for the acting company, then shows the signed document', async () => {
    const signCms = vi.fn<NcaLayerClient['signCms']>(async (data) => aigerimSignsForAlfa(data));
    ncaLayer.current = { signCms };
    const { server } = await openIncoming('Invoice from Beta');

    act('Sign');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign with EDS (NCALayer)' }));

    await waitFor(() => expect(snackbars()).toContain('The document was signed'));
    expect(signCms.mock.calls[0]?.[1]).toMatchObject({ bin: '990340005977', locale: 'en' });
    expect(server.callsTo(['POST', SIGNING_PATHS.sign])).toHaveLength(1);
    await waitFor(() => expect(statusBadge()).toBe('Signed'));
  });

  it("signs and sends the sender's draft, then opens it in outgoing", async () => {
    const signCms = vi.fn<NcaLayerClient['signCms']>(async (data) => aigerimSignsForAlfa(data));
    ncaLayer.current = { signCms };
    const { server } = await test.signIn();
    const draft = await seedDraft('Draft to sign and send');
    const { router } = renderPortal(`/cabinet/document/${draft.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Draft to sign and send' });
    expect(statusBadge()).toBe('Draft');

    act('Sign and send');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign with EDS (NCALayer)' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/outgoing/${draft.id}`));
    expect(snackbars()).toContain('The document was signed');
    expect(signCms.mock.calls[0]?.[1]).toMatchObject({ bin: '990340005977' });
    expect(server.callsTo(['POST', SIGNING_PATHS.sign])).toHaveLength(1);
    await waitFor(() => expect(statusBadge()).toBe('Out for signing'));
  });

  it('says NCALayer is not running, in the user language', async () => {
    ncaLayer.current = {
      signCms: async () => {
        throw new ApiError(0, 'SIGNER_APP_NOT_RUNNING', 'not running');
      },
    };
    await openIncoming('Invoice from Beta');
    act('Sign');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign with EDS (NCALayer)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The signing program (NCALayer) is not running. Start it and try again',
    );
  });

  it('signs with eGov mobile: the QR dialog follows the session until it is signed', async () => {
    const { server } = await openIncoming('Invoice from Beta');
    Object.assign(globalThis, { EventSource: server.EventSource });
    // The sessions the dialog starts, as the server answered them.
    const sessions: QrSigningSession[] = [];
    server.intercept(['POST', SIGNING_PATHS.qrSigning], async (call) => {
      const res = await server.directFetch(`${server.baseUrl}${call.path}`, {
        method: 'POST',
        headers: call.headers,
        ...(call.body === undefined ? {} : { body: call.body }),
      });
      sessions.push((await res.clone().json()) as QrSigningSession);
      return res;
    });
    act('Sign');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign with eGov mobile (QR)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign with eGov mobile' });
    await within(dialog).findByRole('img', { name: 'QR code for eGov mobile' });
    // The last session is the dialog's (a development double render may have opened one before it).
    const session = sessions.at(-1);
    if (!session) throw new Error('no QR session was started');
    // aigerim's eGov mobile app signs for ТОО Альфа with her real certificate.
    await server.egovMobileSigns(session, 'aigerim', ALFA);
    // Signed: the snackbar says so, and the panel with its dialog gives way to the card.
    await waitFor(() => expect(snackbars()).toContain('The document was signed'));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
  });

  it('rejects with a reason of 5 to 100 characters', async () => {
    await openIncoming('Invoice from Beta');
    // The card's actions follow the document's load: wait for Reject to be offered and enabled before pressing it.
    const actions = within(screen.getByRole('group', { name: 'Document actions' }));
    await waitFor(() =>
      expect(actions.getByRole('button', { name: 'Reject' }).hasAttribute('disabled')).toBe(false),
    );
    act('Reject');
    const dialog = await screen.findByRole('dialog', { name: 'Reject the document' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Wrong bank details' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(snackbars()).toContain('The document was rejected'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(statusBadge()).toBe('Rejected'));
    expect(screen.getByRole('region', { name: 'Rejection reason' }).textContent).toContain(
      'Wrong bank details',
    );
  });

  it('revokes an outgoing document after confirmation', async () => {
    await test.signIn();
    const sent = await seedSent('Supply contract 2026');
    renderPortal(`/cabinet/outgoing/${sent.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Supply contract 2026' });
    act('Revoke');
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the document?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(snackbars()).toContain('The document was revoked'));
    await waitFor(() => expect(statusBadge()).toBe('Revoked'));
  });
});
