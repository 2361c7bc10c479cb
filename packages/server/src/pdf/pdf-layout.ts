import {
  fill,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingRgbColor,
} from 'pdf-lib';
import { type QrMatrix, qrRuns } from './qr-matrix.js';

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 40;
const FOOTER = 24;
const GREY = rgb(0.35, 0.35, 0.35);

/** The two faces the layout writes with. */
export interface LayoutFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** How one paragraph is written. */
export interface TextStyle {
  size?: number;
  bold?: boolean;
  grey?: boolean;
  /** From the left margin, in points. */
  indent?: number;
  /** Width available, in points (the rest of the line by default). */
  width?: number;
}

/** A block of paragraphs with a QR code at its right, kept on one page when it fits. */
export interface QrBlock {
  lines: ReadonlyArray<{ text: string; style?: TextStyle }>;
  qr: QrMatrix;
  caption: string;
}

/** Side of the QR code on paper, in points (about 32 mm: easy for a phone camera). */
export const QR_SIDE = 90;

/**
 * Writes flowing text onto A4 pages: wraps at spaces (and inside words too long for a line, such as hashes and
 * addresses), starts a new page when the next line would not fit, and numbers the pages at the end.
 */
export class PdfLayout {
  readonly #pdf: PDFDocument;
  readonly #fonts: LayoutFonts;
  #page: PDFPage;
  #y = 0;
  // pdf-lib measures through fontkit's shaping, slow per call; wrapping measures every word, so advances are cached.
  readonly #advances = new Map<PDFFont, Map<string, number>>();

  constructor(pdf: PDFDocument, fonts: LayoutFonts) {
    this.#pdf = pdf;
    this.#fonts = fonts;
    this.#page = this.#newPage();
  }

  /** The width between the margins. */
  get contentWidth(): number {
    return PAGE.width - 2 * MARGIN;
  }

  #newPage(): PDFPage {
    this.#page = this.#pdf.addPage([PAGE.width, PAGE.height]);
    this.#y = PAGE.height - MARGIN;
    return this.#page;
  }

  #font(style: TextStyle): PDFFont {
    return style.bold ? this.#fonts.bold : this.#fonts.regular;
  }

  /** Lines of `text` that fit `width` points at `size` in the style's font. */
  wrap(text: string, style: TextStyle = {}): string[] {
    const font = this.#font(style);
    const size = style.size ?? 9;
    const width = style.width ?? this.contentWidth - (style.indent ?? 0);
    const fits = (line: string) => this.#width(line, font) * size <= width;
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        let rest = word;
        while (rest && !fits(rest)) {
          let cut = rest.length - 1;
          while (cut > 1 && !fits(rest.slice(0, cut))) cut -= 1;
          lines.push(rest.slice(0, cut));
          rest = rest.slice(cut);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Width of `text` at size 1: the sum of its characters' advances (kerning ignored; wrapping needs no more). */
  #width(text: string, font: PDFFont): number {
    let advances = this.#advances.get(font);
    if (!advances) {
      advances = new Map();
      this.#advances.set(font, advances);
    }
    let width = 0;
    for (const character of text) {
      let advance = advances.get(character);
      if (advance === undefined) {
        advance = font.widthOfTextAtSize(character, 1);
        advances.set(character, advance);
      }
      width += advance;
    }
    return width;
  }

  static #lineHeight(style: TextStyle): number {
    return (style.size ?? 9) * 1.35;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensure(height: number): void {
    if (this.#y - height < MARGIN + FOOTER) this.#newPage();
  }

  /** Vertical space. */
  gap(points: number): void {
    this.#y -= points;
  }

  /** Writes a paragraph, wrapped, breaking pages between lines. */
  text(text: string, style: TextStyle = {}): void {
    for (const line of this.wrap(text, style)) this.#line(line, style);
  }

  #line(line: string, style: TextStyle): void {
    const height = PdfLayout.#lineHeight(style);
    this.ensure(height);
    const size = style.size ?? 9;
    this.#y -= height;
    this.#page.drawText(line, {
      x: MARGIN + (style.indent ?? 0),
      y: this.#y + (height - size) / 2,
      size,
      font: this.#font(style),
      ...(style.grey ? { color: GREY } : {}),
    });
  }

  /** Writes paragraphs kept together: the block moves to a new page whole when it fits one. */
  block(lines: ReadonlyArray<{ text: string; style?: TextStyle }>): void {
    const wrapped = lines.map(({ text, style = {} }) => ({ lines: this.wrap(text, style), style }));
    const height = wrapped.reduce(
      (sum, { lines: written, style }) => sum + written.length * PdfLayout.#lineHeight(style),
      0,
    );
    this.ensure(Math.min(height, PAGE.height - 2 * MARGIN - FOOTER));
    for (const { lines: written, style } of wrapped) for (const line of written) this.#line(line, style);
  }

  /**
   * Writes one row of a table: each cell wrapped within its width, side by side from the left margin; the row is as
   * tall as its tallest cell, moves to a new page whole, and a thin rule is drawn under it.
   */
  row(cells: ReadonlyArray<{ text: string; width: number; style?: TextStyle }>): void {
    const wrapped = cells.map(({ text, width, style = {} }) => ({
      lines: this.wrap(text, { ...style, width: width - 4 }),
      style,
      width,
    }));
    const height = Math.max(
      ...wrapped.map(({ lines, style }) => lines.length * PdfLayout.#lineHeight(style)),
      PdfLayout.#lineHeight({}),
    );
    this.ensure(height + 3);
    const top = this.#y;
    let x = MARGIN;
    for (const { lines, style, width } of wrapped) {
      let y = top;
      for (const line of lines) {
        const lineHeight = PdfLayout.#lineHeight(style);
        const size = style.size ?? 9;
        y -= lineHeight;
        this.#page.drawText(line, {
          x: x + 2,
          y: y + (lineHeight - size) / 2,
          size,
          font: this.#font(style),
          ...(style.grey ? { color: GREY } : {}),
        });
      }
      x += width;
    }
    this.#y = top - height - 2;
    this.#page.drawLine({
      start: { x: MARGIN, y: this.#y },
      end: { x: MARGIN + this.contentWidth, y: this.#y },
      thickness: 0.5,
      color: GREY,
    });
    this.#y -= 1;
  }

  /** Writes a block with its QR code at the right; the block moves to a new page whole when it fits one. */
  qrBlock(block: QrBlock): void {
    const textWidth = this.contentWidth - QR_SIDE - 16;
    const wrapped = block.lines.map(({ text, style = {} }) => ({
      lines: this.wrap(text, { ...style, width: textWidth - (style.indent ?? 0) }),
      style,
    }));
    const textHeight = wrapped.reduce(
      (sum, { lines, style }) => sum + lines.length * PdfLayout.#lineHeight(style),
      0,
    );
    const captionStyle: TextStyle = { size: 6, grey: true, width: QR_SIDE };
    const caption = this.wrap(block.caption, captionStyle);
    const qrHeight = QR_SIDE + 4 + caption.length * PdfLayout.#lineHeight(captionStyle);
    this.ensure(Math.min(Math.max(textHeight, qrHeight), PAGE.height - 2 * MARGIN - FOOTER));
    const top = this.#y;
    const page = this.#page;
    const qrX = MARGIN + this.contentWidth - QR_SIDE;
    drawQr(page, block.qr, qrX, top - QR_SIDE, QR_SIDE);
    let captionY = top - QR_SIDE - 4;
    for (const line of caption) {
      captionY -= PdfLayout.#lineHeight(captionStyle);
      page.drawText(line, { x: qrX, y: captionY + 1, size: 6, font: this.#fonts.regular, color: GREY });
    }
    for (const { lines, style } of wrapped) for (const line of lines) this.#line(line, style);
    if (this.#page === page) this.#y = Math.min(this.#y, top - qrHeight);
  }

  /** Writes "<label> i / n" at the foot of every page. */
  numberPages(label: string): void {
    const pages = this.#pdf.getPages();
    pages.forEach((page, index) => {
      page.drawText(`${label} ${index + 1} / ${pages.length}`, {
        x: MARGIN,
        y: MARGIN / 2,
        size: 7,
        font: this.#fonts.regular,
        color: GREY,
      });
    });
  }
}

/** Paints a QR matrix as filled rectangles (one per horizontal run) with its top-left corner at (x, y + side). */
export function drawQr(page: PDFPage, matrix: QrMatrix, x: number, y: number, side: number): void {
  const module = side / matrix.length;
  const top = y + side;
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(0, 0, 0),
    ...qrRuns(matrix).map((run) =>
      rectangle(x + run.column * module, top - (run.row + 1) * module, run.length * module, module),
    ),
    fill(),
    popGraphicsState(),
  );
}
