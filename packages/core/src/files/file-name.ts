import { ALLOWED_DOCUMENT_EXTENSIONS, FILE_NAME_MAX } from '../limits';
import type { DocumentFileFormat } from '../schemas/documents';

/**
 * True for C0/C1 control characters and for the direction marks and overrides that make "gpj.exe" read as
 * "exe.jpg" (checked by code point: Biome refuses control characters in regular expressions).
 */
export function isUnsafeCharacter(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** `text` without the characters {@link isUnsafeCharacter} refuses. */
export function withoutUnsafeCharacters(text: string): string {
  return Array.from(text)
    .filter((character) => !isUnsafeCharacter(character))
    .join('');
}
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
  return safeFileName(raw, format, KNOWN_EXTENSION, 'document');
}

/**
 * {@link sanitizeFileName} for any content-recognised type (the support chat's attachments): `extension` (no dot)
 * ends the name, any extension `known` matches at the end of the given name is dropped first, and `fallback` names
 * a file whose name is empty after cleaning.
 *
 * @example safeFileName('../скрин.PNG', 'png', /\.(png|jpe?g)$/i, 'image') // 'скрин.png'
 */
export function safeFileName(
  raw: string | undefined,
  extension: string,
  known: RegExp,
  fallback: string,
): string {
  const lastSegment = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let base = withoutUnsafeCharacters(lastSegment.replace(LONE_SURROGATE, '').normalize('NFC'))
    .trim()
    .replace(known, '');
  base = base.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (base === '') base = fallback;
  const suffix = `.${extension}`;
  const room = FILE_NAME_MAX - suffix.length;
  // Cut by code points so a surrogate pair is never split.
  const points = Array.from(base);
  if (points.length > room) base = points.slice(0, room).join('').trimEnd();
  return `${base}${suffix}`;
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
