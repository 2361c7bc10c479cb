import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiPath, type Document, EVIDENCE_PATHS, SIGNING_PATHS } from '@qoltanba/core';
import type { TestSigner } from '@qoltanba/testkit';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, type Verifier } from '../../pki/index.js';
import { TEST_CLOCK_START } from '../../testing/accounts.js';
import { sampleDocx, samplePdf } from '../../testing/document-files.js';
import { COMPANIES, testDraft } from '../../testing/documents.js';
import { decodeQrMatrix, drawnQrMatrices, pdfPageTexts } from '../../testing/pdf-inspect.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabasesAndStorage } from '../../testing/test-storage.js';

// The evidence routes over documents signed with real CMS (the testkit's PKI, verified by the engine): the sender
// signs its draft with GOST 34.10-2015, the signer company with RSA.

const run = promisify(execFile);
const { sender, signer, outsider } = COMPANIES;
const PUBLIC_URL = 'https://q.example.kz';
const person = (iin: string) => ({ iin, surname: 'ҚОЖАҒҰЛОВ', givenName: 'ӘЛІБЕК', patronymic: 'ҮМБЕТҰЛЫ' });

const pki = createSigningPki(['gost2015', 'rsa']);
const signers: Record<'sender' | 'signer', TestSigner> = {
  sender: pki.issue(
    { ...person('880101300123'), bin: sender.bin, organisation: 'ТОО «Алтын Сауда»', kind: 'first_head' },
    'gost2015',
  ),
  signer: pki.issue(
    { ...person('900202400469'), bin: signer.bin, organisation: 'ТОО «Береке Строй»', kind: 'right_to_sign' },
    'rsa',
  ),
};
let trustDir: string;
/** The engine as the server runs it (at the suites' test clock), to check the CMS files taken out of the ZIP. */
let verifier: Verifier;
/** The engine three years on: every certificate of the signers expired, no network (offline), no OCSP. */
let yearsLater: Verifier;

beforeAll(async () => {
  trustDir = await mkdtemp(join(tmpdir(), 'qoltanba-evidence-'));
  await pki.writeTrustDir(trustDir);
  verifier = await createVerifier({ trustDir, offline: true, now: () => TEST_CLOCK_START });
  const later = new Date(TEST_CLOCK_START.getTime() + 3 * 365 * 86_400_000);
  yearsLater = await createVerifier({ trustDir, offline: true, now: () => later });
});
afterAll(async () => {
  await rm(trustDir, { recursive: true, force: true });
});

describe.each(testDatabasesAndStorage())('signed package, sheet and copy on $name, $storage', (backend) => {
  const suite = useSigningSuite(backend, {
    pki,
    // No LibreOffice: the printable copy of a docx goes through the documents module's preview, which then refuses.
    env: { QOLTANBA_PUBLIC_URL: PUBLIC_URL, QOLTANBA_SOFFICE_PATH: '/nonexistent/bin/soffice' },
  });

  async function sign(document: Document, as: 'sender' | 'signer'): Promise<Document> {
    const company = COMPANIES[as];
    const signatures = [];
    for (const file of document.files) {
      const content = await suite.fileBytes(document, file.id);
      signatures.push({
        fileId: file.id,
        cms: Buffer.from(signers[as].signCms({ content })).toString('base64'),
      });
    }
    const res = await suite.request(
      suite.tokens[as],
      'POST',
      apiPath(SIGNING_PATHS.sign, { bin: company.bin, id: String(document.id) }),
      { signatures },
    );
    if (res.statusCode !== 200) throw new Error(`sign: ${res.statusCode} ${res.body}`);
    return res.json() as Document;
  }

  /** A draft with two real PDFs (named in Kazakh and alike), signed by the sender and then by the signer. */
  async function signedDocument(): Promise<Document> {
    const created = await suite.create(
      suite.tokens.sender,
      sender.bin,
      testDraft({ name: 'Жеткізу шарты' }),
      [
        { filename: 'шарт.pdf', bytes: samplePdf('Contract') },
        { filename: 'annex.pdf', bytes: samplePdf('Annex') },
      ],
    );
    await sign(created as unknown as Document, 'sender');
    return sign(created as unknown as Document, 'signer');
  }

  const path = (template: string, document: Document, extra: Record<string, string> = {}, bin = sender.bin) =>
    apiPath(template, { bin, id: String(document.id), ...extra });

  it('streams a ZIP of the originals, one CMS per signature that the engine and openssl verify, and the sheet', async () => {
    const document = await signedDocument();
    expect(document.status).toBe('SIGNED');
    const res = await suite.request(
      suite.tokens.signer,
      'GET',
      path(EVIDENCE_PATHS.signedPackage, document, {}, signer.bin),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const [first, second] = document.files;
    if (!first || !second) throw new Error('two files');
    expect(Object.keys(entries)).toEqual([
      'README.txt',
      'шарт.pdf',
      'annex.pdf',
      `signatures/шарт.pdf.1.${sender.bin}.cms`,
      `signatures/annex.pdf.1.${sender.bin}.cms`,
      `signatures/шарт.pdf.2.${signer.bin}.cms`,
      `signatures/annex.pdf.2.${signer.bin}.cms`,
      'signature-sheet.pdf',
    ]);
    const originals = {
      'шарт.pdf': await suite.fileBytes(document, first.id),
      'annex.pdf': await suite.fileBytes(document, second.id),
    };
    for (const [name, bytes] of Object.entries(originals))
      expect(Buffer.from(entries[name] ?? [])).toEqual(bytes);
    expect(new TextDecoder().decode(entries['README.txt'])).toContain(`${PUBLIC_URL}/check`);

    const work = await mkdtemp(join(tmpdir(), 'qoltanba-evidence-zip-'));
    try {
      const caFile = join(work, 'ca.pem');
      await writeFile(
        caFile,
        [
          await readFile(join(trustDir, 'rsa-root.pem'), 'utf8'),
          await readFile(join(trustDir, 'rsa-ca.pem'), 'utf8'),
        ].join('\n'),
      );
      for (const [original, content] of Object.entries(originals)) {
        for (const bin of [sender.bin, signer.bin]) {
          const n = bin === sender.bin ? 1 : 2;
          const cms = entries[`signatures/${original}.${n}.${bin}.cms`];
          if (!cms) throw new Error(`no CMS of ${bin} over ${original}`);
          const { report } = await verifier.verifyCms({ cms, content });
          expect(report.verdict).toBe('TOTAL_PASSED');
          expect(report.signatures[0]?.signer.bin).toBe(bin);
          // Kept as CAdES-T with its evidence: it still verifies after the certificates expired, offline.
          const later = await yearsLater.verifyCms({ cms, content });
          expect(later.report.signatures[0]).toMatchObject({
            indication: 'TOTAL_PASSED',
            timestamp: { indication: 'TOTAL_PASSED' },
            revocation: { status: 'good' },
          });
          if (bin !== signer.bin) continue;
          const cmsFile = join(work, 'signature.cms');
          const contentFile = join(work, 'content.bin');
          await writeFile(cmsFile, cms);
          await writeFile(contentFile, content);
          const verified = await run('openssl', [
            'cms',
            '-verify',
            '-binary',
            '-inform',
            'DER',
            '-in',
            cmsFile,
            '-content',
            contentFile,
            '-CAfile',
            caFile,
            '-out',
            '/dev/null',
          ]);
          expect(verified.stderr).toContain('Verification successful');
          // The same CMS over other bytes must not verify: the check above can fail.
          await writeFile(contentFile, Buffer.concat([content, Buffer.from('!')]));
          await expect(
            run('openssl', [
              'cms',
              '-verify',
              '-binary',
              '-inform',
              'DER',
              '-in',
              cmsFile,
              '-content',
              contentFile,
              '-CAfile',
              caFile,
              '-out',
              '/dev/null',
            ]),
          ).rejects.toThrow();
        }
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }

    const sheet = entries['signature-sheet.pdf'];
    if (!sheet) throw new Error('no sheet');
    const text = (await pdfPageTexts(sheet)).join(' ');
    for (const iin of ['880101300123', '900202400469']) expect(text).toContain(iin);
    const urls = (await drawnQrMatrices(sheet)).map((matrix) => decodeQrMatrix(matrix));
    expect(urls).toEqual(
      [first, second, first, second].map(
        (f) => `${PUBLIC_URL}/check/${document.id}/${f.id}?sha256=${f.sha256.slice(0, 16)}`,
      ),
    );
  });

  it('answers the sheet in the request language and the printable copy as the original pages plus the sheet', async () => {
    const document = await signedDocument();
    const sheet = await suite.request(
      suite.tokens.sender,
      'GET',
      `${path(EVIDENCE_PATHS.signatureSheet, document)}?lang=ru`,
    );
    expect([sheet.statusCode, sheet.headers['content-type']]).toEqual([200, 'application/pdf']);
    const sheetText = (await pdfPageTexts(sheet.rawPayload)).join(' ');
    expect(sheetText).toContain('Лист подписания');
    expect(sheetText).toContain('ГОСТ 34.10-2015');
    expect(sheetText).toContain('Жеткізу шарты');
    const fileId = String(document.files[0]?.id);
    const printable = await suite.request(
      suite.tokens.sender,
      'GET',
      path(EVIDENCE_PATHS.printableCopy, document, { fileId }),
    );
    expect(printable.statusCode).toBe(200);
    const copy = await PDFDocument.load(printable.rawPayload);
    const pages = await pdfPageTexts(printable.rawPayload);
    // The original's one page, then the sheet's pages numbered 1..n of their own.
    const sheetPages = copy.getPageCount() - 1;
    expect(sheetPages).toBeGreaterThan(0);
    for (const [index, page] of pages.slice(1).entries())
      expect(page).toContain(`Бет ${index + 1} / ${sheetPages}`);
    expect(pages[0]).not.toContain('Бет');
    expect(pages[0]).toContain('Contract');
    expect(pages.slice(1).join(' ')).toContain('900202400469');
    expect(pages.join(' ')).not.toContain('annex.pdf');
  });

  it('prints office files through their preview, and refuses a PDF it cannot read', async () => {
    const office = await suite.create(suite.tokens.sender, sender.bin, testDraft(), [
      { filename: 'шарт.docx', bytes: sampleDocx('Шарт') },
    ]);
    const signedOffice = await sign(office as unknown as Document, 'sender');
    const docx = await suite.request(
      suite.tokens.sender,
      'GET',
      path(EVIDENCE_PATHS.printableCopy, signedOffice, { fileId: String(signedOffice.files[0]?.id) }),
    );
    expect([docx.statusCode, docx.json().code]).toEqual([503, 'PREVIEW_UNAVAILABLE']);
    // A file that starts like a PDF (so the upload took it) but is none.
    const broken = await sign(await suite.document({}, { send: false }), 'sender');
    const res = await suite.request(
      suite.tokens.sender,
      'GET',
      path(EVIDENCE_PATHS.printableCopy, broken, { fileId: String(broken.files[0]?.id) }),
    );
    expect([res.statusCode, res.json().code]).toEqual([422, 'PREVIEW_FAILED']);
    // The package still carries it as stored.
    const zip = await suite.request(suite.tokens.sender, 'GET', path(EVIDENCE_PATHS.signedPackage, broken));
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Buffer.from(entries['contract-1.pdf'] ?? [])).toEqual(
      await suite.fileBytes(broken, broken.files[0]?.id ?? 0),
    );
  });

  it('refuses unsigned documents, drafts and companies that take no part', async () => {
    const sent = await suite.document();
    const draft = await suite.document({}, { send: false });
    for (const document of [sent, draft]) {
      for (const url of [
        path(EVIDENCE_PATHS.signedPackage, document),
        path(EVIDENCE_PATHS.signatureSheet, document),
        path(EVIDENCE_PATHS.printableCopy, document, { fileId: String(document.files[0]?.id) }),
      ]) {
        const res = await suite.request(suite.tokens.sender, 'GET', url);
        expect([res.statusCode, res.json().code]).toEqual([400, 'DOCUMENT_NOT_SIGNED']);
      }
    }
    const signed = await signedDocument();
    const stranger = await suite.request(
      suite.tokens.outsider,
      'GET',
      path(EVIDENCE_PATHS.signedPackage, signed, {}, outsider.bin),
    );
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const foreignBin = await suite.request(
      suite.tokens.outsider,
      'GET',
      path(EVIDENCE_PATHS.signatureSheet, signed),
    );
    expect([foreignBin.statusCode, foreignBin.json().code]).toEqual([403, 'FORBIDDEN']);
    const anonymous = await suite.server.app.inject({
      method: 'GET',
      url: path(EVIDENCE_PATHS.signedPackage, signed),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
