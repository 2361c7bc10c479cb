import jsQR from 'jsqr';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Reading PDFs the server made, for tests: text through pdf.js, QR codes from the drawn rectangles.

/** The text of each page, as pdf.js extracts it (lines joined by spaces). */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, verbosity: 0 })
    .promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n += 1) {
      const content = await (await document.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

async function pageRects(bytes: Uint8Array): Promise<Rect[][]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const text = refs
      .map((ref) => {
        const stream = ref instanceof PDFRawStream ? ref : pdf.context.lookup(ref as PDFRef);
        if (!(stream instanceof PDFRawStream)) return '';
        return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      })
      .join('\n');
    return Array.from(text.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g), (m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      w: Number(m[3]),
      h: Number(m[4]),
    }));
  });
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

/**
 * The QR matrices a PDF draws, page by page in drawing order: filled rectangles one module high, grouped into
 * squares by adjacency, then read back as module grids (true is dark).
 */
export async function drawnQrMatrices(bytes: Uint8Array): Promise<boolean[][][]> {
  const matrices: boolean[][][] = [];
  for (const rects of await pageRects(bytes)) {
    const groups: Rect[][] = [];
    for (const rect of rects) {
      const group = groups.find((g) =>
        g.some(
          (r) =>
            near(r.h, rect.h) &&
            Math.abs(r.y - rect.y) <= rect.h * 2.01 &&
            rect.x < r.x + 200 &&
            r.x < rect.x + 200,
        ),
      );
      if (group) group.push(rect);
      else groups.push([rect]);
    }
    for (const group of groups) {
      const module = Math.min(...group.map((r) => r.h));
      const left = Math.min(...group.map((r) => r.x));
      const top = Math.max(...group.map((r) => r.y + r.h));
      const size = Math.round((Math.max(...group.map((r) => r.x + r.w)) - left) / module);
      const matrix = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
      for (const r of group) {
        const row = Math.round((top - r.y - r.h) / module);
        const first = Math.round((r.x - left) / module);
        const row_ = matrix[row];
        if (!row_) continue;
        for (let c = first; c < first + Math.round(r.w / module); c += 1) row_[c] = true;
      }
      matrices.push(matrix);
    }
  }
  return matrices;
}

/** Decodes a QR matrix with jsQR after painting it into an image (4 pixels a module, a 4-module quiet zone). */
export function decodeQrMatrix(matrix: readonly (readonly boolean[])[]): string | undefined {
  const scale = 4;
  const quiet = 4;
  const side = (matrix.length + 2 * quiet) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  matrix.forEach((modules, row) => {
    modules.forEach((dark, column) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1)
        for (let dx = 0; dx < scale; dx += 1) {
          const offset = (((row + quiet) * scale + dy) * side + (column + quiet) * scale + dx) * 4;
          pixels.fill(0, offset, offset + 3);
        }
    });
  });
  return jsQR(pixels, side, side)?.data;
}
