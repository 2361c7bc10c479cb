import { AppError } from '@qoltanba/core';

/**
 * The printable copy: the document's PDF (the original, or its preview for office formats) with the signature
 * sheet appended as pages. PREVIEW_FAILED when the PDF cannot be read (damaged, no pages, or encrypted).
 */
export async function appendSheet(documentPdf: Uint8Array, sheetPdf: Uint8Array): Promise<Uint8Array> {
  // pdf-lib loads with the first printable copy, not at the server's start (text-pdf.ts likewise).
  const { PDFDocument } = await import('pdf-lib');
  const sheet = await PDFDocument.load(sheetPdf);
  try {
    // pdf-lib reads leniently: a broken file may load and fail only when its pages are touched or saved.
    const copy = await PDFDocument.load(documentPdf, { updateMetadata: false });
    if (copy.getPageCount() === 0) throw new Error('no pages');
    const pages = await copy.copyPages(sheet, sheet.getPageIndices());
    for (const page of pages) copy.addPage(page);
    return await copy.save();
  } catch {
    throw new AppError('PREVIEW_FAILED');
  }
}
