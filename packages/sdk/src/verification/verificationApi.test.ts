import { VERIFICATION_PATHS, VERIFY_MAX_FILES } from '@qoltanba/core';
import { ALFA, BETA, type TestServer, testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/apiError';
import { setActiveClient } from '../session/activeClient';
import { pdfFile, textFile } from '../test-support/files';
import { clientOn, loggedInOn } from '../test-support/real-server';
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

const test = testServerPerFile();

/** The parts of the one upload to `path` the server received: [part name, file name]. */
async function sentParts(server: TestServer, path: string): Promise<string[][]> {
  const [call] = server.callsTo(['POST', path]);
  if (!call?.body) throw new Error('no multipart body was sent');
  const body = await new Response(call.body, {
    headers: { 'content-type': call.headers.get('content-type') ?? '' },
  }).formData();
  return [...body.entries()].map(([name, value]) => [name, (value as File).name]);
}

/** The content every CMS below signs: the `contract.pdf` of the uploads. */
let contract: File;

/**
 * A real CMS over `contract` by aigerim for ALFA (`good`, detached) or by her certificate the CA revoked; an
 * `attached` one carries the PDF itself, so it verifies alone.
 */
async function cmsFile(kind: 'good' | 'revoked' | 'attached', name = 'contract.pdf.cms'): Promise<File> {
  const { world, clock } = test.server;
  const signer = kind === 'revoked' ? world.revokedCertificate : world.certificate('aigerim', ALFA);
  const cms = signer.signCms({
    content: new Uint8Array(await contract.arrayBuffer()),
    detached: kind !== 'attached',
    signingTime: clock.now(),
  });
  return new File([Uint8Array.from(cms)], name);
}

describe('public verification', () => {
  it('sends every file as a `files` part, in order, and reads the verdict', async () => {
    const { server } = await loggedInOn(test.server);
    contract = pdfFile('contract.pdf');
    const result = await verifySignatures([
      contract,
      await cmsFile('good'),
      await cmsFile('revoked', 'b.p7s'),
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
    expect(await sentParts(server, VERIFICATION_PATHS.verify)).toEqual([
      ['files', 'contract.pdf'],
      ['files', 'contract.pdf.cms'],
      ['files', 'b.p7s'],
    ]);
  });

  it('names a bare Blob part by its place', async () => {
    const { server } = await loggedInOn(test.server);
    contract = pdfFile('contract.pdf');
    await verifySignatures([new Blob([await cmsFile('attached')])]);
    expect(await sentParts(server, VERIFICATION_PATHS.verify)).toEqual([['files', 'file-1']]);
  });

  it('reports the share of each file sent', async () => {
    await loggedInOn(test.server);
    contract = pdfFile('contract.pdf', 1024);
    const seen: number[][] = [];
    await verifySignatures([contract, await cmsFile('good')], {
      onProgress: (files) => seen.push(files),
    });
    expect(seen.at(-1)).toEqual([1, 1]);
  });

  it('works without a session (the API is public)', async () => {
    const { client } = clientOn(test.server);
    setActiveClient(client);
    contract = pdfFile('contract.pdf');
    expect((await verifySignatures([await cmsFile('attached')])).verdict).toBe('TOTAL_PASSED');
  });

  it("rejects with the server's codes: format, count, an unsigned PDF, an unknown stored file", async () => {
    await loggedInOn(test.server);
    expect((await errorOf(verifySignatures([textFile('notes.pdf')]))).code).toBe('UNSUPPORTED_FILE_FORMAT');
    const eleven = Array.from({ length: VERIFY_MAX_FILES + 1 }, (_, index) => pdfFile(`${index}.pdf`));
    expect((await errorOf(verifySignatures(eleven))).code).toBe('TOO_MANY_FILES');
    expect((await errorOf(verifySignatures([pdfFile()]))).code).toBe('DOCUMENT_NOT_SIGNED');
    expect((await errorOf(verifySignatures([]))).code).toBe('MULTIPART_INVALID');
    const missing = await errorOf(verifyStoredFile(1, 2, 'ab'.repeat(8)));
    expect([missing.status, missing.code]).toEqual([404, 'ENTITY_NOT_FOUND']);
  });

  it('asks for a stored file with the hash start in the query, and checks the answer against the schema', async () => {
    const { server } = await loggedInOn(test.server);
    expect(verifyStoredFilePath(41, 5, 'abcdef0123456789')).toBe(
      '/proxy/documents-interceptor.bpmn/api/v1/verification/documents/41/files/5?sha256=abcdef0123456789',
    );
    const asked: string[] = [];
    server.intercept(['GET', VERIFICATION_PATHS.storedFile], ({ path, query }) => {
      const [docId, , fileId] = path.split('/').slice(-3);
      asked.push(`${docId}/${fileId}?${query.toString()}`);
      return new Response(JSON.stringify({ verdict: 'TOTAL_PASSED' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const malformed = await errorOf(verifyStoredFile(41, 5, 'abcdef0123456789'));
    expect([malformed.status, malformed.code]).toEqual([502, 'INTERNAL_ERROR']);
    expect(asked).toEqual(['41/5?sha256=abcdef0123456789']);
  });
});

describe('the verification report (PDF)', () => {
  it('posts the same `files` parts and resolves with the PDF as a Blob, without a session', async () => {
    const { client, server } = clientOn(test.server);
    setActiveClient(client);
    contract = pdfFile('contract.pdf');
    const pdf = await verificationReportPdf([contract, await cmsFile('good')]);
    expect(pdf).toBeInstanceOf(Blob);
    expect(pdf.type).toBe('application/pdf');
    expect(await pdf.slice(0, 5).text()).toBe('%PDF-');
    expect(await sentParts(server, VERIFICATION_PATHS.report)).toEqual([
      ['files', 'contract.pdf'],
      ['files', 'contract.pdf.cms'],
    ]);
  });

  it("rejects with the verification's codes", async () => {
    await loggedInOn(test.server);
    expect((await errorOf(verificationReportPdf([textFile('notes.pdf')]))).code).toBe(
      'UNSUPPORTED_FILE_FORMAT',
    );
    const eleven = Array.from({ length: VERIFY_MAX_FILES + 1 }, (_, index) => pdfFile(`${index}.pdf`));
    expect((await errorOf(verificationReportPdf(eleven))).code).toBe('TOO_MANY_FILES');
    expect((await errorOf(verificationReportPdf([pdfFile()]))).code).toBe('DOCUMENT_NOT_SIGNED');
  });

  it("addresses a stored file's report with its hash and a language", async () => {
    await loggedInOn(test.server);
    expect(storedFileVerificationReportUrl(41, 5, 'abcdef0123456789', 'ru')).toBe(
      'http://qoltanba.test/proxy/documents-interceptor.bpmn/api/v1/verification/documents/41/files/5/report?sha256=abcdef0123456789&lang=ru',
    );
    expect(storedFileVerificationReportUrl(41, 5, 'abcdef0123456789')).toMatch(/&lang=(kk|ru|en)$/);
    // No such stored file: its report is missing, as the server says for a wrong hash too.
    const missing = await errorOf(storedFileVerificationReportPdf(41, 5, 'abcdef0123456789'));
    expect([missing.status, missing.code]).toEqual([404, 'ENTITY_NOT_FOUND']);
  });
});

describe('evidence downloads', () => {
  it('addresses the package, the sheet and the printable copy of the acting (or named) company', async () => {
    await loggedInOn(test.server);
    const base = 'http://qoltanba.test/proxy/documents-interceptor.bpmn/api/v1/companies';
    expect(signedPackageUrl(7)).toBe(`${base}/${ALFA.bin}/documents/7/package`);
    expect(signatureSheetUrl(7, { bin: BETA.bin })).toBe(`${base}/${BETA.bin}/documents/7/signature-sheet`);
    expect(printableCopyUrl(7, 3)).toBe(`${base}/${ALFA.bin}/documents/7/files/3/printable`);
  });
});
