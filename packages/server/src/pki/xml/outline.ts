import { signatureElements } from './signed-document.js';
import { parseXmlDocument } from './xml-document.js';

/** What an uploaded XML file is before it is verified. */
export interface XmlOutline {
  /** How many ds:Signature elements it carries (at least one). */
  signatures: number;
}

/** Thrown by {@link outlineXml} for well-formed XML without any ds:Signature. */
export class XmlUnsignedError extends Error {
  override readonly name = 'XmlUnsignedError';
}

/**
 * Recognises signed XML by parsing it as the engine will (same refusals): its outline, or throws
 * `XmlRefusedError` (malformed, DTD) or {@link XmlUnsignedError} (no ds:Signature).
 *
 * @example outlineXml(upload).signatures // 2 for a file two signers signed
 */
export function outlineXml(bytes: Uint8Array): XmlOutline {
  const signatures = signatureElements(parseXmlDocument(bytes)).length;
  if (signatures === 0) throw new XmlUnsignedError('no ds:Signature');
  return { signatures };
}
