import { VERIFICATION_PATHS, VERIFY_MAX_FILES } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/apiError';
import { setActiveClient } from '../session/activeClient';
import { json, pdfFile, textFile } from '../testing/fakeServer';
import { FAKE_REPORT_PDF } from '../testing/fakeVerification';
import { ALFA_BIN, BETA_BIN, setupClient, setupLoggedIn } from '../testing/setupSession';
import { fakeCms } from '../testing/signing/cms';
import {
  printableCopyUrl,
  signatureSheetUrl,
  signedPackageUrl,
  storedFileVerificationReportPdf,
  storedFileVerificationReportUrl,
  verificationReportPdf,
  verifySignatures,
  verifyStoredFile,
  verifyStoredFilePath,
} from './verificationApi';

async function errorOf(pending: Promise<unknown>): Promise<ApiError> {
  const error = await pending.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** The parts of the one verification upload the fake received: [part name, file name]. */
function sentParts(server: ReturnType<typeof setupClient>['server']): string[][] {
  const [call] = server.callsTo('POST', VERIFICATION_PATHS.verify);
  const body = call?.body;
  if (!(body instanceof FormData)) throw new Error('no multipart body was sent');
  return [...body.entries()].map(([name, value]) => [name, (value as File).name]);
}

const cmsFile = (marker: string, name = 'contract.pdf.cms') => new File([fakeCms(marker)], name);

describe('public verification', () => {
  it('sends every file as a `files` part, in order, and reads the verdict', async () => {
    const { server } = await setupLoggedIn();
    const result = await verifySignatures([
      pdfFile('contract.pdf'),
      cmsFile('good'),
      cmsFile('revoked', 'b.p7s'),
    ]);
    expect(result.verdict).toBe('TOTAL_FAILED');
    expect(result.files.map((file) => [file.name, file.kind])).toEqual([
      ['contract.pdf', 'pdf'],
      ['contract.pdf.cms', 'cms'],
      ['b.p7s', 'cms'],
    ]);
    expect(
      result.signatures.map((s) => [s.indication, s.subIndication, s.signedFile, s.signatureFile]),
    ).toEqual([
      ['TOTAL_PASSED', null, 0, 1],
      ['TOTAL_FAILED', 'REVOKED', 0, 2],
    ]);
    expect(sentParts(server)).toEqual([
      ['files', 'contract.pdf'],
      ['files', 'contract.pdf.cms'],
      ['files', 'b.p7s'],
    ]);
  });

  it('names a bare Blob part by its place', async () => {
    const { server } = await setupLoggedIn();
    await verifySignatures([new Blob([fakeCms('good')])]);
    expect(sentParts(server)).toEqual([['files', 'file-1']]);
  });

  it('reports the share of each file sent', async () => {
    await setupLoggedIn();
    const seen: number[][] = [];
    await verifySignatures([pdfFile('a.pdf', 1024), cmsFile('good')], {
      onProgress: (files) => seen.push(files),
    });
    expect(seen.at(-1)).toEqual([1, 1]);
  });

  it('works without a session (the API is public)', async () => {
    const { client } = setupClient();
    setActiveClient(client);
    expect((await verifySignatures([cmsFile('good')])).verdict).toBe('TOTAL_PASSED');
  });

  it("rejects with the server's codes: format, count, an unsigned PDF, an unknown stored file", async () => {
    await setupLoggedIn();
    expect((await errorOf(verifySignatures([textFile('notes.pdf')]))).code).toBe('UNSUPPORTED_FILE_FORMAT');
    const eleven = Array.from({ length: VERIFY_MAX_FILES + 1 }, (_, index) => pdfFile(`${index}.pdf`));
    expect((await errorOf(verifySignatures(eleven))).code).toBe('TOO_MANY_FILES');
    expect((await errorOf(verifySignatures([pdfFile()]))).code).toBe('DOCUMENT_NOT_SIGNED');
    expect((await errorOf(verifySignatures([]))).code).toBe('MULTIPART_INVALID');
    const missing = await errorOf(verifyStoredFile(1, 2, 'ab'.repeat(8)));
    expect([missing.status, missing.code]).toEqual([404, 'ENTITY_NOT_FOUND']);
  });

  it('asks for a stored file with the hash start in the query, and checks the answer against the schema', async () => {
    const { server } = await setupLoggedIn();
    expect(verifyStoredFilePath(41, 5, 'abcdef0123456789')).toBe(
      '/proxy/documents-interceptor.bpmn/api/v1/verification/documents/41/files/5?sha256=abcdef0123456789',
    );
    const asked: string[] = [];
    server.on('GET', VERIFICATION_PATHS.storedFile, ({ query, params }) => {
      asked.push(`${params.docId}/${params.fileId}?${query.toString()}`);
      return json(200, { verdict: 'TOTAL_PASSED' });
    });
    const malformed = await errorOf(verifyStoredFile(41, 5, 'abcdef0123456789'));
    expect([malformed.status, malformed.code]).toEqual([502, 'INTERNAL_ERROR']);
    expect(asked).toEqual(['41/5?sha256=abcdef0123456789']);
  });
});

describe('the verification report (PDF)', () => {
  it('posts the same `files` parts and resolves with the PDF as a Blob, without a session', async () => {
    const { client, server } = setupClient();
    setActiveClient(client);
    const pdf = await verificationReportPdf([pdfFile('contract.pdf'), cmsFile('good')]);
    expect(pdf).toBeInstanceOf(Blob);
    expect(pdf.type).toBe('application/pdf');
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(FAKE_REPORT_PDF);
    const [call] = server.callsTo('POST', VERIFICATION_PATHS.report);
    const body = call?.body;
    if (!(body instanceof FormData)) throw new Error('no multipart body was sent');
    expect([...body.entries()].map(([name, value]) => [name, (value as File).name])).toEqual([
      ['files', 'contract.pdf'],
      ['files', 'contract.pdf.cms'],
    ]);
  });

  it("rejects with the verification's codes", async () => {
    await setupLoggedIn();
    expect((await errorOf(verificationReportPdf([textFile('notes.pdf')]))).code).toBe(
      'UNSUPPORTED_FILE_FORMAT',
    );
    const eleven = Array.from({ length: VERIFY_MAX_FILES + 1 }, (_, index) => pdfFile(`${index}.pdf`));
    expect((await errorOf(verificationReportPdf(eleven))).code).toBe('TOO_MANY_FILES');
    expect((await errorOf(verificationReportPdf([pdfFile()]))).code).toBe('DOCUMENT_NOT_SIGNED');
  });

  it("addresses a stored file's report with its hash and a language", async () => {
    await setupLoggedIn();
    expect(storedFileVerificationReportUrl(41, 5, 'abcdef0123456789', 'ru')).toBe(
      'http://qoltanba.test/proxy/documents-interceptor.bpmn/api/v1/verification/documents/41/files/5/report?sha256=abcdef0123456789&lang=ru',
    );
    expect(storedFileVerificationReportUrl(41, 5, 'abcdef0123456789')).toMatch(/&lang=(kk|ru|en)$/);
    // The fake keeps no signatures: every stored file's report is missing, as the server says for a wrong hash.
    const missing = await errorOf(storedFileVerificationReportPdf(41, 5, 'abcdef0123456789'));
    expect([missing.status, missing.code]).toEqual([404, 'ENTITY_NOT_FOUND']);
  });
});

describe('evidence downloads', () => {
  it('addresses the package, the sheet and the printable copy of the acting (or named) company', async () => {
    await setupLoggedIn();
    const base = 'http://qoltanba.test/proxy/documents-interceptor.bpmn/api/v1/companies';
    expect(signedPackageUrl(7)).toBe(`${base}/${ALFA_BIN}/documents/7/package`);
    expect(signatureSheetUrl(7, { bin: BETA_BIN })).toBe(`${base}/${BETA_BIN}/documents/7/signature-sheet`);
    expect(printableCopyUrl(7, 3)).toBe(`${base}/${ALFA_BIN}/documents/7/files/3/printable`);
  });
});
