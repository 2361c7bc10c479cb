import { apiPath, checkPagePath, STORED_FILE_HASH_PREFIX, VERIFICATION_PATHS } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { BETA, samplePdf } from '@qoltanba/server/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';

const SHA256 = '0123456789abcdef'.repeat(4);

const test = portalServerPerFile();

/** A PDF and Данияр's detached CMS over it, by his certificate from the test PKI the server trusts. */
function signedPair(): File[] {
  const bytes = samplePdf('contract');
  const cms = test.server.world
    .certificate('daniyar')
    .signCms({ content: bytes, detached: true, signingTime: test.server.clock.now() });
  return [
    new File([new Uint8Array(bytes)], 'contract.pdf', { type: 'application/pdf' }),
    new File([new Uint8Array(cms)], 'contract.pdf.cms'),
  ];
}

/** A document of ТОО Альфа signed here by bolat for АО Бета: its id, number and stored file. */
async function signedHere() {
  const sent = await seedSent('Employment contract');
  const signed = await test.server.documents.sign(sent, { user: 'bolat', company: BETA });
  const [file] = signed.files;
  if (!file) throw new Error('the document has no file');
  return { document: signed, file, page: checkPagePath(signed.id, file.id, file.sha256) };
}

function choose(...files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

describe('/check', () => {
  it('verifies two dropped files and shows the verdict in en, kk and ru', async () => {
    const { server } = await test.signIn();
    renderPortal('/check');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signature check' })).toBeTruthy();
    // The drop zone loads on first render (its own chunk).
    await screen.findByRole('button', { name: 'choose files' });
    choose(...signedPair());
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('All signatures are valid')).toBeTruthy();
    expect(server.callsTo(['POST', VERIFICATION_PATHS.verify])).toHaveLength(1);
    act(() => setLocale('kk'));
    expect(await screen.findByText('Барлық қолтаңба жарамды')).toBeTruthy();
    act(() => setLocale('ru'));
    expect(await screen.findByText('Все подписи действительны')).toBeTruthy();
  });
});

describe('the report (PDF)', () => {
  it('sends the dropped files again and saves the PDF under its name in the language', async () => {
    const { server } = await test.signIn();
    const saved: Array<{ name: string; type: string }> = [];
    const created = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', type: (blob as Blob).type });
      return 'blob:report';
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      const last = saved.at(-1);
      if (last) last.name = this.download;
    });
    renderPortal('/check');
    await screen.findByRole('button', { name: 'choose files' });
    choose(...signedPair());
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    act(() => setLocale('ru'));
    fireEvent.click(await screen.findByRole('button', { name: 'Скачать отчёт (PDF)' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'отчёт-о-проверке.pdf', type: 'application/pdf' }]));
    const [call] = server.callsTo(['POST', VERIFICATION_PATHS.report]);
    // The multipart body the server read: one `files` part per dropped file.
    expect(call?.body?.match(/name="files"/g)).toHaveLength(2);
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it("asks for a stored file's report with the link's hash and says why it failed", async () => {
    const { server } = await test.signIn();
    const { file, page } = await signedHere();
    server.failNext(['GET', VERIFICATION_PATHS.storedFileReport], {
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', message: 'not found' },
    });
    renderPortal(page);
    fireEvent.click(await screen.findByRole('button', { name: 'Download report (PDF)' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Status, company or document not found'),
    );
    const asked = server.callsTo(['GET', VERIFICATION_PATHS.storedFileReport]);
    expect(asked.map((call) => call.query.get('sha256'))).toEqual([
      file.sha256.slice(0, STORED_FILE_HASH_PREFIX),
    ]);
  });
});

describe('/check/:docId/:fileId', () => {
  it("shows the stored file's result, asking with the hash from the link", async () => {
    const { server } = await test.signIn();
    const { document, file, page } = await signedHere();
    renderPortal(page);
    expect(await screen.findByText('All signatures are valid')).toBeTruthy();
    expect(screen.getByText(/^Document No\. \d+: Employment contract$/)).toBeTruthy();
    // The signer's address as the server recorded it (the in-process fetch's client address).
    expect(screen.getByText(server.clientAddress())).toBeTruthy();
    const asked = server.callsTo(['GET', VERIFICATION_PATHS.storedFile]);
    expect(asked.map((call) => [call.path, call.query.get('sha256')])).toEqual([
      [
        apiPath(VERIFICATION_PATHS.storedFile, { docId: String(document.id), fileId: String(file.id) }),
        file.sha256.slice(0, STORED_FILE_HASH_PREFIX),
      ],
    ]);
  });

  it("says the catalogue's not-found text for a file not signed here", async () => {
    const { server } = await test.signIn();
    renderPortal(checkPagePath(15, 27, SHA256));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Status, company or document not found'),
    );
    expect(server.callsTo(['GET', VERIFICATION_PATHS.storedFile])).toHaveLength(1);
  });

  it('does not ask the server for ids that are not numbers', async () => {
    const { server } = await test.signIn();
    renderPortal(`/check/abc/27?sha256=${SHA256}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Status, company or document not found');
    expect(server.callsTo(['GET', VERIFICATION_PATHS.storedFile])).toHaveLength(0);
  });
});
