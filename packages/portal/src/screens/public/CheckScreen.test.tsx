import { checkPagePath, VERIFICATION_PATHS, type VerificationResult } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { fakeCms, json, pdfFile } from '@qoltanba/sdk/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPortalTranslations } from '../../i18n';
import { renderPortal } from '../../test/renderPortal';
import { signInSdkFake } from '../../test/sdkSession';

const SHA256 = '0123456789abcdef'.repeat(4);

const storedResult: VerificationResult = {
  verdict: 'TOTAL_PASSED',
  signatures: [
    {
      indication: 'TOTAL_PASSED',
      subIndication: null,
      signer: {
        iin: '920715401122',
        bin: null,
        fullName: 'АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ',
        surname: 'АХМЕТОВ',
        givenName: 'ДАНИЯР',
        patronymic: 'ЕРЛАНОВИЧ',
        organisation: null,
        email: null,
        role: 'individual',
        roles: ['individual'],
      },
      certificate: {
        serial: '0a1b2c',
        notBefore: '2026-01-01T00:00:00.000Z',
        notAfter: '2027-01-01T00:00:00.000Z',
        issuer: 'CN=NCA TEST,C=KZ',
        subject: 'CN=АХМЕТОВ ДАНИЯР,C=KZ',
      },
      signingTime: '2026-03-12T09:05:00.000Z',
      signatureType: 'GOST2015',
      packaging: 'detached',
      revocation: { status: 'good', source: 'ocsp', revokedAt: null, checkedAt: null },
      signedFile: 0,
      signatureFile: null,
      signedHere: true,
      ip: '203.0.113.7',
      signedAt: '2026-03-12T09:05:03.000Z',
    },
  ],
  document: { id: 15, number: 1207, name: 'Employment contract' },
  files: [{ name: 'contract.pdf', kind: 'pdf', sha256: SHA256 }],
};

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
    const { server } = await signInSdkFake();
    renderPortal('/check');
    expect(await screen.findByRole('heading', { level: 1, name: 'Signature check' })).toBeTruthy();
    // The drop zone loads on first render (its own chunk).
    await screen.findByRole('button', { name: 'choose files' });
    choose(pdfFile('contract.pdf'), new File([fakeCms('ok')], 'contract.pdf.cms'));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('All signatures are valid')).toBeTruthy();
    expect(server.callsTo('POST', VERIFICATION_PATHS.verify)).toHaveLength(1);
    act(() => setLocale('kk'));
    expect(await screen.findByText('Барлық қолтаңба жарамды')).toBeTruthy();
    act(() => setLocale('ru'));
    expect(await screen.findByText('Все подписи действительны')).toBeTruthy();
  });
});

describe('the report (PDF)', () => {
  it('sends the dropped files again and saves the PDF under its name in the language', async () => {
    const { server } = await signInSdkFake();
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
    choose(pdfFile('contract.pdf'), new File([fakeCms('ok')], 'contract.pdf.cms'));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    act(() => setLocale('ru'));
    fireEvent.click(await screen.findByRole('button', { name: 'Скачать отчёт (PDF)' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'отчёт-о-проверке.pdf', type: 'application/pdf' }]));
    const [call] = server.callsTo('POST', VERIFICATION_PATHS.report);
    const body = call?.body;
    expect(body instanceof FormData ? [...body.keys()] : body).toEqual(['files', 'files']);
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it("asks for a stored file's report with the link's hash and says why it failed", async () => {
    const { server } = await signInSdkFake();
    server.on('GET', VERIFICATION_PATHS.storedFile, () => json(200, storedResult));
    const asked: Array<string | null> = [];
    server.on('GET', VERIFICATION_PATHS.storedFileReport, ({ query }) => {
      asked.push(query.get('sha256'));
      return json(404, { code: 'ENTITY_NOT_FOUND', message: 'not found' });
    });
    renderPortal(checkPagePath(15, 27, SHA256));
    fireEvent.click(await screen.findByRole('button', { name: 'Download report (PDF)' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Status, company or document not found'),
    );
    expect(asked).toEqual([SHA256.slice(0, 16)]);
  });
});

describe('/check/:docId/:fileId', () => {
  it("shows the stored file's result, asking with the hash from the link", async () => {
    const { server } = await signInSdkFake();
    const asked: string[] = [];
    server.on('GET', VERIFICATION_PATHS.storedFile, ({ params, query }) => {
      asked.push(`${params.docId}/${params.fileId}?${query.get('sha256')}`);
      return json(200, storedResult);
    });
    renderPortal(checkPagePath(15, 27, SHA256));
    expect(await screen.findByText('All signatures are valid')).toBeTruthy();
    expect(screen.getByText('Document No. 1207: Employment contract')).toBeTruthy();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    expect(asked).toEqual([`15/27?${SHA256.slice(0, 16)}`]);
  });

  it("says the catalogue's not-found text for a file not signed here", async () => {
    const { server } = await signInSdkFake();
    renderPortal(checkPagePath(15, 27, SHA256));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Status, company or document not found'),
    );
    expect(server.callsTo('GET', VERIFICATION_PATHS.storedFile)).toHaveLength(1);
  });

  it('does not ask the server for ids that are not numbers', async () => {
    const { server } = await signInSdkFake();
    renderPortal(`/check/abc/27?sha256=${SHA256}`);
    expect((await screen.findByRole('alert')).textContent).toBe('Status, company or document not found');
    expect(server.callsTo('GET', VERIFICATION_PATHS.storedFile)).toHaveLength(0);
  });
});
