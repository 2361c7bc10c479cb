import { ALLOWED_DOCUMENT_EXTENSIONS, type DocumentFileFormat, FILE_NAME_MAX } from '@qoltanba/core';

// C0/C1 controls, and the bidirectional overrides that make "gpj.exe" read as "exe.jpg".
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// A lone half of a surrogate pair is no character: it cannot be percent-encoded for Content-Disposition.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const KNOWN_EXTENSION = new RegExp(`\\.(${ALLOWED_DOCUMENT_EXTENSIONS.join('|')})$`, 'i');

/**
 * A file name safe to store and to send back in Content-Disposition: the last path segment only, no control
 * or direction-override characters, trimmed, at most FILE_NAME_MAX characters, ending with the extension of
 * the format found in the content (whatever extension the client gave).
 *
 * @example sanitizeFileName('C:\\fakepath\\Договор.PDF.exe', 'pdf') // 'Договор.PDF.pdf'
 */
export function sanitizeFileName(raw: string | undefined, format: DocumentFileFormat): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let base = lastSegment.replace(LONE_SURROGATE, '').normalize('NFC').replace(UNSAFE, '').trim().replace(KNOWN_EXTENSION, '');
  base = base.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (base === '') base = 'document';
  const extension = `.${format}`;
  const room = FILE_NAME_MAX - extension.length;
  // Cut by code points so a surrogate pair is never split.
  const points = Array.from(base);
  if (points.length > room) base = points.slice(0, room).join('').trimEnd();
  return `${base}${extension}`;
}

/**
 * A Content-Disposition value (RFC 6266): an ASCII `filename` fallback for old clients and the exact name as
 * `filename*=UTF-8''...`.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
