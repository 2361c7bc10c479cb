import type { SUPPORT_ATTACHMENT_TYPES } from '@qoltanba/core';

/** A type the chat takes. */
export type AttachmentType = (typeof SUPPORT_ATTACHMENT_TYPES)[number];

/** Bytes {@link sniffAttachmentType} needs to decide (WebP's `RIFF....WEBP`). */
export const ATTACHMENT_HEAD_BYTES = 12;

/** The file extension each type is saved with. */
export const ATTACHMENT_EXTENSIONS: Record<AttachmentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Extensions dropped from the end of a given name before the recognised one is added. */
export const KNOWN_ATTACHMENT_EXTENSION = /\.(png|jpe?g|gif|webp|pdf)$/i;

const startsWith = (bytes: Uint8Array, magic: readonly number[], offset = 0) =>
  bytes.byteLength >= offset + magic.length && magic.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => Array.from(text, (character) => character.charCodeAt(0));
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii('GIF87a');
const GIF89 = ascii('GIF89a');
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/**
 * The type of an attachment by its first {@link ATTACHMENT_HEAD_BYTES} bytes (never by its name or declared type):
 * PNG, JPEG, GIF, WebP or PDF; undefined for anything else.
 */
export function sniffAttachmentType(head: Uint8Array): AttachmentType | undefined {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, GIF87) || startsWith(head, GIF89)) return 'image/gif';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  if (startsWith(head, PDF)) return 'application/pdf';
  return undefined;
}
