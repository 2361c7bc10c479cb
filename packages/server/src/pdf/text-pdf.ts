import type { PDFDocument } from 'pdf-lib';
import { pdfFontBytes } from './pdf-fonts.js';
import type { PdfLayout } from './pdf-layout.js';

/** What a new text PDF is called and when it was made. */
export interface TextPdfOptions {
  title: string;
  /** The app's clock: the PDF's creation and modification dates. */
  createdAt: Date;
}

/**
 * A new A4 PDF with DejaVu Sans (regular and bold) embedded as subsets, so Kazakh and Russian render and extract
 * as text anywhere, and a {@link PdfLayout} on its first page.
 */
export async function createTextPdf(
  options: TextPdfOptions,
): Promise<{ pdf: PDFDocument; layout: PdfLayout }> {
  // pdf-lib, fontkit and the layout (~40 MB resident) load with the first PDF made, not at the server's start.
  const [{ PDFDocument }, { default: fontkit }, { PdfLayout }] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
    import('./pdf-layout.js'),
  ]);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = await pdfFontBytes();
  const fonts = {
    regular: await pdf.embedFont(bytes.regular, { subset: true }),
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
  };
  pdf.setTitle(options.title);
  pdf.setProducer('Qoltanba');
  pdf.setCreationDate(options.createdAt);
  pdf.setModificationDate(options.createdAt);
  return { pdf, layout: new PdfLayout(pdf, fonts) };
}
