import {
  apiPath,
  EVIDENCE_PATHS,
  VERIFICATION_PATHS,
  VERIFICATION_UPLOAD_PARTS,
  type VerificationResult,
  verificationResultSchema,
} from '@qoltanba/core';
import { expectResponse, readResponse } from '../api/expectResponse';
import { type CompanyScope, companyRequest } from '../company/companyScope';
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
 * Verifies signatures with the public verification API (no account needed): PDF originals and CMS signatures
 * in one multipart body, one `files` part per file, recognised by content on the server. Rejects with ApiError
 * TOO_MANY_FILES, SIZE_OVER_LIMIT, UNSUPPORTED_FILE_FORMAT, DOCUMENT_NOT_SIGNED (a PDF alone that was not signed
 * here) or RATE_LIMITED.
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
  const form = new FormData();
  const names = files.map(partName);
  files.forEach((file, index) => {
    form.append(VERIFICATION_UPLOAD_PARTS.files, file, names[index]);
  });
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
