import {
  ALLOWED_DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_FILES,
  type ErrorCode,
  MAX_FILE_BYTES,
} from '@qoltanba/core';

/** One file of the form, as the portal's upload store reports it. */
export interface UploadItem {
  /** The upload's id (client side), passed back to cancel, remove or retry. */
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  state: 'uploading' | 'done' | 'failed';
  /** Percent sent while uploading, 0 to 100; absent when unknown. */
  progress?: number;
  /** Why a failed upload failed. */
  error?: ErrorCode;
}

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
 * Why the document cannot be sent yet, or undefined: files still uploading (FILES_STILL_UPLOADING), no
 * uploaded file (DOCUMENT_WITHOUT_FILE), no signer (SIGNERS_REQUIRED).
 */
export function sendBlocker(files: readonly UploadItem[], signerCount: number): ErrorCode | undefined {
  if (files.some((file) => file.state === 'uploading')) return 'FILES_STILL_UPLOADING';
  if (!files.some((file) => file.state === 'done')) return 'DOCUMENT_WITHOUT_FILE';
  if (signerCount === 0) return 'SIGNERS_REQUIRED';
  return undefined;
}
