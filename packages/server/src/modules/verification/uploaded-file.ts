import { createHash } from 'node:crypto';
import { AppError, type ErrorCode } from '@qoltanba/core';
import { detectDocumentFormat } from '../../files/file-type.js';
import {
  type CmsOutline,
  type ContentBytes,
  looksLikeXml,
  outlineCms,
  outlineXml,
  type XmlLimits,
  type XmlOutline,
  XmlRefusedError,
  XmlUnsignedError,
} from '../../pki/index.js';

/** What an original was recognised as: a document format we know, or any other file (`other`). */
export type OriginalKind = 'pdf' | 'doc' | 'docx' | 'odt' | 'other';

/**
 * An uploaded file recognised by content: an original (PDF, DOC, DOCX, ODT or any other file; its `content` kept
 * in the pieces it arrived in, never copied into one buffer just to be hashed), a CMS signature (DER, base64 or
 * PEM; `bytes` the DER), or an XML document carrying enveloped XMLDSig signatures.
 */
export type UploadedFile =
  | { name: string; kind: OriginalKind; content: ContentBytes; sha256: string }
  | { name: string; kind: 'cms'; bytes: Uint8Array; sha256: string; outline: CmsOutline }
  | { name: string; kind: 'xml'; bytes: Uint8Array; sha256: string; outline: XmlOutline };

const PDF_MAGIC = '%PDF-';
const DER_SEQUENCE = 0x30;
const BASE64_TEXT = /^[A-Za-z0-9+/=\s]*$/;
const PEM_ARMOUR = /-----(BEGIN|END) [A-Z0-9 ]+-----/g;

/** Hex SHA-256 of content, whole or in pieces. */
export function sha256Hex(content: ContentBytes): string {
  const hash = createHash('sha256');
  for (const piece of content instanceof Uint8Array ? [content] : content) hash.update(piece);
  return hash.digest('hex');
}

/** The first `count` bytes of content in pieces (fewer when it is shorter). */
export function headOf(content: ContentBytes, count: number): Uint8Array {
  if (content instanceof Uint8Array) return content.subarray(0, count);
  const head: number[] = [];
  for (const piece of content) {
    for (const byte of piece.subarray(0, count - head.length)) head.push(byte);
    if (head.length === count) break;
  }
  return Uint8Array.from(head);
}

function ascii(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

function base64Cms(bytes: Uint8Array): Uint8Array | undefined {
  const text = Buffer.from(bytes).toString('latin1').replace(PEM_ARMOUR, '');
  if (!BASE64_TEXT.test(text)) return undefined;
  const decoded = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  return decoded.byteLength > 0 && decoded[0] === DER_SEQUENCE ? new Uint8Array(decoded) : undefined;
}

/** The catalogue error for XML the engine refuses. */
function xmlRefusal(error: unknown): AppError {
  let code: ErrorCode = 'XML_MALFORMED';
  if (error instanceof XmlRefusedError && error.reason === 'dtd') code = 'XML_DTD_REFUSED';
  else if (error instanceof XmlRefusedError && error.reason === 'too_large') code = 'XML_TOO_LARGE';
  else if (error instanceof XmlUnsignedError) code = 'XML_NOT_SIGNED';
  else if (!(error instanceof XmlRefusedError)) throw error;
  return new AppError(code, undefined, { cause: error });
}

/**
 * Recognises a whole uploaded file by content alone (never by name or declared type): a PDF by its `%PDF-`
 * header (kept as given, whole or in pieces), XML by its first non-blank byte `<` (then at most `xml.maxBytes`,
 * XML_TOO_LARGE unparsed, well-formed UTF-8 without a DTD and carrying a ds:Signature: XML_MALFORMED,
 * XML_DTD_REFUSED, XML_NOT_SIGNED), a CMS by parsing
 * it as SignedData (DER, or base64 / PEM text as NCALayer can save it, kept decoded). Anything else is an
 * original: DOC, DOCX, ODT by content, else `other`. `sha256`: the hex SHA-256 of the content when the reader already has it.
 */
export function recogniseFile(
  name: string,
  content: ContentBytes,
  sha256 = sha256Hex(content),
  xml: XmlLimits = {},
): UploadedFile {
  if (ascii(headOf(content, PDF_MAGIC.length)) === PDF_MAGIC) {
    return { name, kind: 'pdf', content, sha256 };
  }
  const bytes = content instanceof Uint8Array ? content : Buffer.concat(content);
  if (looksLikeXml(bytes)) {
    let outline: XmlOutline;
    try {
      outline = outlineXml(bytes, xml);
    } catch (error) {
      throw xmlRefusal(error);
    }
    return { name, kind: 'xml', bytes, sha256, outline };
  }
  for (const candidate of [bytes, base64Cms(bytes)]) {
    if (!candidate || candidate[0] !== DER_SEQUENCE) continue;
    const outline = outlineCms(candidate);
    const hash = candidate === bytes ? sha256 : sha256Hex(candidate);
    if (outline) return { name, kind: 'cms', bytes: candidate, sha256: hash, outline };
  }
  // Any other file is an original (DOCX, ODT, ...): `verifyUpload` takes it only beside a detached CMS.
  return { name, kind: detectDocumentFormat(bytes) ?? 'other', content, sha256 };
}

/** Whether an uploaded file is an original (not a signature). */
export function isOriginal(file: UploadedFile): file is Extract<UploadedFile, { kind: OriginalKind }> {
  return file.kind !== 'cms' && file.kind !== 'xml';
}
