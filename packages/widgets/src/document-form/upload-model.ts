import {
  ALLOWED_DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_FILES,
  type ErrorCode,
  MAX_FILE_BYTES,
} from '@qoltanba/core';
import type { DraftFile } from '@qoltanba/sdk';

/**
 * One file of the form: the sdk draft editor's `DraftFile` (key, name, size, and a state: queued, uploading
 * with progress 0 to 1, done, failed with a code), so the portal passes `$state.files` as it is.
 */
export type UploadItem = DraftFile;

/** The `accept` attribute of the file picker: the formats a document may carry. */
export const ACCEPTED_FILE_TYPES = ALLOWED_DOCUMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** A picked file the form refused before uploading, and why. */
export interface RefusedFile {
  name: string;
  problem: ErrorCode;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Client-side checks of picked or dropped files before any upload: the format by extension
 * (FILE_FORMAT_NOT_ALLOWED; the server checks the content again), the size (FILE_TOO_LARGE past
 * MAX_FILE_BYTES) and the number of files (DOCUMENT_FILES_LIMIT past DOCUMENT_MAX_FILES with the `kept` ones).
 */
export function checkPickedFiles(
  picked: readonly File[],
  kept: number,
): { accepted: File[]; refused: RefusedFile[] } {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  const allowed: readonly string[] = ALLOWED_DOCUMENT_EXTENSIONS;
  for (const file of picked) {
    if (!allowed.includes(extensionOf(file.name)))
      refused.push({ name: file.name, problem: 'FILE_FORMAT_NOT_ALLOWED' });
    else if (file.size > MAX_FILE_BYTES) refused.push({ name: file.name, problem: 'FILE_TOO_LARGE' });
    else if (kept + accepted.length >= DOCUMENT_MAX_FILES)
      refused.push({ name: file.name, problem: 'DOCUMENT_FILES_LIMIT' });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/**
 * Why the document cannot be sent yet, or undefined: a file on its way (FILES_STILL_UPLOADING), no stored or
 * queued file (DOCUMENT_WITHOUT_FILE; queued files of a new document go with it), no signer (SIGNERS_REQUIRED).
 * The form's own reckoning; the portal passes the draft editor's `$sendBlocker`, which knows more.
 */
export function sendBlocker(files: readonly UploadItem[], signerCount: number): ErrorCode | undefined {
  if (files.some((file) => file.state.status === 'uploading')) return 'FILES_STILL_UPLOADING';
  if (!files.some((file) => file.state.status === 'done' || file.state.status === 'queued')) {
    return 'DOCUMENT_WITHOUT_FILE';
  }
  if (signerCount === 0) return 'SIGNERS_REQUIRED';
  return undefined;
}
