import { apiPath, SIGNING_PATHS, VERIFICATION_PATHS, type VerificationResult } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { COMPANIES } from '../../testing/documents.js';
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

// What was signed here: a document alone verified by its stored signatures, an uploaded CMS marked signedHere, a
// PDF shared by two documents, and the stored file of a signed document.
describe.each(testDatabases())('public verification of documents signed here on $name', (backend) => {
  const { suite, passed, refused, signedHere } = useVerificationSuite(backend);

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

  it('a document alone signed here: its stored signatures verified over the upload, with document and IP', async () => {
    const { document, bytes } = await signedHere();
    const result = await passed([file('mine.pdf', bytes)]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.document).toEqual({ id: document.id, number: document.number, name: document.name });
    expect(result.signatures).toHaveLength(1);
    expect(result.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      signer: { iin: PERSON.iin, bin: SIGNER_COMPANY.bin },
      signedFile: 0,
      signatureFile: null,
      signedHere: true,
      ip: SIGNER_IP,
      signedAt: expect.any(String),
      // The party it was kept for, which the certificate signs for; the kept timestamp verified too.
      expectedIdentity: { identityNumber: SIGNER_COMPANY.bin, matches: true },
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
});
