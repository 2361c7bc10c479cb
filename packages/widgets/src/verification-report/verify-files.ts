import {
  type ErrorCode,
  VERIFY_ALLOWED_EXTENSIONS,
  VERIFY_MAX_FILES,
  VERIFY_MAX_TOTAL_BYTES,
} from '@qoltanba/core';

/** File name endings the verification takes (core's rule): PDF, CMS (.cms, .p7s, .sig) and signed XML. */
export const VERIFY_EXTENSIONS = VERIFY_ALLOWED_EXTENSIONS;

/** The `accept` attribute of the file picker. */
export const VERIFY_ACCEPT = VERIFY_EXTENSIONS.map((extension) => `.${extension}`).join(',');

const ACCEPTED: ReadonlySet<string> = new Set(VERIFY_EXTENSIONS);

/** Whether a file's name ends with an extension the verification takes (the server still checks the content). */
export function hasVerifiableExtension(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && ACCEPTED.has(name.slice(dot + 1).toLowerCase());
}

/**
 * What stops a set of chosen files from being sent, as the server would refuse it: more than VERIFY_MAX_FILES
 * (TOO_MANY_FILES), more than VERIFY_MAX_TOTAL_BYTES in total (SIZE_OVER_LIMIT), or nothing at all.
 */
export function verifyFilesProblem(files: readonly Blob[]): ErrorCode | undefined {
  if (files.length > VERIFY_MAX_FILES) return 'TOO_MANY_FILES';
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > VERIFY_MAX_TOTAL_BYTES) return 'SIZE_OVER_LIMIT';
  return undefined;
}
