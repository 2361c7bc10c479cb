import { SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_TYPES } from '@qoltanba/core';
import { ChatError } from './chat-error';

type AttachmentType = (typeof SUPPORT_ATTACHMENT_TYPES)[number];

const ascii = (bytes: Uint8Array, from: number, text: string) =>
  [...text].every((char, index) => bytes[from + index] === char.charCodeAt(0));

/** The attachment type the first bytes show (the server checks the same way), or undefined. */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | undefined {
  if (bytes[0] === 0x89 && ascii(bytes, 1, 'PNG')) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(bytes, 0, 'GIF8')) return 'image/gif';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  if (ascii(bytes, 0, '%PDF-')) return 'application/pdf';
  return undefined;
}

/**
 * Checks a file before it is sent, as the server will: at most 5 MB (SUPPORT_ATTACHMENT_TOO_LARGE) and an image or a
 * PDF by its content (SUPPORT_ATTACHMENT_TYPE), whatever its name says. Resolves with the type it found.
 */
export async function checkAttachment(file: Blob): Promise<AttachmentType> {
  if (file.size > SUPPORT_ATTACHMENT_MAX_BYTES) throw new ChatError('SUPPORT_ATTACHMENT_TOO_LARGE');
  const type = sniffAttachmentType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!type || !(SUPPORT_ATTACHMENT_TYPES as readonly string[]).includes(type))
    throw new ChatError('SUPPORT_ATTACHMENT_TYPE');
  return type;
}
