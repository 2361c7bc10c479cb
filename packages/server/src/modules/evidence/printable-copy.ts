import { AppError } from '@qoltanba/core';
import { PDFDocument } from 'pdf-lib';

/**
 * The printable copy: the document's PDF (the original, or its preview for office formats) with the signature
 * sheet appended as pages. PREVIEW_FAILED when the PDF cannot be read (damaged, or encrypted against changes).
 */
export async function appendSheet(documentPdf: Uint8Array, sheetPdf: Uint8Array): Promise<Uint8Array> {
  let copy: PDFDocument;
  try {
    copy = await PDFDocument.load(documentPdf, { updateMetadata: false });
  } catch {
    throw new AppError('PREVIEW_FAILED');
  }
  const sheet = await PDFDocument.load(sheetPdf);
  const pages = await copy.copyPages(sheet, sheet.getPageIndices());
  for (const page of pages) copy.addPage(page);
  return copy.save();
}
