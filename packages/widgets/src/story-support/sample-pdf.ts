// A small, valid, multi-page A4 PDF drawn in code, so the viewer's stories need no file or server.

function pageContent(page: number, total: number): string {
  const lines: string[] = [
    'BT /F1 22 Tf 72 760 Td (Qoltanba sample document) Tj ET',
    `BT /F1 12 Tf 72 736 Td (Page ${page} of ${total}) Tj ET`,
    '0.2 0.37 0.82 rg 72 720 451 2 re f',
  ];
  // Grey bars standing in for paragraphs of text.
  for (let row = 0; row < 24; row += 1) {
    const width = row % 6 === 5 ? 260 : 451;
    lines.push(`0.82 g 72 ${690 - row * 24} ${width} 9 re f`);
  }
  lines.push(`BT /F1 10 Tf 0.4 g 72 60 Td (${page} / ${total}) Tj ET`);
  return lines.join('\n');
}

/** A PDF of `pages` A4 pages, each with a heading, "Page n of N" and grey text bars. */
export function samplePdf(pages = 3): Uint8Array {
  const objects: string[] = [];
  const kids = Array.from({ length: pages }, (_, index) => `${4 + index * 2} 0 R`).join(' ');
  objects.push('<< /Type /Catalog /Pages 2 0 R >>');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let page = 1; page <= pages; page += 1) {
    const content = pageContent(page, pages);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + (page - 1) * 2} 0 R >>`,
    );
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
