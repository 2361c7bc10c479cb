import { VERIFICATION_PATHS, VERIFY_MAX_TOTAL_BYTES } from '@qoltanba/core';
import { createMemoryStorage, createQoltanbaClient, initSession, setLocale } from '@qoltanba/sdk';
import { sampleDocumentCard, samplePdf, testServerPerFile } from '@qoltanba/server/testing';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { VerifyDropzone } from './VerifyDropzone';
import * as stories from './VerifyDropzone.stories';
import { hasVerifiableExtension, verifyFilesProblem } from './verify-files';

const test = testServerPerFile();

beforeEach(async () => {
  setLocale('en');
  const client = createQoltanbaClient({
    baseUrl: test.server.baseUrl,
    fetch: test.server.fetch,
    storage: createMemoryStorage(),
    sessionStorage: createMemoryStorage(),
  });
  await initSession(client);
});

/** A PDF of `size` bytes (at least the sample's), distinct by content. */
function pdfFile(name: string, size = 0): File {
  const sample = samplePdf(name);
  const bytes = new Uint8Array(Math.max(size, sample.length)).fill(0x20);
  bytes.set(sample);
  return new File([bytes], name, { type: 'application/pdf' });
}

/** A detached CMS over `pdf` by Данияр's certificate from the trusted test PKI, or by aigerim's revoked one. */
async function cmsFile(name: string, pdf: File, certificate: 'good' | 'revoked'): Promise<File> {
  const { world, clock } = test.server;
  const signer = certificate === 'revoked' ? world.revokedCertificate : world.certificate('daniyar');
  const cms = signer.signCms({
    content: new Uint8Array(await pdf.arrayBuffer()),
    detached: true,
    signingTime: clock.now(),
  });
  return new File([new Uint8Array(cms)], name, { type: 'application/pkcs7-signature' });
}

/** A file that says it is `size` bytes long without holding them. */
function sizedFile(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function choose(...files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

describe('client-side checks', () => {
  it('takes .pdf, .cms, .p7s and .sig names, in any case', () => {
    expect(['a.pdf', 'a.CMS', 'b.p7s', 'c.sig', 'invoice.xml', 'E.XML'].every(hasVerifiableExtension)).toBe(
      true,
    );
    expect(['a.txt', 'pdf', 'a.pdf.exe', '.pdf'].some(hasVerifiableExtension)).toBe(false);
  });

  it('refuses more than 10 files and more than 30 MB in total', () => {
    const ten = Array.from({ length: 10 }, (_, i) => sizedFile(`${i}.pdf`, 1));
    expect(verifyFilesProblem(ten)).toBeUndefined();
    expect(verifyFilesProblem([...ten, sizedFile('x.pdf', 1)])).toBe('TOO_MANY_FILES');
    expect(verifyFilesProblem([sizedFile('a.pdf', VERIFY_MAX_TOTAL_BYTES)])).toBeUndefined();
    expect(verifyFilesProblem([sizedFile('a.pdf', VERIFY_MAX_TOTAL_BYTES), sizedFile('b.cms', 1)])).toBe(
      'SIZE_OVER_LIMIT',
    );
  });
});

describe('VerifyDropzone', () => {
  itRendersStoriesAccessibly(stories, (container) => {
    expect(container.querySelector('input[type="file"]')).toBeTruthy();
  });

  it('lists the chosen files with sizes, sends them to the server and shows the verdict', async () => {
    const onResult = vi.fn();
    render(<VerifyDropzone onResult={onResult} />);
    const pdf = pdfFile('contract.pdf', 2048);
    choose(pdf, await cmsFile('contract.pdf.cms', pdf, 'revoked'));
    const list = screen.getByRole('list', { name: /Chosen files/ });
    expect(within(list).getByText('contract.pdf').textContent).toContain('2 KB');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('A signature is invalid')).toBeTruthy();
    expect(screen.getByText('The signature is invalid: The certificate is revoked')).toBeTruthy();
    expect(test.server.callsTo(['POST', VERIFICATION_PATHS.verify])).toHaveLength(1);
    expect(onResult).toHaveBeenCalledWith(expect.objectContaining({ verdict: 'TOTAL_FAILED' }));
  });

  it('gives the report button the files just checked', async () => {
    const onDownloadReport = vi.fn(async (_files: File[]) => undefined);
    render(<VerifyDropzone onDownloadReport={onDownloadReport} />);
    const pdf = pdfFile('contract.pdf', 2048);
    const files = [pdf, await cmsFile('contract.pdf.cms', pdf, 'good')];
    choose(...files);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Download report (PDF)' }));
    expect(onDownloadReport).toHaveBeenCalledWith(files);
  });

  it('shows the progress of each file while sending', async () => {
    let finish: () => void = () => undefined;
    const verifySignatures = vi.fn(
      (_files: readonly (File | Blob)[], options?: { onProgress?: (files: number[]) => void }) =>
        new Promise<never>((_resolve, reject) => {
          options?.onProgress?.([1, 0.25]);
          finish = () => reject(new Error('stop'));
        }),
    );
    render(<VerifyDropzone actions={{ verifySignatures }} />);
    const pdf = pdfFile('a.pdf');
    choose(pdf, await cmsFile('a.cms', pdf, 'good'));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['100', '25']);
    expect(screen.getByRole('button', { name: 'Checking…' }).getAttribute('aria-busy')).toBe('true');
    finish();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it('takes any original (a DOCX beside its CMS), and refuses only an empty file', () => {
    render(<VerifyDropzone />);
    choose(new File(['PK'], 'contract.docx'), new File([], 'empty.odt'), pdfFile('contract.docx.cms'));
    expect(screen.getByRole('alert').textContent).toBe('empty.odt — Unsupported file format');
    const chosen = within(screen.getByRole('list', { name: /Chosen files/ })).getAllByRole('listitem');
    expect(chosen.map((item) => item.textContent)).toEqual([
      expect.stringContaining('contract.docx'),
      expect.stringContaining('contract.docx.cms'),
    ]);
  });

  it('says "Too many files" for 11 files and does not send them until one is removed', async () => {
    render(<VerifyDropzone />);
    choose(...Array.from({ length: 11 }, (_, i) => pdfFile(`${i}.pdf`)));
    expect(screen.getByRole('alert').textContent).toBe('Too many files. You can upload at most 10');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(test.server.callsTo(['POST', VERIFICATION_PATHS.verify])).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove 10.pdf' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says "Size over limit" past 30 MB in total', () => {
    render(<VerifyDropzone />);
    choose(sizedFile('big.pdf', VERIFY_MAX_TOTAL_BYTES), sizedFile('one-more.cms', 1));
    expect(screen.getByRole('alert').textContent).toBe('Size over limit (at most 30 MB in total)');
    expect(screen.getByRole('button', { name: 'Check' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows a document card the server found: its original, its signature, what the card lacks', async () => {
    render(<VerifyDropzone />);
    const original = pdfFile('original.pdf');
    const cms = await cmsFile('original.pdf.cms', original, 'good');
    const card = await sampleDocumentCard([
      { name: 'original.pdf', bytes: new Uint8Array(await original.arrayBuffer()) },
      { name: 'original.pdf.cms', bytes: new Uint8Array(await cms.arrayBuffer()) },
    ]);
    choose(new File([new Uint8Array(card)], 'card.pdf', { type: 'application/pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const region = await screen.findByRole('region', { name: 'Document card: card.pdf' });
    const [originalRow, signatureRow] = within(region)
      .getAllByRole('definition')
      .map((dd) => dd.textContent);
    expect(originalRow).toMatch(/^original\.pdf \(\d+ B\), SHA-256 [0-9a-f]{64}$/);
    expect(signatureRow).toMatch(/^original\.pdf\.cms \(.+\), SHA-256 [0-9a-f]{64}$/);
    // A CMS as NCALayer makes it carries neither a timestamp nor revocation values: the card asks for both.
    expect(screen.getByText('No timestamp; No OCSP answer or CRL')).toBeTruthy();
  });

  it("shows the server's refusal of a PDF alone that was not signed here", async () => {
    render(<VerifyDropzone />);
    choose(pdfFile('lonely.pdf'));
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The document is not signed'));
  });
});
