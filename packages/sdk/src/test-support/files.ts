// Files for the sdk's tests on the real server: a valid PDF distinct per call, and one the server refuses.

let serial = 0;

/** One-page PDF objects showing `text` (ASCII), with a `padding`-byte comment so the file reaches a size. */
function onePagePdf(text: string, padding: number): string {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = `%PDF-1.4\n${padding > 0 ? `%${'.'.repeat(padding)}\n` : ''}`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  return `${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
}

/**
 * A valid one-page PDF of at least `size` bytes, distinct per call (the server recognises files by content and
 * renders PDFs for previews, sheets and printable copies).
 *
 * @example await createDocument(draft, [pdfFile('contract.pdf', 2048)])
 */
export function pdfFile(name = 'contract.pdf', size = 0): File {
  serial += 1;
  const text = `Qoltanba test ${serial} ${Math.random().toString(36).slice(2)}`;
  let padding = 0;
  // Offsets grow by a digit as the padding grows: settle the padding in a few rounds.
  for (let round = 0; round < 3 && size > 0; round += 1) {
    const missing = size - onePagePdf(text, padding).length;
    padding = Math.max(0, padding + missing - (padding === 0 ? 2 : 0));
  }
  return new File([onePagePdf(text, padding)], name, { type: 'application/pdf' });
}

/** A file the server refuses by content (plain text), whatever its name says. */
export function textFile(name = 'notes.pdf', text = 'not a document'): File {
  return new File([text], name, { type: 'application/pdf' });
}
