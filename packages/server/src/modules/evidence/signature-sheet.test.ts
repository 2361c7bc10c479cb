import type { HistoryEvent, SignatureReport } from '@qoltanba/core';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { qrMatrix } from '../../pdf/qr-matrix.js';
import { decodeQrMatrix, drawnQrMatrices, pdfPageTexts } from '../../testing/pdf-inspect.js';
import { checkFileUrl } from './check-url.js';
import { buildSignatureSheet } from './signature-sheet.js';
import type { SignedEvidence } from './signed-evidence.js';

const PUBLIC_URL = 'https://q.example.kz';
const AT = new Date('2026-11-20T09:30:00Z');

function report(index: number): SignatureReport {
  return {
    indication: index === 2 ? 'TOTAL_FAILED' : 'TOTAL_PASSED',
    subIndication: index === 2 ? 'REVOKED' : null,
    signer: {
      iin: `8801013${String(index).padStart(5, '0')}`,
      bin: '150940001238',
      fullName: `ҚОЖАҒҰЛОВ ӘЛІБЕК ҮМБЕТҰЛЫ ${index}`,
      surname: 'ҚОЖАҒҰЛОВ',
      givenName: 'ӘЛІБЕК',
      patronymic: 'ҮМБЕТҰЛЫ',
      organisation: 'ТОО «Береке Строй» — өңделген ғимараттар',
      email: null,
      role: 'first_head',
      roles: ['legal_entity', 'first_head'],
    },
    certificate: {
      serial: `4a1f${index}`,
      notBefore: '2026-01-01T00:00:00.000Z',
      notAfter: '2027-01-01T00:00:00.000Z',
      issuer: 'CN=ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (GOST) QOLTANBA TEST,C=KZ',
      subject: 'CN=x',
    },
    signingTime: AT.toISOString(),
    signatureType: index % 2 ? 'RSA' : 'GOST2015',
    packaging: 'detached',
    revocation: { status: 'good', source: 'crl', revokedAt: null, checkedAt: null },
  };
}

function evidence(signatures: number, events: number): SignedEvidence {
  const history: HistoryEvent[] = Array.from({ length: events }, (_, i) => ({
    id: i + 1,
    type: i === 0 ? 'CREATE' : 'VIEW',
    at: AT.toISOString(),
    actor: { userId: 'u', firstname: 'Айгүл', lastname: 'Сәрсенбаева' },
    company: { bin: '990340005977', nameRu: 'ТОО «Отправитель»', nameKk: 'ЖШС «Жіберуші»' },
    ip: '10.0.0.1',
    details: null,
  }));
  return {
    document: {
      id: 41,
      number: 1007,
      name: 'Шарт № 7 / Договор поставки',
      status: 'SIGNED',
      signingMethod: 'PARALLEL',
      createdAt: AT,
      updatedAt: AT,
      sender: { bin: '990340005977', nameRu: 'ТОО «Отправитель»', nameKk: 'ЖШС «Жіберуші»' },
    },
    files: [
      { id: 5, name: 'шарт.pdf', format: 'pdf', sha256: 'ab'.repeat(32), blobKey: 'k5' },
      { id: 6, name: 'annex.pdf', format: 'pdf', sha256: 'cd'.repeat(32), blobKey: 'k6' },
    ],
    signatures: Array.from({ length: signatures }, (_, i) => ({
      fileId: i % 2 ? 6 : 5,
      identityNumber: '150940001238',
      method: 'NCALAYER' as const,
      ip: `192.0.2.${i + 1}`,
      acceptedAt: AT,
      report: report(i),
      cms: new Uint8Array([0x30, 0x00]),
    })),
    history,
  };
}

describe('signature sheet', () => {
  it('holds the document, every signer with IIN and result, in the request language, Kazakh letters intact', async () => {
    const input = evidence(3, 3);
    const pdf = await buildSignatureSheet(input, { lang: 'kk', publicUrl: PUBLIC_URL, generatedAt: AT });
    const text = (await pdfPageTexts(pdf)).join(' ');
    expect(text).toContain('Қолтаңбалар парағы');
    expect(text).toContain('Шарт № 7 / Договор поставки');
    expect(text).toContain('ab'.repeat(32));
    for (const signature of input.signatures) expect(text).toContain(signature.report.signer.iin);
    expect(text).toContain('ҚОЖАҒҰЛОВ ӘЛІБЕК ҮМБЕТҰЛЫ 0');
    expect(text).toContain('өңделген ғимараттар');
    expect(text).toContain('Сертификат кері қайтарылған');
    expect(text).toContain('192.0.2.2');
    expect(text).toContain('2026-11-20 14:30:00 (UTC+5)');
    const en = (
      await pdfPageTexts(
        await buildSignatureSheet(input, { lang: 'en', publicUrl: PUBLIC_URL, generatedAt: AT }),
      )
    ).join(' ');
    expect(en).toContain('Signature sheet');
    expect(en).toContain('The certificate is revoked');
  });

  it('draws one QR per signature, each exactly the matrix of its file check URL, and readable', async () => {
    const input = evidence(3, 1);
    const pdf = await buildSignatureSheet(input, { lang: 'ru', publicUrl: PUBLIC_URL, generatedAt: AT });
    const hashOf = (fileId: number) => input.files.find((f) => f.id === fileId)?.sha256 ?? '';
    const urls = input.signatures.map((s) => checkFileUrl(PUBLIC_URL, 41, s.fileId, hashOf(s.fileId)));
    expect(urls[0]).toBe(`https://q.example.kz/check/41/5?sha256=${hashOf(5).slice(0, 16)}`);
    const drawn = await drawnQrMatrices(pdf);
    expect(drawn).toEqual(urls.map((url) => qrMatrix(url)));
    expect(drawn.map((matrix) => decodeQrMatrix(matrix))).toEqual(urls);
  });

  it('breaks pages for many signers and a long history, keeping every signer and QR', async () => {
    const input = evidence(12, 120);
    const pdf = await buildSignatureSheet(input, { lang: 'ru', publicUrl: PUBLIC_URL, generatedAt: AT });
    const pages = await pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThan(3);
    const text = pages.join(' ');
    for (const signature of input.signatures) expect(text).toContain(signature.report.signer.iin);
    expect(text.match(/Просмотрен/g)).toHaveLength(119);
    expect(pages.at(-1)).toContain(`Страница ${pages.length} / ${pages.length}`);
    expect(await drawnQrMatrices(pdf)).toHaveLength(12);
    for (const page of (await PDFDocument.load(pdf)).getPages())
      expect(page.getSize().height).toBeCloseTo(841.89);
  });

  it('for one file keeps only that file and its signatures', async () => {
    const input = evidence(4, 1);
    const pdf = await buildSignatureSheet(input, {
      lang: 'en',
      publicUrl: PUBLIC_URL,
      generatedAt: AT,
      fileIds: [6],
    });
    const text = (await pdfPageTexts(pdf)).join(' ');
    expect(text).not.toContain('шарт.pdf');
    expect(text).toContain('Signatures (2)');
    expect((await drawnQrMatrices(pdf)).map((m) => decodeQrMatrix(m))).toEqual([
      `https://q.example.kz/check/41/6?sha256=${'cd'.repeat(8)}`,
      `https://q.example.kz/check/41/6?sha256=${'cd'.repeat(8)}`,
    ]);
  });
});
