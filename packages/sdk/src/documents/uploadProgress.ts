/** One part of a multipart body, as far as its size goes. */
export interface MultipartPartSize {
  /** Form field name. */
  name: string;
  /** Content bytes. */
  size: number;
  /** File name of a file part. */
  fileName?: string;
  /** Content type of a file part. */
  type?: string;
}

/** Where each part's content lies in the body, in estimated bytes, and the body's estimated size. */
export interface MultipartLayout {
  parts: ReadonlyArray<{ start: number; end: number }>;
  total: number;
}

// Browsers pick the boundary (Chromium's is 38 characters, Firefox's longer): 40 is close enough, since the
// estimate is only used in proportion to the real total the transport reports.
const BOUNDARY_LENGTH = 40;
const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/**
 * Estimates where each part's content sits in a multipart/form-data body (RFC 7578): a boundary line and
 * headers before each part, a line break after it, the closing boundary at the end.
 */
export function multipartLayout(parts: readonly MultipartPartSize[]): MultipartLayout {
  let offset = 0;
  const placed = parts.map((part) => {
    const disposition =
      `Content-Disposition: form-data; name="${part.name}"` +
      (part.fileName === undefined ? '' : `; filename="${part.fileName}"`);
    const type =
      part.fileName === undefined ? '' : `Content-Type: ${part.type || 'application/octet-stream'}\r\n`;
    offset += 2 + BOUNDARY_LENGTH + 2 + bytes(disposition) + 2 + bytes(type) + 2;
    const start = offset;
    offset += part.size + 2;
    return { start, end: start + part.size };
  });
  return { parts: placed, total: offset + 2 + BOUNDARY_LENGTH + 4 };
}

/**
 * Share of each part's content sent (0 to 1) when `loaded` of `total` body bytes went out. The real
 * total differs a little from the estimate (boundary, encodings), so the position is scaled to it.
 *
 * @example partProgress(multipartLayout(parts), event.loaded, event.total)
 */
export function partProgress(layout: MultipartLayout, loaded: number, total: number): number[] {
  const position = total > 0 ? (Math.min(loaded, total) / total) * layout.total : 0;
  return layout.parts.map(({ start, end }) => {
    if (position >= end) return 1;
    if (position <= start) return 0;
    return (position - start) / (end - start);
  });
}
