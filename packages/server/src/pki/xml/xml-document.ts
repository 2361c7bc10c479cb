import { DOMParser, type Document, type Node } from '@xmldom/xmldom';

/** Why an XML file is refused before any signature is looked at. */
export type XmlRefusal = 'malformed' | 'dtd' | 'too_large';

/** Thrown by {@link parseXmlDocument}: the bytes are no well-formed UTF-8 XML, carry a DTD, or pass the size cap. */
export class XmlRefusedError extends Error {
  override readonly name = 'XmlRefusedError';
  constructor(
    readonly reason: XmlRefusal,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/**
 * Bytes of XML parsed by default (QOLTANBA_XML_MAX_BYTES overrides): a DOM costs many times its text, so larger
 * files are refused before parsing. Signed XML from KZ services (eGov, iDocs) is far below it.
 */
export const XML_MAX_BYTES = 5 * 1024 * 1024;

/** Options of {@link parseXmlDocument}. */
export interface XmlLimits {
  /** Bytes above which the file is refused unparsed (`too_large`); {@link XML_MAX_BYTES} by default. */
  maxBytes?: number;
}

/** Element nesting deeper than this is refused: canonicalization recurses per level. */
export const XML_MAX_DEPTH = 256;

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const PROCESSING_INSTRUCTION = 7;
const COMMENT = 8;
const DOCUMENT_TYPE = 10;

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * The first non-blank byte is `<` (after an optional UTF-8 byte order mark): the bytes can only be XML. Decides
 * the engine's branch (XML or CMS) before anything is parsed.
 */
export function looksLikeXml(bytes: Uint8Array): boolean {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i += 1;
  return bytes[i] === 0x3c;
}

/** Walks the tree without recursion: only elements, text, CDATA and comments inside the root, bounded depth. */
function checkTree(document: Document): void {
  const stack: Array<{ node: Node; depth: number }> = [];
  for (let child = document.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === DOCUMENT_TYPE) throw new XmlRefusedError('dtd', 'DOCTYPE declaration');
    if (child.nodeType === ELEMENT) stack.push({ node: child, depth: 1 });
  }
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: Node; depth: number };
    if (depth > XML_MAX_DEPTH) throw new XmlRefusedError('malformed', `nesting deeper than ${XML_MAX_DEPTH}`);
    for (let child = node.firstChild; child; child = child.nextSibling) {
      const type = child.nodeType;
      if (type === ELEMENT) stack.push({ node: child, depth: depth + 1 });
      // A processing instruction inside the root has no canonical form in the canonicalizer: refused.
      else if (type === PROCESSING_INSTRUCTION)
        throw new XmlRefusedError('malformed', 'processing instruction');
      else if (type !== TEXT && type !== CDATA && type !== COMMENT)
        throw new XmlRefusedError('malformed', `node type ${type}`);
    }
  }
}

/**
 * Parses UTF-8 XML with @xmldom/xmldom, refusing rather than repairing: any parser error or warning-level
 * error (an undefined entity, content after the root, a mismatched tag) is `malformed`, and a document type
 * declaration of any kind is `dtd`. xmldom never loads external entities nor expands entities a DTD declares
 * (XXE, billion laughs), and the DTD is refused outright besides, so no declaration reaches the signature checks.
 * A file over `limits.maxBytes` is `too_large` before a byte is decoded. Throws {@link XmlRefusedError}.
 */
export function parseXmlDocument(bytes: Uint8Array, limits: XmlLimits = {}): Document {
  const maxBytes = limits.maxBytes ?? XML_MAX_BYTES;
  if (bytes.byteLength > maxBytes)
    throw new XmlRefusedError('too_large', `${bytes.byteLength} bytes > ${maxBytes}`);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new XmlRefusedError('malformed', 'not UTF-8');
  }
  // Errors are collected, not thrown, so that a DTD is reported as such even when its entities are undefined.
  const errors: string[] = [];
  let document: Document;
  try {
    document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') errors.push(message);
      },
    }).parseFromString(text, 'text/xml');
  } catch (error) {
    throw new XmlRefusedError('malformed', (error as Error).message);
  }
  if (document.doctype) throw new XmlRefusedError('dtd', 'DOCTYPE declaration');
  if (errors.length > 0) throw new XmlRefusedError('malformed', errors[0] ?? 'parse error');
  if (!document.documentElement) throw new XmlRefusedError('malformed', 'no root element');
  checkTree(document);
  return document;
}
