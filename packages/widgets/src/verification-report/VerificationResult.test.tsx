import { errorMessage } from '@qoltanba/core';
import { ApiError, setLocale } from '@qoltanba/sdk';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { cardResult, failedResult, passedResult, passedSignature, revokedSignature } from './fixtures';
import { VerificationResult } from './VerificationResult';
import * as stories from './VerificationResult.stories';

beforeEach(() => setLocale('en'));

/** The facts of the signature item whose heading is `name`, as term → value. */
function factsOf(name: string): Record<string, string> {
  const item = screen.getByRole('heading', { level: 4, name }).closest('li');
  if (!item) throw new Error(`no signature item for ${name}`);
  const terms = within(item).getAllByRole('term');
  return Object.fromEntries(
    terms.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
  );
}

describe('VerificationResult', () => {
  it('shows a document card: its original (name, size, hash), its signature files, each signature against the card', () => {
    render(<VerificationResult result={cardResult} />);
    const card = screen.getByRole('region', { name: 'Document card: card.pdf' });
    expect(
      within(card).getByText('Document card: card.pdf: The signatures could not be fully checked'),
    ).toBeTruthy();
    const terms = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(terms).toEqual(['Original', 'Signature files']);
    expect(
      within(card)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual([
      `Еңбек шарты.docx (47 KB), SHA-256 ${'ab'.repeat(32)}`,
      `1.cms (6 KB), SHA-256 ${'cd'.repeat(32)}`,
      `2.cms (2 KB), SHA-256 ${'12'.repeat(32)}`,
    ]);
    expect(factsOf('АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ')['Card requirements']).toBe('met');
    expect(factsOf('СЕРІКОВА АЙГЕРІМ')['Card requirements']).toBe('No timestamp; No OCSP answer or CRL');
    // Without cards, nothing of them shows.
    cleanup();
    render(<VerificationResult result={passedResult} />);
    expect(screen.queryByText('Card requirements')).toBeNull();
    expect(screen.queryByRole('region', { name: /Document card/ })).toBeNull();
  });

  itRendersStoriesAccessibly(stories, (container) => {
    expect(container.querySelector('[role="status"]')?.textContent).not.toBe('');
  });

  it('reports a file shared by two documents as two documents, each with its own signatures', () => {
    const documents = [
      { id: 7, number: 1, name: 'Supply contract' },
      { id: 9, number: 2, name: 'Annex' },
    ];
    render(
      <VerificationResult
        result={{
          ...passedResult,
          document: documents[0] ?? null,
          documents,
          signatures: [
            { ...passedSignature, document: 0 },
            { ...passedSignature, document: 1 },
            { ...passedSignature, document: 1 },
          ],
        }}
      />,
    );
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'Document No. 1: Supply contract — Signatures (1)',
      'Document No. 2: Annex — Signatures (2)',
    ]);
    expect(screen.getAllByRole('list')).toHaveLength(2);
  });

  it('announces the overall verdict and lists every signature with its indication in words', () => {
    render(<VerificationResult result={failedResult} />);
    expect(screen.getByRole('region', { name: 'Verification result' })).toBeTruthy();
    const verdict = screen.getByRole('status');
    expect(verdict.getAttribute('aria-live')).toBe('polite');
    expect(verdict.textContent).toBe('A signature is invalid');
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toContain('The signature is valid');
    expect(items[1]?.textContent).toContain('The signature is invalid: The certificate is revoked');
  });

  it('shows the signer, the certificate, the type and, for a signature made here, its IP address', () => {
    render(<VerificationResult result={failedResult} />);
    const here = factsOf('АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ');
    expect(here).toMatchObject({
      IIN: '920715401122',
      BIN: '990340005977',
      Organisation: 'ТОО «Альфа»',
      'Signed as': 'First head, on behalf of the company',
      'Certificate serial number': passedSignature.certificate?.serial,
      'Signature type': 'GOST 34.10-2015, detached',
      'IP address': '203.0.113.7',
    });
    expect(here['Certificate validity']).toMatch(/2026.*–.*2027/);
    expect(here['Signing time']).toMatch(/2026/);
    const uploaded = factsOf('СЕРІКОВА АЙГЕРІМ');
    expect(uploaded).toMatchObject({
      IIN: '870412300415',
      'Signed as': 'Individual, on their own behalf',
      'Signature type': 'RSA, attached',
    });
    expect(uploaded).not.toHaveProperty('BIN');
    expect(uploaded).not.toHaveProperty('IP address');
  });

  it('shows a verified timestamp with its TSA, says a failed one is ignored, and nothing without one', () => {
    const stamped = {
      ...passedSignature,
      timestamp: {
        time: '2026-03-12T09:05:01.000Z',
        tsa: 'CN=TSA QOLTANBA TEST',
        indication: 'TOTAL_PASSED' as const,
        subIndication: null,
      },
    };
    const failed = {
      ...revokedSignature,
      timestamp: {
        ...stamped.timestamp,
        indication: 'TOTAL_FAILED' as const,
        subIndication: 'HASH_FAILURE' as const,
      },
    };
    render(<VerificationResult result={{ ...failedResult, signatures: [stamped, failed] }} />);
    expect(factsOf('АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ')['Timestamp (TSA)']).toMatch(
      /2026.*CN=TSA QOLTANBA TEST: verified$/,
    );
    expect(factsOf('СЕРІКОВА АЙГЕРІМ')['Timestamp (TSA)']).toMatch(
      /failed verification, not taken into account$/,
    );
    cleanup();
    render(<VerificationResult result={failedResult} />);
    expect(factsOf('АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ')).not.toHaveProperty('Timestamp (TSA)');
  });

  it('shows the archive timestamps that renewed a signature, oldest first, and nothing without them', () => {
    const archived = {
      ...passedSignature,
      archiveTimestamps: [
        {
          time: '2030-03-12T09:05:01.000Z',
          tsa: 'CN=TSA 2 QOLTANBA TEST',
          indication: 'TOTAL_PASSED' as const,
          subIndication: null,
        },
        {
          time: '2034-03-12T09:05:01.000Z',
          tsa: 'CN=TSA 3 QOLTANBA TEST',
          indication: 'TOTAL_FAILED' as const,
          subIndication: 'HASH_FAILURE' as const,
        },
      ],
    };
    render(<VerificationResult result={{ ...failedResult, signatures: [archived, revokedSignature] }} />);
    expect(factsOf('АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ')['Archive timestamp (CAdES-A)']).toMatch(
      /^.*2030.*CN=TSA 2 QOLTANBA TEST: verified; .*2034.*failed verification, not taken into account$/,
    );
    expect(factsOf('СЕРІКОВА АЙГЕРІМ')).not.toHaveProperty('Archive timestamp (CAdES-A)');
  });

  it('flags a signature whose BIN is not the one the document expected, and is silent when it matches', () => {
    const mismatch = {
      ...passedSignature,
      expectedIdentity: { identityNumber: '990340000123', matches: false },
    };
    const matching = {
      ...revokedSignature,
      expectedIdentity: { identityNumber: '990340000123', matches: true },
    };
    render(<VerificationResult result={{ ...failedResult, signatures: [mismatch, matching] }} />);
    expect(factsOf('АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ')['Expected IIN/BIN']).toBe(
      '990340000123 expected, the certificate names another',
    );
    expect(factsOf('СЕРІКОВА АЙГЕРІМ')).not.toHaveProperty('Expected IIN/BIN');
  });

  it("flags a company certificate whose role may not sign for the company, and says each signer's capacity", () => {
    const hr = {
      ...passedSignature,
      signer: {
        ...passedSignature.signer,
        role: 'hr' as const,
        roles: ['hr' as const, 'legal_entity' as const],
      },
      capacity: { role: 'hr' as const, forCompany: true, maySignForCompany: false },
    };
    render(<VerificationResult result={{ ...failedResult, signatures: [hr, revokedSignature] }} />);
    expect(factsOf('АХМЕТОВ ДАНИЯР ЕРЛАНОВИЧ')).toMatchObject({
      'Signed as': 'HR documents, on behalf of the company',
      'Right to sign for the company':
        "The certificate's role gives no right to sign for the company: a first head's or an authorised signatory's certificate is needed",
    });
    // An individual signs for nobody else: no flag.
    expect(factsOf('СЕРІКОВА АЙГЕРІМ')).not.toHaveProperty('Right to sign for the company');
    cleanup();
    // A report stored before the field existed: the same rule read from the certificate's roles.
    const { capacity: _dropped, ...withoutCapacity } = hr;
    act(() => setLocale('ru'));
    render(<VerificationResult result={{ ...failedResult, signatures: [withoutCapacity] }} />);
    expect(screen.getByText('Подписано в качестве')).toBeTruthy();
    expect(screen.getByText('Кадровые документы, от имени организации')).toBeTruthy();
    expect(screen.getByText(/^Роль сертификата не даёт права подписи от имени организации/)).toBeTruthy();
  });

  it('says which document signed here the file belongs to', () => {
    render(<VerificationResult result={passedResult} />);
    expect(screen.getByText('Document No. 1207: Еңбек шарты')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('All signatures are valid');
  });

  it('follows the interface language (kk, ru)', async () => {
    render(<VerificationResult result={failedResult} />);
    act(() => setLocale('kk'));
    expect(screen.getByRole('status').textContent).toBe('Қолтаңба жарамсыз');
    expect(screen.getByText(/Сертификат кері қайтарылған/)).toBeTruthy();
    act(() => setLocale('ru'));
    expect(screen.getByRole('status').textContent).toBe('Подпись недействительна');
    expect(screen.getByText('Подпись недействительна: Сертификат отозван')).toBeTruthy();
    expect(screen.getAllByText('ИИН')).toHaveLength(2);
    await expectNoAxeViolations(document.body);
  });

  it('offers the report only with a callback, busy while it is made, and says why it failed', async () => {
    const { unmount } = render(<VerificationResult result={passedResult} />);
    expect(screen.queryByRole('button', { name: 'Download report (PDF)' })).toBeNull();
    unmount();

    let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
    const onDownloadReport = vi.fn(
      () =>
        new Promise<void>((resolve, reject) => {
          settle = { resolve, reject };
        }),
    );
    render(<VerificationResult result={passedResult} onDownloadReport={onDownloadReport} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download report (PDF)' }));
    const busy = screen.getByRole('button', { name: 'Preparing the report…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(busy);
    expect(onDownloadReport).toHaveBeenCalledTimes(1);
    act(() => settle?.resolve());
    await screen.findByRole('button', { name: 'Download report (PDF)' });
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Download report (PDF)' }));
    act(() => setLocale('ru'));
    act(() => settle?.reject(new ApiError(400, 'DOCUMENT_NOT_SIGNED', 'The document is not signed')));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(errorMessage('DOCUMENT_NOT_SIGNED', 'ru')),
    );
    expect(screen.getByRole('button', { name: 'Скачать отчёт (PDF)' })).toBeTruthy();
    await expectNoAxeViolations(document.body);
  });
});
