import {
  apiPath,
  ETSI_INDICATION_TEXTS,
  ETSI_SUB_INDICATION_TEXTS,
  LANGS,
  type Lang,
  OVERALL_VERDICT_TEXTS,
  SIGNATURE_TYPE_TEXTS,
  VERIFICATION_PATHS,
  VERIFICATION_REPORT_FILE_NAMES,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_FIELD_LABELS } from '../../pdf/signature-fields.js';
import { multipart, type Part } from '../../testing/documents.js';
import { pdfPageTexts } from '../../testing/pdf-inspect.js';
import { PERSON } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import {
  detached,
  file,
  nextAddress,
  pdf,
  SIGNER_COMPANY,
  SIGNER_IP,
  signers,
  useVerificationSuite,
} from '../../testing/verification-suite.js';
import { REPORT_LABELS } from './verification-report-pdf.js';

// The verification report (PDF) of an upload or a stored file, in kk, ru and en.
describe.each(testDatabases())('the verification report (PDF) on $name', (backend) => {
  const { suite, passed, signedHere } = useVerificationSuite(backend);

  describe('the verification report (PDF)', () => {
    async function report(parts: readonly Part[], lang: Lang = 'en') {
      const { payload, contentType } = multipart(parts);
      return suite.server.app.inject({
        method: 'POST',
        url: `${VERIFICATION_PATHS.report}?lang=${lang}`,
        headers: { 'content-type': contentType },
        payload,
        remoteAddress: nextAddress(),
      });
    }
    const storedReportUrl = (docId: number, fileId: number, sha256: string | undefined, lang: Lang = 'en') =>
      `${apiPath(VERIFICATION_PATHS.storedFileReport, { docId: String(docId), fileId: String(fileId) })}?lang=${lang}${sha256 === undefined ? '' : `&sha256=${sha256}`}`;
    const textOf = async (body: Buffer) => (await pdfPageTexts(new Uint8Array(body))).join(' ');
    const filenameOf = (header: unknown) =>
      decodeURIComponent(String(header).replace(/^.*filename\*=UTF-8''/, ''));

    it('prints the upload verified again: verdict, files, every signer, in kk, ru and en', async () => {
      const original = pdf('report original');
      const gost = detached(signers.gost, original);
      const rsa = detached(signers.rsa, original);
      const parts = [file('шарт.pdf', original), file('gost.cms', gost), file('rsa.p7s', rsa)];
      const json = await passed(parts);
      expect(json.verdict).toBe('TOTAL_PASSED');
      for (const lang of LANGS) {
        const res = await report(parts, lang);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('application/pdf');
        expect(res.headers['cache-control']).toBe('no-store');
        expect(filenameOf(res.headers['content-disposition'])).toBe(VERIFICATION_REPORT_FILE_NAMES[lang]);
        const text = await textOf(res.rawPayload);
        expect(text).toContain(REPORT_LABELS.title[lang]);
        expect(text).toContain(`${OVERALL_VERDICT_TEXTS.TOTAL_PASSED[lang]} (TOTAL_PASSED)`);
        expect(text).toContain(`${ETSI_INDICATION_TEXTS.TOTAL_PASSED[lang]} (TOTAL_PASSED)`);
        expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(UTC\+5\)/);
        for (const name of ['шарт.pdf', 'gost.cms', 'rsa.p7s']) expect(text).toContain(name);
        for (const f of json.files) expect(text).toContain(f.sha256);
        expect(text.split(PERSON.iin).length - 1).toBe(2);
        for (const s of json.signatures) expect(text).toContain(s.certificate?.serial);
        expect(text).toContain(SIGNER_COMPANY.organisation);
        expect(text).toContain('GOST 34.10-2015'.replace('GOST', lang === 'en' ? 'GOST' : 'ГОСТ'));
      }
    });

    it('prints every document of a multi-document check, each with its own signatures', async () => {
      const shared = pdf(`report shared ${Math.random()}`);
      const first = await signedHere(signers.gost, shared);
      const second = await signedHere(signers.rsa, shared);
      const res = await report([file('shared.pdf', shared)], 'ru');
      expect(res.statusCode, res.body).toBe(200);
      const text = await textOf(res.rawPayload);
      expect(text).toContain(REPORT_LABELS.documents.ru);
      for (const { document } of [first, second]) {
        expect(text).toContain(`№ ${document.number} · ${document.name}`);
        // Listed once among the documents, once as the heading of its signatures.
        expect(text.split(`№ ${document.number} · ${document.name}`).length - 1).toBe(2);
      }
      // Each signature once, under its own document: the GOST one under the first, the RSA one under the second.
      const firstAt = text.lastIndexOf(`№ ${first.document.number} · ${first.document.name}`);
      const secondAt = text.lastIndexOf(`№ ${second.document.number} · ${second.document.name}`);
      const gost = `${SIGNATURE_FIELD_LABELS.signatureType.ru}: ${SIGNATURE_TYPE_TEXTS.GOST2015.ru}`;
      const rsa = `${SIGNATURE_FIELD_LABELS.signatureType.ru}: ${SIGNATURE_TYPE_TEXTS.RSA.ru}`;
      const [early, late] = firstAt < secondAt ? [gost, rsa] : [rsa, gost];
      const between = text.slice(Math.min(firstAt, secondAt), Math.max(firstAt, secondAt));
      const after = text.slice(Math.max(firstAt, secondAt));
      expect(between).toContain(early);
      expect(between).not.toContain(late);
      expect(after).toContain(late);
      expect(text).not.toContain(REPORT_LABELS.otherSignatures.ru);
    });

    it('prints a failed signature with its sub-indication in words and codes', async () => {
      const original = pdf('report revoked');
      const parts = [file('r.pdf', original), file('r.cms', detached(signers.revoked, original))];
      for (const lang of ['kk', 'ru'] as const) {
        const res = await report(parts, lang);
        expect(res.statusCode, res.body).toBe(200);
        const text = await textOf(res.rawPayload);
        expect(text).toContain(`${OVERALL_VERDICT_TEXTS.TOTAL_FAILED[lang]} (TOTAL_FAILED)`);
        expect(text).toContain(
          `${ETSI_INDICATION_TEXTS.TOTAL_FAILED[lang]}: ${ETSI_SUB_INDICATION_TEXTS.REVOKED[lang]} (TOTAL_FAILED / REVOKED)`,
        );
      }
    });

    it('refuses what verifySignatures refuses: 11 files, a text named .pdf, an unsigned PDF, a posted result', async () => {
      const original = pdf('report limits');
      const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i}.pdf`, original));
      const codeOf = async (parts: readonly Part[]) => {
        const res = await report(parts);
        expect(res.headers['content-type']).toContain('application/json');
        return res.json().code as string;
      };
      expect(await codeOf(eleven)).toBe('TOO_MANY_FILES');
      expect(await codeOf([file('notes.pdf', Buffer.from('just some text'))])).toBe(
        'UNSUPPORTED_FILE_FORMAT',
      );
      expect(await codeOf([file('unknown.pdf', original)])).toBe('DOCUMENT_NOT_SIGNED');
      // A result posted as JSON is no upload: the report is only ever made from the files.
      const forged = await suite.server.app.inject({
        method: 'POST',
        url: `${VERIFICATION_PATHS.report}?lang=en`,
        payload: { verdict: 'TOTAL_PASSED', signatures: [], files: [], document: null },
        remoteAddress: nextAddress(),
      });
      expect(forged.statusCode).toBeGreaterThanOrEqual(400);
      expect(forged.headers['content-type']).not.toContain('application/pdf');
    });

    it('prints a stored file with its document and signer IP, only with the right hash', async () => {
      const { document } = await signedHere();
      const stored = document.files[0];
      const fileId = stored?.id ?? 0;
      const sha256 = stored?.sha256 ?? '';
      const res = await suite.server.app.inject({
        method: 'GET',
        url: storedReportUrl(document.id, fileId, sha256.slice(0, 16), 'ru'),
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(filenameOf(res.headers['content-disposition'])).toBe(VERIFICATION_REPORT_FILE_NAMES.ru);
      const text = await textOf(res.rawPayload);
      expect(text).toContain(PERSON.iin);
      expect(text).toContain(SIGNER_IP);
      expect(text).toContain(document.name);
      expect(text).toContain(sha256);
      expect(text).toContain(OVERALL_VERDICT_TEXTS.TOTAL_PASSED.ru);

      for (const wrong of [undefined, '0'.repeat(16), sha256.slice(0, 15)]) {
        const refused = await suite.server.app.inject({
          method: 'GET',
          url: storedReportUrl(document.id, fileId, wrong),
          remoteAddress: nextAddress(),
        });
        expect(refused.statusCode).toBe(404);
        expect(refused.json().code).toBe('ENTITY_NOT_FOUND');
      }
    });
  });
});
