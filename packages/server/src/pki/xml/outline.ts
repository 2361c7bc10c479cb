import type { Document, Element } from '@xmldom/xmldom';
import { signatureElements } from './signed-document.js';
import { parseXmlDocument, type XmlLimits } from './xml-document.js';

/** Signed XML as parsed once: the document and its ds:Signature elements in document order (at least one). */
export interface SignedXml {
  document: Document;
  signatures: Element[];
}

/** What an uploaded XML file is before it is verified. */
export interface XmlOutline {
  /** How many ds:Signature elements it carries (at least one). */
  signatures: number;
  /** The parsed file, handed to the verifier so the upload is not parsed twice. */
  parsed: SignedXml;
}

/** Thrown by {@link outlineXml} for well-formed XML without any ds:Signature. */
export class XmlUnsignedError extends Error {
  override readonly name = 'XmlUnsignedError';
}

/**
 * Parses signed XML as the engine verifies it, or throws `XmlRefusedError` (malformed, DTD, too large) or
 * {@link XmlUnsignedError}.
 */
export function readSignedXml(bytes: Uint8Array, limits: XmlLimits = {}): SignedXml {
  const document = parseXmlDocument(bytes, limits);
  const signatures = signatureElements(document);
  if (signatures.length === 0) throw new XmlUnsignedError('no ds:Signature');
  return { document, signatures };
}

/**
 * Recognises signed XML by parsing it as the engine will (same refusals): its outline, or throws
 * `XmlRefusedError` (malformed, DTD, over `limits.maxBytes`) or {@link XmlUnsignedError} (no ds:Signature).
 *
 * @example outlineXml(upload).signatures // 2 for a file two signers signed
 */
export function outlineXml(bytes: Uint8Array, limits: XmlLimits = {}): XmlOutline {
  const parsed = readSignedXml(bytes, limits);
  return { signatures: parsed.signatures.length, parsed };
}
