import {
  type EtsiIndication,
  type EtsiSubIndication,
  langFromAcceptLanguage,
  overallVerdict,
  resolveLang,
  VERIFICATION_REPORT_FILE_NAMES,
  VERIFICATION_UPLOAD_PARTS,
  VERIFY_MAX_FILES,
  VERIFY_MAX_TOTAL_BYTES,
  type VerificationResult,
  type VerifiedFile,
  type VerifiedSignature,
  verifyStoredFileParamsSchema,
  verifyStoredFileQuerySchema,
} from '@qoltanba/core';
import { sha256 } from './documents/fileContent';
import { type FakeContext, type FakeHandler, json, parseInput, refuse } from './fakeHttp';
import type { FakeOperationId } from './fakeRoutes';
import { fakeCmsMarker } from './signing/cms';

// The public verification of the fake server. It plays the server's refusals (MULTIPART_INVALID, TOO_MANY_FILES,
// SIZE_OVER_LIMIT, UNSUPPORTED_FILE_FORMAT by content, DOCUMENT_NOT_SIGNED) in the server's order, part by part.
// It cannot check a CMS: an uploaded `fakeCms(marker)` (or any DER-shaped file) stands for one signature whose
// verdict its marker names; the fake keeps no signatures, so a PDF alone is never "signed here" and every stored
// file answers ENTITY_NOT_FOUND.

const PDF_MAGIC = '%PDF-';
const DER_SEQUENCE = 0x30;

/** A fake uploaded file recognised by content, as the server's `recogniseFile` does. */
type FakeUpload = { name: string; kind: 'pdf' | 'cms'; sha256: string; marker: string | undefined };

async function recognise(file: File): Promise<FakeUpload> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, PDF_MAGIC.length));
  const digest = await sha256(bytes);
  if (head === PDF_MAGIC) return { name: file.name, kind: 'pdf', sha256: digest, marker: undefined };
  const marker = fakeCmsMarker(new TextDecoder().decode(bytes).trim());
  if (marker !== undefined || bytes[0] === DER_SEQUENCE)
    return { name: file.name, kind: 'cms', sha256: digest, marker };
  return refuse('UNSUPPORTED_FILE_FORMAT');
}

/** The verdict a marked fake CMS stands for (the same markers the signing routes read). */
function markedVerdict(marker: string | undefined): [EtsiIndication, EtsiSubIndication | null] {
  switch (marker) {
    case 'revoked':
      return ['TOTAL_FAILED', 'REVOKED'];
    case 'tampered':
      return ['TOTAL_FAILED', 'HASH_FAILURE'];
    case 'invalid':
    case 'mismatch':
      return ['TOTAL_FAILED', 'SIG_CRYPTO_FAILURE'];
    default:
      return ['TOTAL_PASSED', null];
  }
}

function fakeSignature(
  upload: FakeUpload,
  signatureFile: number,
  signedFile: number | null,
): VerifiedSignature {
  const [indication, subIndication] =
    signedFile === null && upload.marker === undefined
      ? (['INDETERMINATE', 'SIGNED_DATA_NOT_FOUND'] as const)
      : markedVerdict(upload.marker);
  return {
    indication,
    subIndication,
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
      serial: upload.sha256.slice(0, 40),
      notBefore: '2026-01-01T00:00:00.000Z',
      notAfter: '2027-01-01T00:00:00.000Z',
      issuer: 'CN=ҰЛТТЫҚ КУӘЛАНДЫРУШЫ ОРТАЛЫҚ (GOST) TEST 2022,C=KZ',
      subject: 'CN=АХМЕТОВ ДАНИЯР,SERIALNUMBER=IIN920715401122,C=KZ',
    },
    signingTime: null,
    signatureType: 'GOST2015',
    packaging: signedFile === null ? 'attached' : 'detached',
    revocation: {
      status: indication === 'TOTAL_FAILED' && subIndication === 'REVOKED' ? 'revoked' : 'good',
      source: 'ocsp',
      revokedAt: null,
      checkedAt: null,
    },
    signedFile,
    signatureFile,
    signedHere: false,
    ip: null,
    signedAt: null,
  };
}

/** Reads the upload part by part with the server's limits, in the server's order. */
async function readUpload(rawBody: unknown): Promise<FakeUpload[]> {
  if (!(rawBody instanceof FormData)) return refuse('UNSUPPORTED_MEDIA_TYPE');
  const uploads: FakeUpload[] = [];
  let total = 0;
  for (const [name, value] of rawBody.entries()) {
    if (name !== VERIFICATION_UPLOAD_PARTS.files || typeof value === 'string') refuse('MULTIPART_INVALID');
    if (uploads.length >= VERIFY_MAX_FILES) refuse('TOO_MANY_FILES');
    total += value.size;
    if (total > VERIFY_MAX_TOTAL_BYTES) refuse('SIZE_OVER_LIMIT');
    uploads.push(await recognise(value));
  }
  if (uploads.length === 0) refuse('MULTIPART_INVALID');
  return uploads;
}

/**
 * What the fake answers as a verification report: a tiny valid PDF (one empty page). The fake cannot print a
 * report; the real server's tests read its text.
 */
export const FAKE_REPORT_PDF = new TextEncoder().encode(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 595 842]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);

/** The fake's report answer, named like the server's in the request language. */
function reportResponse({ query, headers }: Pick<FakeContext, 'query' | 'headers'>): Response {
  const lang = resolveLang(
    query.get('lang'),
    langFromAcceptLanguage(headers.get('accept-language') ?? undefined),
  );
  const name = VERIFICATION_REPORT_FILE_NAMES[lang];
  return new Response(FAKE_REPORT_PDF as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="verification-report.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

/** The verification routes of the fake server (`verifySignatures`, `verifyStoredFile` and their PDF reports). */
export function createFakeVerification() {
  const verify = async (rawBody: unknown): Promise<VerificationResult> => {
    const uploads = await readUpload(rawBody);
    const pdfs = uploads.flatMap((upload, index) => (upload.kind === 'pdf' ? [index] : []));
    // One original: every CMS is over it. Several: the fake cannot pair by messageDigest and says so.
    const original = pdfs.length === 1 ? (pdfs[0] ?? null) : null;
    const signatures = uploads.flatMap((upload, index) =>
      upload.kind === 'cms' ? [fakeSignature(upload, index, original)] : [],
    );
    if (signatures.length === 0) refuse('DOCUMENT_NOT_SIGNED');
    const files: VerifiedFile[] = uploads.map(({ name, kind, sha256 }) => ({ name, kind, sha256 }));
    return {
      verdict: overallVerdict(signatures.map((signature) => signature.indication)),
      signatures,
      document: null,
      files,
    };
  };

  const verifySignatures: FakeHandler = async ({ rawBody }) => json(200, await verify(rawBody));

  const downloadVerificationReport: FakeHandler = async (context) => {
    await verify(context.rawBody);
    return reportResponse(context);
  };

  const verifyStoredFile: FakeHandler = ({ params, query }) => {
    parseInput(verifyStoredFileParamsSchema, params);
    parseInput(verifyStoredFileQuerySchema, Object.fromEntries(query));
    return refuse('ENTITY_NOT_FOUND');
  };

  const handlers = {
    verifySignatures,
    downloadVerificationReport,
    verifyStoredFile,
    // The fake keeps no signatures: a stored file's report is as missing as the stored file.
    downloadStoredFileVerificationReport: verifyStoredFile,
  } satisfies Partial<Record<FakeOperationId, FakeHandler>>;
  return { handlers };
}
