import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { pdfFontBytes } from './pdf-fonts.js';
import { PdfLayout } from './pdf-layout.js';

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
