import { checkPagePath } from '@qoltanba/core';

/**
 * The absolute address of the public verification page of one stored file (what the sheet's QR codes hold): its
 * ids and the start of its SHA-256, without which the page answers as if the file did not exist.
 */
export function checkFileUrl(publicUrl: string, documentId: number, fileId: number, sha256: string): string {
  return `${publicUrl}${checkPagePath(documentId, fileId, sha256)}`;
}
