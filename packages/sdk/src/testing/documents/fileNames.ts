import { ALLOWED_DOCUMENT_EXTENSIONS, type DocumentFileFormat, FILE_NAME_MAX } from '@qoltanba/core';

// File names as the server stores and sends them.

/** C0/C1 controls and the direction marks that make "gpj.exe" read as "exe.jpg" (by code point). */
function isUnsafeCharacter(character: string): boolean {
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
const KNOWN_EXTENSION = new RegExp(`\\.(${ALLOWED_DOCUMENT_EXTENSIONS.join('|')})$`, 'i');

/** A stored file name as the server makes it: last path segment, no controls, the content's extension. */
export function sanitizeFileName(raw: string, format: DocumentFileFormat): string {
  const segment = raw.split(/[/\\]/).pop() ?? '';
  let base = Array.from(segment.normalize('NFC'))
    .filter((character) => !isUnsafeCharacter(character))
    .join('')
    .trim()
    .replace(KNOWN_EXTENSION, '')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  if (base === '') base = 'document';
  const points = Array.from(base);
  const room = FILE_NAME_MAX - format.length - 1;
  if (points.length > room) base = points.slice(0, room).join('').trimEnd();
  return `${base}.${format}`;
}

/** A Content-Disposition value as the server sends it: an ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
