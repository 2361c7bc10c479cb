import { SIGNING_PATHS } from '@qoltanba/core';
import { createDocument, sendDocument, setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { pdfFile } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { ALFA_BIN, portalServerPerFile } from '../../test/serverSession';

const test = portalServerPerFile();

// The previews the page asked the sdk for, to read what the server answered through the link.
const previews = vi.hoisted(() => [] as Promise<Uint8Array>[]);
vi.mock('@qoltanba/sdk', async (importOriginal) => {
  const sdk = await importOriginal<typeof import('@qoltanba/sdk')>();
  return {
    ...sdk,
    previewApprovalLinkFile: (...args: Parameters<typeof sdk.previewApprovalLinkFile>) => {
      const bytes = sdk.previewApprovalLinkFile(...args);
      previews.push(bytes);
      return bytes;
    },
  };
});

// Данияр signs as an individual once his lawyer, reached by e-mail without an account, approves.
const APPROVER = 'lawyer@example.kz';
const person = {
  identityNumber: '920715401122',
  email: 'danyar@example.kz',
  nameRu: 'Ахметов Данияр',
  approverEmail: APPROVER,
};

beforeEach(() => {
  previews.length = 0;
  registerPortalTranslations();
  setLocale('en');
});

/** A document of ТОО Альфа sent to a signer with an approver, and the page of the approval link the server mailed. */
async function approvalPage() {
  const session = await test.signIn();
  const draft = await createDocument(
    { name: 'Lease agreement', signingMethod: 'PARALLEL', signers: [person] },
    [pdfFile('lease.pdf')],
    { bin: ALFA_BIN },
  );
  await sendDocument(draft.id, { bin: ALFA_BIN });
  const [url] = (await session.server.links(APPROVER)).filter((link) => link.includes('/approve/'));
  if (!url) throw new Error('no approval link was mailed');
  const { pathname } = new URL(url);
  const token = pathname.split('/').pop() ?? '';
  const { unmount } = renderPortal(pathname);
  await screen.findByRole('heading', { level: 2, name: 'Lease agreement' });
  return { ...session, page: pathname, token, unmount };
}

describe('approval link page', () => {
  it("previews the document's file through the link's token", async () => {
    const { server, token } = await approvalPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Document to approve' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Preview lease.pdf' }));
    const preview = await screen.findByRole('region', { name: 'Preview: lease.pdf' });
    await waitFor(() =>
      expect(server.callsTo(['GET', SIGNING_PATHS.approvalLinkFilePreview])).toHaveLength(1),
    );
    const [call] = server.callsTo(['GET', SIGNING_PATHS.approvalLinkFilePreview]);
    expect(call?.path).toContain(`/approval-links/${token}/files/`);
    // The server answered the file's PDF through the link.
    expect(previews).toHaveLength(1);
    const bytes = await previews[0];
    expect(new TextDecoder().decode(bytes?.subarray(0, 5))).toBe('%PDF-');
    fireEvent.click(within(preview).getByRole('button', { name: 'Close the preview' }));
    expect(screen.queryByRole('region', { name: 'Preview: lease.pdf' })).toBeNull();
  });

  it('approves through the link; the preview stays offered', async () => {
    const { server } = await approvalPage();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.callsTo(['POST', SIGNING_PATHS.approvalLinkApprove])).toHaveLength(1));
    expect(
      (await screen.findAllByText('You approved the document: the signer can sign it now')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Preview lease.pdf' })).toBeTruthy();
  });

  it("gives the link's expiry as the approval e-mail does: Kazakhstan's day and time with its zone", async () => {
    const { server } = await approvalPage();
    const [mail] = await server.mails(APPROVER);
    const until = /The link is valid until (.+)\.$/m.exec(mail?.body ?? '')?.[1];
    expect(until).toMatch(/\(UTC\+5\)$/);
    expect(
      screen.getByText(
        `You approve for ${person.nameRu}, BIN/IIN ${person.identityNumber}. The link works until ${until}.`,
      ),
    ).toBeTruthy();
  });

  it('an expired link shows no document and previews nothing', async () => {
    const { server, page, unmount } = await approvalPage();
    unmount();
    // Past the link's 30 days, as a signing link.
    server.clock.advance(31 * 24 * 3600);
    renderPortal(page);
    expect(await screen.findByText('The approval link was not found or has expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Preview lease.pdf' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
