import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  apiPath,
  type Document,
  ETSI_INDICATION_TEXTS,
  ETSI_SUB_INDICATION_TEXTS,
  LANGS,
  type Lang,
  OVERALL_VERDICT_TEXTS,
  SIGNING_PATHS,
  VERIFICATION_PATHS,
  VERIFICATION_REPORT_FILE_NAMES,
  VERIFY_MAX_TOTAL_BYTES,
  type VerificationResult,
} from '@qoltanba/core';
import { addSignatureTimestamps, type TestSigner } from '@qoltanba/testkit';
import { describe, expect, it } from 'vitest';
import { TEST_CLOCK_START } from '../../testing/accounts.js';
import { sampleDocx, sampleOdt, samplePdf } from '../../testing/document-files.js';
import { COMPANIES, multipart, type Part } from '../../testing/documents.js';
import { pdfPageTexts } from '../../testing/pdf-inspect.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki, PERSON } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { VERIFICATION_RATE_LIMIT } from './verification-module.js';
import { REPORT_LABELS } from './verification-report-pdf.js';

// The public verification API with real CMS from the testkit's KZ-format PKI, verified offline by the engine.

/** The address the test helpers send signed-in requests from (testing/accounts.ts). */
const SIGNER_IP = '10.255.0.1';
const company = { ...PERSON, bin: COMPANIES.signer.bin, organisation: COMPANIES.signer.nameRu };

const pki = createSigningPki(['gost2015', 'rsa']);
const signers: Record<'gost' | 'rsa' | 'revoked', TestSigner> = {
  gost: pki.head(COMPANIES.signer.bin, 'gost2015'),
  rsa: pki.issue({ kind: 'right_to_sign' }, 'rsa'),
  revoked: pki.revoked,
};

const pdf = (text: string) => samplePdf(text);
const file = (filename: string, value: Uint8Array): Part => ({
  name: 'files',
  filename,
  value: Buffer.from(value),
  contentType: 'application/octet-stream',
});
const detached = (by: TestSigner, content: Uint8Array) => by.signCms({ content, detached: true });
const attached = (by: TestSigner, content: Uint8Array) => by.signCms({ content, detached: false });

let address = 0;
/** A fresh client address per request, so the per-IP limit only bites where a test means it to. */
const nextAddress = () => {
  address += 1;
  return `10.9.${(address >> 8) & 255}.${address & 255}`;
};

describe.each(testDatabases())('public verification on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki });

  async function verify(parts: readonly Part[], remoteAddress = nextAddress()) {
    const { payload, contentType } = multipart(parts);
    return suite.server.app.inject({
      method: 'POST',
      url: `${VERIFICATION_PATHS.verify}?lang=en`,
      headers: { 'content-type': contentType },
      payload,
      remoteAddress,
    });
  }
  const passed = async (parts: readonly Part[]) => {
    const res = await verify(parts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as VerificationResult;
  };
  const refused = async (parts: readonly Part[]) => {
    const res = await verify(parts);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    return res.json().code as string;
  };

  /** A document sent to the signer company and signed there through the API with `by` (GOST by default). */
  async function signedHere(
    by: TestSigner = signers.gost,
    content?: Uint8Array,
  ): Promise<{ document: Document; bytes: Buffer }> {
    const document = await suite.document({}, content ? { content } : {});
    const fileId = document.files[0]?.id ?? 0;
    const bytes = await suite.fileBytes(document, fileId);
    const cms = Buffer.from(detached(by, bytes)).toString('base64');
    const res = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.sign, { bin: COMPANIES.signer.bin, id: String(document.id) }),
      { signatures: [{ fileId, cms }] },
    );
    expect(res.statusCode, res.body).toBe(200);
    return { document, bytes };
  }

  it('a CMS with a signature timestamp (CAdES-T): the verified timestamp is reported with its TSA', async () => {
    const time = new Date(TEST_CLOCK_START.getTime() + 60_000);
    const cms = addSignatureTimestamps(attached(signers.gost, pdf('stamped')), { tsa: pki.tsa, time });
    const result = await passed([file('stamped.cms', cms)]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.signatures[0]?.timestamp).toEqual({
      time: time.toISOString(),
      tsa: expect.stringContaining('TSA'),
      indication: 'TOTAL_PASSED',
      subIndication: null,
    });
  });

  it('a DOCX, an ODT or any other original beside its detached CMS is verified over it', async () => {
    for (const [name, original, kind] of [
      ['contract.docx', sampleDocx('docx original'), 'docx'],
      ['contract.odt', sampleOdt('odt original'), 'odt'],
      ['scan.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), 'other'],
    ] as const) {
      const result = await passed([
        file(name, original),
        file(`${name}.cms`, detached(signers.rsa, original)),
      ]);
      expect(result.verdict, name).toBe('TOTAL_PASSED');
      expect(result.files.map((f) => f.kind)).toEqual([kind, 'cms']);
      expect(result.signatures[0]).toMatchObject({ signedFile: 0, signatureFile: 1 });
    }
    // Another file than the one signed: the signature says so, the file is not refused.
    const other = await passed([
      file('other.docx', sampleDocx('not the signed one')),
      file('c.cms', detached(signers.rsa, sampleDocx('the signed one'))),
    ]);
    expect(other.verdict).toBe('TOTAL_FAILED');
    // A file of no known format with no detached CMS to pair with is still refused.
    expect(await refused([file('scan.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]))])).toBe(
      'UNSUPPORTED_FILE_FORMAT',
    );
  });

  it('a PDF shared by two documents signed here is reported as two documents, each with its signatures', async () => {
    const shared = pdf(`shared ${Math.random()}`);
    const first = await signedHere(signers.gost, shared);
    const second = await signedHere(signers.rsa, shared);
    const result = await passed([file('shared.pdf', shared)]);
    expect(result.documents?.map((d) => d.id).sort()).toEqual([first.document.id, second.document.id].sort());
    expect(result.signatures).toHaveLength(2);
    const byDocument = (id: number) =>
      result.signatures.filter((s) => s.document != null && result.documents?.[s.document]?.id === id);
    expect(byDocument(first.document.id).map((s) => s.signatureType)).toEqual(['GOST2015']);
    expect(byDocument(second.document.id).map((s) => s.signatureType)).toEqual(['RSA']);
    expect(result.document?.id).toBe(result.documents?.[0]?.id);
  });

  it('an attached CMS alone: its own content, the signer from the certificate', async () => {
    const result = await passed([file('contract.cms', attached(signers.gost, pdf('attached alone')))]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.files).toEqual([{ name: 'contract.cms', kind: 'cms', sha256: expect.any(String) }]);
    expect(result.document).toBeNull();
    expect(result.signatures).toHaveLength(1);
    expect(result.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      subIndication: null,
      packaging: 'attached',
      signatureType: 'GOST2015',
      signer: { iin: PERSON.iin, bin: company.bin, organisation: company.organisation, role: 'first_head' },
      certificate: {
        serial: expect.any(String),
        notBefore: expect.any(String),
        notAfter: expect.any(String),
      },
      signatureFile: 0,
      signedFile: null,
      signedHere: false,
      ip: null,
    });
  });

  it('a detached CMS with its original, in either order, and several CMS for one original', async () => {
    const original = pdf('detached with original');
    const one = await passed([file('a.pdf', original), file('a.pdf.cms', detached(signers.gost, original))]);
    expect(one.verdict).toBe('TOTAL_PASSED');
    expect(one.signatures[0]).toMatchObject({ packaging: 'detached', signedFile: 0, signatureFile: 1 });
    // Hashed while it was read: the SHA-256 of exactly the bytes sent.
    expect(one.files[0]?.sha256).toBe(createHash('sha256').update(original).digest('hex'));

    const several = await passed([
      file('gost.cms', detached(signers.gost, original)),
      file('rsa.cms', detached(signers.rsa, original)),
      file('a.pdf', original),
    ]);
    expect(several.verdict).toBe('TOTAL_PASSED');
    expect(several.signatures.map((s) => [s.signatureType, s.signatureFile, s.signedFile])).toEqual([
      ['GOST2015', 0, 2],
      ['RSA', 1, 2],
    ]);
    expect(several.files.map((f) => f.kind)).toEqual(['cms', 'cms', 'pdf']);
  });

  it('several originals with their CMS: each CMS is paired by its messageDigest', async () => {
    const first = pdf('first original');
    const second = pdf('second original');
    const result = await passed([
      file('second.cms', detached(signers.rsa, second)),
      file('first.pdf', first),
      file('first.cms', detached(signers.gost, first)),
      file('second.pdf', second),
    ]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.signatures.map((s) => [s.signatureFile, s.signedFile])).toEqual([
      [0, 3],
      [2, 1],
    ]);
  });

  it('originals that arrive in many pieces are paired and verified as a whole (GOST and RSA)', async () => {
    // Large enough for many socket-sized pieces; the body is sent in 997-byte slices, so boundaries and parser
    // look-behind bytes fall inside the originals.
    const originals = [0, 1, 2].map((n) => {
      const bytes = Buffer.alloc(200_000 + n * 7919, 0x0d);
      bytes.write('%PDF-1.7\n', 0, 'latin1');
      // Near-boundaries of every length, so the parser keeps and gives back look-behind bytes all along.
      for (let i = 10; i < bytes.length; i += 89)
        bytes.write(`\r\r\n-\r\n--\r\n---${n}\r\n----${i}`, i, 'latin1');
      return bytes;
    });
    const cms = originals.map((bytes, n) => detached(n === 1 ? signers.rsa : signers.gost, bytes));
    const { payload, contentType } = multipart([
      ...originals.map((bytes, n) => file(`${n}.pdf`, bytes)),
      ...cms.map((bytes, n) => file(`${n}.cms`, bytes)),
    ]);
    const pieces = Array.from({ length: Math.ceil(payload.length / 997) }, (_, n) =>
      payload.subarray(n * 997, (n + 1) * 997),
    );
    const res = await suite.server.app.inject({
      method: 'POST',
      url: `${VERIFICATION_PATHS.verify}?lang=en`,
      headers: { 'content-type': contentType },
      payload: Readable.from(pieces),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as VerificationResult;
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.signatures.map((s) => [s.signatureType, s.signatureFile, s.signedFile])).toEqual([
      ['GOST2015', 3, 0],
      ['RSA', 4, 1],
      ['GOST2015', 5, 2],
    ]);
    expect(result.files.slice(0, 3).map((f) => f.sha256)).toEqual(
      originals.map((bytes) => createHash('sha256').update(bytes).digest('hex')),
    );
  });

  it('a CMS over a different file fails with HASH_FAILURE; a revoked signer with REVOKED', async () => {
    const mismatch = await passed([
      file('other.pdf', pdf('the file at hand')),
      file('x.cms', detached(signers.gost, pdf('another file'))),
    ]);
    expect(mismatch.verdict).toBe('TOTAL_FAILED');
    expect(mismatch.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'HASH_FAILURE',
    });

    const original = pdf('revoked signer');
    const revoked = await passed([
      file('r.pdf', original),
      file('r.cms', detached(signers.revoked, original)),
    ]);
    expect(revoked.verdict).toBe('TOTAL_FAILED');
    expect(revoked.signatures[0]).toMatchObject({
      subIndication: 'REVOKED',
      revocation: { status: 'revoked' },
    });

    // One bad signature makes the verdict, whatever the others say.
    const mixed = await passed([
      file('m.pdf', original),
      file('good.cms', detached(signers.gost, original)),
      file('bad.cms', detached(signers.revoked, original)),
    ]);
    expect(mixed.signatures.map((s) => s.indication)).toEqual(['TOTAL_PASSED', 'TOTAL_FAILED']);
    expect(mixed.verdict).toBe('TOTAL_FAILED');
  });

  it('a CMS saved as base64 or PEM text is read like DER', async () => {
    const original = pdf('base64 cms');
    const base64 = Buffer.from(detached(signers.gost, original)).toString('base64');
    const pem = `-----BEGIN CMS-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END CMS-----\n`;
    for (const text of [base64, pem]) {
      const result = await passed([file('a.pdf', original), file('a.cms', Buffer.from(text))]);
      expect(result.verdict).toBe('TOTAL_PASSED');
    }
  });

  it('a document alone signed here: its stored signatures verified over the upload, with document and IP', async () => {
    const { document, bytes } = await signedHere();
    const result = await passed([file('mine.pdf', bytes)]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.document).toEqual({ id: document.id, number: document.number, name: document.name });
    expect(result.signatures).toHaveLength(1);
    expect(result.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      signer: { iin: PERSON.iin, bin: company.bin },
      signedFile: 0,
      signatureFile: null,
      signedHere: true,
      ip: SIGNER_IP,
      signedAt: expect.any(String),
      // The party it was kept for, which the certificate signs for; the kept timestamp verified too.
      expectedIdentity: { identityNumber: company.bin, matches: true },
      timestamp: { indication: 'TOTAL_PASSED' },
    });
  });

  it('an uploaded CMS made here is marked signedHere with its IP and document', async () => {
    const document = await suite.document();
    const fileId = document.files[0]?.id ?? 0;
    const bytes = await suite.fileBytes(document, fileId);
    const cms = detached(signers.gost, bytes);
    const signed = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.sign, { bin: COMPANIES.signer.bin, id: String(document.id) }),
      { signatures: [{ fileId, cms: Buffer.from(cms).toString('base64') }] },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const result = await passed([file('d.pdf', bytes), file('d.cms', cms)]);
    expect(result.document?.id).toBe(document.id);
    expect(result.signatures[0]).toMatchObject({ signedHere: true, ip: SIGNER_IP, signatureFile: 1 });
    // The same original signed by a certificate that did not sign it here is not.
    const other = await passed([file('d.pdf', bytes), file('e.cms', detached(signers.rsa, bytes))]);
    expect(other.signatures[0]).toMatchObject({ signedHere: false, ip: null });
  });

  it('a document alone that is not signed here: DOCUMENT_NOT_SIGNED (unknown, and sent but unsigned alike)', async () => {
    expect(await refused([file('unknown.pdf', pdf('never seen here'))])).toBe('DOCUMENT_NOT_SIGNED');
    const unsigned = await suite.document();
    const bytes = await suite.fileBytes(unsigned, unsigned.files[0]?.id ?? 0);
    expect(await refused([file('unsigned.pdf', bytes)])).toBe('DOCUMENT_NOT_SIGNED');
  });

  it('limits: 11 files, 30 MB + 1 byte, a text file named .pdf, a part of another name', async () => {
    const original = pdf('limits');
    const eleven = Array.from({ length: 11 }, (_, i) => file(`f${i}.pdf`, original));
    expect(await refused(eleven)).toBe('TOO_MANY_FILES');
    expect(await refused(eleven.slice(0, 10))).toBe('DOCUMENT_NOT_SIGNED');

    const third = Math.ceil(VERIFY_MAX_TOTAL_BYTES / 3);
    const big = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
    const over = [big(third), big(third), big(VERIFY_MAX_TOTAL_BYTES - 2 * third + 1)];
    expect(over.reduce((sum, b) => sum + b.byteLength, 0)).toBe(VERIFY_MAX_TOTAL_BYTES + 1);
    expect(await refused(over.map((b, i) => file(`big${i}.pdf`, b)))).toBe('SIZE_OVER_LIMIT');
    const exactly = [big(third), big(third), big(VERIFY_MAX_TOTAL_BYTES - 2 * third)];
    expect(await refused(exactly.map((b, i) => file(`big${i}.pdf`, b)))).toBe('DOCUMENT_NOT_SIGNED');

    expect(await refused([file('notes.pdf', Buffer.from('just some text, not a PDF'))])).toBe(
      'UNSUPPORTED_FILE_FORMAT',
    );
    // DER that is no SignedData, and base64 text that decodes to none, are not signatures either.
    expect(await refused([file('x.cms', Buffer.from([0x30, 0x03, 0x02, 0x01, 0x01]))])).toBe(
      'UNSUPPORTED_FILE_FORMAT',
    );
    expect(await refused([file('x.cms', Buffer.from('TWFu'))])).toBe('UNSUPPORTED_FILE_FORMAT');
    expect(await refused([{ ...file('a.pdf', original), name: 'document' }])).toBe('MULTIPART_INVALID');
    expect(await refused([])).toBe('MULTIPART_INVALID');
  });

  it('refuses SIZE_OVER_LIMIT while reading, without reading the rest of the body', async () => {
    const boundary = 'qoltanbaVerifyLimit';
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const totalMiB = 80;
    let pulled = 0;
    async function* body() {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.pdf"\r\n\r\n`;
      yield Buffer.from(`${head}%PDF-1.4\n`);
      for (let i = 0; i < totalMiB; i += 1) {
        pulled += chunk.byteLength;
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const res = await suite.server.app.inject({
      method: 'POST',
      url: `${VERIFICATION_PATHS.verify}?lang=en`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
      remoteAddress: nextAddress(),
    });
    expect(res.json().code).toBe('SIZE_OVER_LIMIT');
    expect(res.headers.connection).toBe('close');
    // Stopped a little past the limit (stream buffers), far from the end of the body.
    expect(pulled).toBeLessThan(VERIFY_MAX_TOTAL_BYTES + 8 * 1024 * 1024);
  });

  it('is rate-limited per IP', async () => {
    const parts = [file('rl.pdf', pdf('rate limit'))];
    const codes: string[] = [];
    for (let i = 0; i <= VERIFICATION_RATE_LIMIT.max; i += 1) {
      codes.push((await verify(parts, '10.77.0.1')).json().code);
    }
    expect(codes.slice(0, VERIFICATION_RATE_LIMIT.max).every((code) => code === 'DOCUMENT_NOT_SIGNED')).toBe(
      true,
    );
    expect(codes.at(-1)).toBe('RATE_LIMITED');
    expect((await verify(parts, '10.77.0.2')).json().code).toBe('DOCUMENT_NOT_SIGNED');
  });

  describe('the stored file of a document signed here', () => {
    const storedUrl = (docId: number | string, fileId: number | string, sha256 = '0'.repeat(16)) =>
      `${apiPath(VERIFICATION_PATHS.storedFile, { docId: String(docId), fileId: String(fileId) })}?lang=en&sha256=${sha256}`;
    const get = (url: string) =>
      suite.server.app.inject({ method: 'GET', url, remoteAddress: nextAddress() });

    it('verifies its kept signatures again over the stored bytes, without an account', async () => {
      const { document, bytes } = await signedHere();
      const fileId = document.files[0]?.id ?? 0;
      const sha256 = document.files[0]?.sha256 ?? '';
      const res = await get(storedUrl(document.id, fileId, sha256.slice(0, 16)));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const result = res.json() as VerificationResult;
      expect(result).toMatchObject({
        verdict: 'TOTAL_PASSED',
        document: { id: document.id, number: document.number, name: document.name },
        files: [{ name: document.files[0]?.name, kind: 'pdf' }],
      });
      expect(result.files[0]?.sha256).toHaveLength(64);
      expect(result.signatures).toHaveLength(1);
      expect(result.signatures[0]).toMatchObject({ signedHere: true, ip: SIGNER_IP, signedFile: 0 });
      expect(bytes.byteLength).toBeGreaterThan(0);
    });

    it('answers an unsigned file, a draft, unknown ids, a file of another document and a wrong hash alike (404)', async () => {
      const { document } = await signedHere();
      const signedFile = document.files[0];
      const hashOf = (d: { files: Array<{ sha256: string }> }) => d.files[0]?.sha256.slice(0, 16) ?? '';
      const unsigned = await suite.document();
      const draft = await suite.document({}, { send: false });
      const answers = await Promise.all(
        [
          storedUrl(unsigned.id, unsigned.files[0]?.id ?? 0, hashOf(unsigned)),
          storedUrl(draft.id, draft.files[0]?.id ?? 0, hashOf(draft)),
          storedUrl(2_000_000_000, 1),
          storedUrl(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
          storedUrl(unsigned.id, signedFile?.id ?? 0, hashOf(document)),
          // The signed file itself, without the hash or with another one: ids alone must not reveal the signers.
          `${apiPath(VERIFICATION_PATHS.storedFile, { docId: String(document.id), fileId: String(signedFile?.id) })}?lang=en`,
          storedUrl(document.id, signedFile?.id ?? 0, hashOf(unsigned)),
        ].map(get),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          code: 'ENTITY_NOT_FOUND',
          message: 'Status, company or document not found',
        });
      }
      expect((await get(storedUrl('abc', 1))).statusCode).toBe(400);
      // The full hash works as well as its start.
      expect((await get(storedUrl(document.id, signedFile?.id ?? 0, signedFile?.sha256))).statusCode).toBe(
        200,
      );
    });
  });

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
        expect(text).toContain(company.organisation);
        expect(text).toContain('GOST 34.10-2015'.replace('GOST', lang === 'en' ? 'GOST' : 'ГОСТ'));
      }
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
