import { createHash } from 'node:crypto';
import { withoutUnsafeCharacters } from '@qoltanba/core';
import { outlineCms } from '../cms/outline.js';
import { type ContentBytes, joinedBytes } from '../signature/digest.js';
import { parseCost } from './parse-cost.js';
import { readPdfAttachments } from './pdf-attachments.js';

// A document card (SIGEX's "карточка электронного документа", public spec kaarkz/ddcard): a PDF whose attached
// files are the original document, first, then one detached CMS per signature. Recognised by those attachments,
// never by name.

/** Why a PDF that is a document card cannot be verified as one. */
export type CardRefusal =
  | 'malformed'
  | 'no_original'
  | 'not_detached'
  | 'executable'
  | 'too_large'
  | 'too_many';

/** Thrown by {@link outlineCard} for a document card it refuses. */
export class CardRefusedError extends Error {
  constructor(readonly reason: CardRefusal) {
    super(`document card refused: ${reason}`);
    this.name = 'CardRefusedError';
  }
}

/** One file a card carries. */
export interface CardFile {
  /** The attachment's name, without control or direction-override characters. */
  name: string;
  description: string | null;
  bytes: Uint8Array;
  /** Hex SHA-256 of `bytes`. */
  sha256: string;
}

/** A document card as read, before any signature is checked. */
export interface CardOutline {
  original: CardFile;
  /** Every later attachment, in order: the signatures (a file that is no CMS is reported as such). */
  signatures: CardFile[];
}

/** What {@link outlineCard} may spend on one card. */
export interface CardLimits {
  /** Attached files at most (CARD_MAX_ATTACHMENTS in core). */
  maxFiles: number;
  /** Decoded bytes left, shared by the cards of one upload; decreased as read. */
  budget: { remaining: number };
}

// Embedded file streams carry /Type /EmbeddedFile in their dictionary, and stream dictionaries are never inside
// compressed object streams: a PDF without these bytes attaches nothing, and is not parsed at all.
const EMBEDDED_FILE = Buffer.from('/EmbeddedFile');

function contains(content: ContentBytes, needle: Buffer): boolean {
  const pieces = content instanceof Uint8Array ? [content] : content;
  let tail = Buffer.alloc(0);
  for (const piece of pieces) {
    const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    // The needle may straddle two pieces: search the end of the previous one with the start of this one.
    if (Buffer.concat([tail, bytes.subarray(0, needle.length - 1)]).includes(needle)) return true;
    if (bytes.includes(needle)) return true;
    tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - needle.length + 1)));
  }
  return false;
}

// Windows PE (MZ), ELF, Mach-O (both byte orders, 32/64-bit, fat): the spec advises refusing executable originals.
const EXECUTABLE_MAGIC = [
  [0x4d, 0x5a],
  [0x7f, 0x45, 0x4c, 0x46],
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
];

function isExecutable(bytes: Uint8Array): boolean {
  return EXECUTABLE_MAGIC.some((magic) => magic.every((byte, i) => bytes[i] === byte));
}

function cardFile(name: string, description: string | null, bytes: Uint8Array): CardFile {
  return {
    name: withoutUnsafeCharacters(name).trim(),
    description: description === null ? null : withoutUnsafeCharacters(description).trim(),
    bytes,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  };
}

/**
 * Reads a PDF as a document card: null when it is none (no attached file is a CMS, or it is no PDF pdf-lib reads),
 * else the original and the signature files. A PDF that attaches files but would cost pdf-lib more than
 * CARD_MAX_OBJECTS objects (`malformed`) or object streams inflating past the budget (`too_large`) is refused
 * before it is parsed, card or not. Throws {@link CardRefusedError} for a card that cannot be verified:
 * more than `maxFiles` attachments, attachments past the byte budget (an inflation bomb too) or not decodable, a
 * CMS first (no original), a CMS carrying its content, an executable original.
 */
export async function outlineCard(pdf: ContentBytes, limits: CardLimits): Promise<CardOutline | null> {
  if (!contains(pdf, EMBEDDED_FILE)) return null;
  const bytes = joinedBytes(pdf);
  // pdf-lib's parse is unbounded: a PDF that would cost too much is refused before it (`parse-cost.ts`).
  const cost = parseCost(bytes, limits.budget.remaining);
  if (cost === 'too_large') throw new CardRefusedError('too_large');
  if (cost === 'too_many_objects') throw new CardRefusedError('malformed');
  const read = await readPdfAttachments(bytes, limits);
  if (read === null) return null;
  const cms = read.files.map((file) => (file.bytes ? outlineCms(file.bytes) : null));
  // A PDF that merely attaches files (none a signature) is an ordinary PDF.
  if (!cms.some((outline) => outline !== null)) return null;
  if (read.overflow) throw new CardRefusedError('too_many');
  if (read.files.some((file) => file.problem === 'too_large')) throw new CardRefusedError('too_large');
  if (read.files.some((file) => file.problem === 'unreadable')) throw new CardRefusedError('malformed');
  const [first, ...rest] = read.files;
  if (first?.bytes == null || cms[0] !== null) throw new CardRefusedError('no_original');
  if (cms.some((outline) => outline?.attached === true)) throw new CardRefusedError('not_detached');
  if (isExecutable(first.bytes)) throw new CardRefusedError('executable');
  return {
    original: cardFile(first.name, first.description, first.bytes),
    signatures: rest.map((file) => cardFile(file.name, file.description, file.bytes ?? new Uint8Array())),
  };
}
