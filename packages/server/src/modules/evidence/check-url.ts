import { apiPath, CHECK_FILE_PAGE } from '@qoltanba/core';

/** The absolute address of the public verification page of one stored file (what the sheet's QR codes hold). */
export function checkFileUrl(publicUrl: string, documentId: number, fileId: number): string {
  return `${publicUrl}${apiPath(CHECK_FILE_PAGE, { docId: String(documentId), fileId: String(fileId) })}`;
}
