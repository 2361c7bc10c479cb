import type { DocumentFileFormat } from '@qoltanba/core';

// Document files by content, as the server recognises them, and the answers that carry a file's bytes.

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  prefix.every((byte, index) => bytes[index] === byte);
const contains = (bytes: Uint8Array, text: string) => new TextDecoder('latin1').decode(bytes).includes(text);

/** The format of a file by its content, as the server recognises it; undefined when not allowed. */
export function detectFormat(bytes: Uint8Array): DocumentFileFormat | undefined {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (contains(bytes, 'mimetypeapplication/vnd.oasis.opendocument.text')) return 'odt';
    if (contains(bytes, 'word/')) return 'docx';
  }
  return undefined;
}

/** The bytes the fake answers as the PDF conversion of a non-PDF file. */
export const FAKE_CONVERTED_PDF = new TextEncoder().encode('%PDF-1.4\n% fake conversion\n%%EOF\n');

/** The Content-Type the server sends a stored file of each format with. */
export const CONTENT_TYPES: Record<DocumentFileFormat, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  odt: 'application/vnd.oasis.opendocument.text',
};

/** The hex SHA-256 of some bytes, as the server records a file's digest. */
export async function sha256(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A 200 answer carrying bytes, with a Content-Disposition when given. */
export function bytesResponse(bytes: Uint8Array, type: string, disposition?: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: { 'content-type': type, ...(disposition ? { 'content-disposition': disposition } : {}) },
  });
}

/**
 * A PDF file for tests: the `%PDF-` signature followed by filler up to `size` bytes (at least the header).
 *
 * @example await createDocument(draft, [pdfFile('contract.pdf', 2048)])
 */
export function pdfFile(name = 'contract.pdf', size = 64): File {
  const header = new TextEncoder().encode('%PDF-1.7\n');
  const bytes = new Uint8Array(Math.max(size, header.length));
  bytes.set(header);
  return new File([bytes], name, { type: 'application/pdf' });
}

/** A file the server refuses by content (plain text), whatever its name says. */
export function textFile(name = 'notes.pdf', text = 'not a document'): File {
  return new File([text], name, { type: 'application/pdf' });
}
