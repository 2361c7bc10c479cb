import {
  apiPath,
  EVIDENCE_PATHS,
  type Lang,
  VERIFICATION_PATHS,
  VERIFICATION_UPLOAD_PARTS,
  type VerificationResult,
  verificationResultSchema,
} from '@qoltanba/core';
import { expectResponse, readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';
import { contentDispositionFileName, type DownloadedFile } from '../documents/documentsApi';
import { multipartLayout, partProgress } from '../documents/uploadProgress';
import { activeClient } from '../session/activeClient';
import type { QoltanbaClient } from '../session/client';

/** Options of {@link verifySignatures}. */
export interface VerifySignaturesOptions {
  /** Called on every progress event with the share (0 to 1) of each file sent, in the order of `files`. */
  onProgress?: (files: number[]) => void;
  /** Aborts the upload; the call then rejects with an `AbortError`. */
  signal?: AbortSignal;
  /** The client to send with (e.g. a custom element's, bound to its server); the active client by default. */
  client?: QoltanbaClient;
}

/** The name a file travels under: its own, or a numbered one for a bare Blob. */
function partName(file: Blob, index: number): string {
  return file instanceof File && file.name ? file.name : `file-${index + 1}`;
}

/**
 * Verifies signatures with the public verification API (no account needed): PDF originals, CMS signatures and
 * XML documents with enveloped XMLDSig signatures in one multipart body, one `files` part per file, recognised by
 * content on the server. Rejects with ApiError TOO_MANY_FILES, SIZE_OVER_LIMIT, UNSUPPORTED_FILE_FORMAT,
 * XML_MALFORMED, XML_DTD_REFUSED, XML_NOT_SIGNED, XML_TOO_LARGE, DOCUMENT_NOT_SIGNED (a PDF alone that was not signed here) or
 * RATE_LIMITED.
 *
 * @example
 * const result = await verifySignatures([contract, signature], { onProgress: ([a, b]) => render(a, b) });
 * result.verdict; // 'TOTAL_PASSED'
 */
export async function verifySignatures(
  files: readonly (File | Blob)[],
  options: VerifySignaturesOptions = {},
): Promise<VerificationResult> {
  const client = options.client ?? activeClient();
  const { form, names } = uploadForm(files);
  const layout = multipartLayout(
    files.map((file, index) => ({
      name: VERIFICATION_UPLOAD_PARTS.files,
      size: file.size,
      fileName: names[index] ?? '',
      type: file.type,
    })),
  );
  const { onProgress, signal } = options;
  const body = await client.upload({
    method: 'POST',
    path: VERIFICATION_PATHS.verify,
    body: form,
    ...(signal ? { signal } : {}),
    ...(onProgress
      ? { onProgress: (loaded: number, total: number) => onProgress(partProgress(layout, loaded, total)) }
      : {}),
  });
  return expectResponse(verificationResultSchema, body, client.lang());
}

/** A verification upload: one `files` part per file, in order, a bare Blob named by its place. */
function uploadForm(files: readonly (File | Blob)[]): { form: FormData; names: string[] } {
  const form = new FormData();
  const names = files.map(partName);
  files.forEach((file, index) => {
    form.append(VERIFICATION_UPLOAD_PARTS.files, file, names[index]);
  });
  return { form, names };
}

/**
 * The verification report of `files` as a PDF (a Blob of type application/pdf): the server verifies the files
 * again, exactly as {@link verifySignatures} does, and prints that result in the client's language (time of
 * check, overall verdict, each file and each signature). Rejects with the same ApiError codes as
 * `verifySignatures`. The files travel again: nothing was kept of the first check.
 *
 * @example
 * const pdf = await verificationReportPdf([contract, signature]);
 * link.href = URL.createObjectURL(pdf);
 */
export async function verificationReportPdf(
  files: readonly (File | Blob)[],
  options: { signal?: AbortSignal } = {},
): Promise<Blob> {
  const client = activeClient();
  const base = options.signal ? client.publicApi.options({ signal: options.signal }) : client.publicApi;
  return base.url(VERIFICATION_PATHS.report).post(uploadForm(files).form).blob();
}

/** The API path of {@link verifyStoredFile}, query included. */
export function verifyStoredFilePath(docId: number, fileId: number, sha256: string): string {
  const path = apiPath(VERIFICATION_PATHS.storedFile, { docId: String(docId), fileId: String(fileId) });
  return `${path}?${new URLSearchParams({ sha256 }).toString()}`;
}

/**
 * Verifies again, now, the signatures kept for a file of a document signed here (what `/check/:docId/:fileId`
 * shows; no account needed). `sha256` is the file's SHA-256 or its start, as the signature sheet's QR codes carry
 * it. Rejects with ApiError ENTITY_NOT_FOUND (404) for an unsigned or unknown file, or a hash that does not match.
 */
export function verifyStoredFile(
  docId: number,
  fileId: number,
  sha256: string,
  options: { signal?: AbortSignal } = {},
): Promise<VerificationResult> {
  const client = activeClient();
  const base = options.signal ? client.publicApi.options({ signal: options.signal }) : client.publicApi;
  const api = base.url(verifyStoredFilePath(docId, fileId, sha256));
  return readResponse(api.get().json<unknown>(), verificationResultSchema, client.lang);
}

/**
 * Address of the verification report PDF of a stored file (what {@link verifyStoredFile} answers, printed), for
 * a link or `<a download>`: public, so no cookie is needed; `lang` picks the report's language.
 */
export function storedFileVerificationReportUrl(
  docId: number,
  fileId: number,
  sha256: string,
  lang: Lang = activeClient().lang(),
): string {
  const path = apiPath(VERIFICATION_PATHS.storedFileReport, { docId: String(docId), fileId: String(fileId) });
  return `${activeClient().baseUrl}${path}?${new URLSearchParams({ sha256, lang }).toString()}`;
}

/**
 * The verification report PDF of a stored file (see {@link storedFileVerificationReportUrl}) as a Blob, in the
 * client's language. Rejects like {@link verifyStoredFile}: ApiError ENTITY_NOT_FOUND for an unsigned or unknown
 * file or a hash that does not match.
 */
export function storedFileVerificationReportPdf(
  docId: number,
  fileId: number,
  sha256: string,
  options: { signal?: AbortSignal } = {},
): Promise<Blob> {
  const client = activeClient();
  const base = options.signal ? client.publicApi.options({ signal: options.signal }) : client.publicApi;
  const path = apiPath(VERIFICATION_PATHS.storedFileReport, { docId: String(docId), fileId: String(fileId) });
  return base
    .url(`${path}?${new URLSearchParams({ sha256 }).toString()}`)
    .get()
    .blob();
}

function evidenceUrl(template: string, params: Record<string, number>, scope?: Pick<CompanyScope, 'bin'>) {
  const { client, path } = companyRequest(template, params, scope);
  return `${client.baseUrl}${path}`;
}

/**
 * Address of a signed document's package (ZIP: the originals, one CMS per signature, the signature sheet), for a
 * link or `<a download>`. Like `documentFileUrl`, it relies on the server accepting the GATEWAY cookie on GET.
 */
export function signedPackageUrl(id: number, scope?: Pick<CompanyScope, 'bin'>): string {
  return evidenceUrl(EVIDENCE_PATHS.signedPackage, { id }, scope);
}

/** Address of a signed document's signature sheet (PDF), in the language of the request; see {@link signedPackageUrl}. */
export function signatureSheetUrl(id: number, scope?: Pick<CompanyScope, 'bin'>): string {
  return evidenceUrl(EVIDENCE_PATHS.signatureSheet, { id }, scope);
}

/** Address of a file's printable copy (its PDF with the sheet of its signatures appended); see {@link signedPackageUrl}. */
export function printableCopyUrl(id: number, fileId: number, scope?: Pick<CompanyScope, 'bin'>): string {
  return evidenceUrl(EVIDENCE_PATHS.printableCopy, { id, fileId }, scope);
}

/** Downloads with the bearer header (a cabinet download never relies on the cookie): bytes and the server's name. */
async function downloadEvidence(
  template: string,
  params: Record<string, number>,
  scope?: CompanyScope,
): Promise<DownloadedFile> {
  const { api } = companyRequest(template, params, scope);
  const response = await api.get().res();
  const fileName = contentDispositionFileName(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName };
}

/**
 * Downloads a signed document's package (ZIP) with the bearer header. Rejects with ApiError DOCUMENT_NOT_SIGNED
 * while nobody has signed.
 */
export function downloadSignedPackage(id: number, scope?: CompanyScope): Promise<DownloadedFile> {
  return downloadEvidence(EVIDENCE_PATHS.signedPackage, { id }, scope);
}

/** Downloads a signed document's signature sheet (PDF, in the request language) with the bearer header. */
export function downloadSignatureSheet(id: number, scope?: CompanyScope): Promise<DownloadedFile> {
  return downloadEvidence(EVIDENCE_PATHS.signatureSheet, { id }, scope);
}

/** Downloads a file's printable copy (its PDF with the sheet of its signatures appended) with the bearer header. */
export function downloadPrintableCopy(
  id: number,
  fileId: number,
  scope?: CompanyScope,
): Promise<DownloadedFile> {
  return downloadEvidence(EVIDENCE_PATHS.printableCopy, { id, fileId }, scope);
}
