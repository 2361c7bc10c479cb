import type { Element } from '@xmldom/xmldom';
import { FormatError } from '../der.js';
import { DSIG_NS, XML_ALGORITHMS, XML_C14N_METHODS } from './algorithms.js';

const ELEMENT = 1;
const EXC_C14N_NS = 'http://www.w3.org/2001/10/xml-exc-c14n#';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A canonicalization: its URI and, for exclusive C14N, the InclusiveNamespaces prefix list. */
export interface C14nMethod {
  method: string;
  inclusivePrefixes: string[];
}

/** One ds:Reference as written. */
export interface XmlReference {
  /** The URI attribute: `""` (the whole document) or `#id`. */
  uri: string;
  /** The enveloped-signature transform is present. */
  enveloped: boolean;
  /** The canonicalization that turns the selected nodes into octets (inclusive C14N when none is named). */
  c14n: C14nMethod;
  digestMethod: string;
  digestValue: Uint8Array;
}

/** A ds:Signature read strictly: only its own direct children count, never look-alikes nested elsewhere. */
export interface ParsedXmlSignature {
  signedInfo: Element;
  c14n: C14nMethod;
  signatureMethod: string;
  references: XmlReference[];
  signatureValue: Uint8Array;
  /** DER of the certificates in KeyInfo/X509Data, in document order (the signer's first, as KalkanCrypt writes). */
  certificates: Uint8Array[];
}

function elementChildren(element: Element): Element[] {
  const children: Element[] = [];
  for (let child = element.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === ELEMENT) children.push(child as Element);
  }
  return children;
}

function isDsig(element: Element | undefined, localName: string): element is Element {
  return element !== undefined && element.namespaceURI === DSIG_NS && element.localName === localName;
}

function expectDsig(element: Element | undefined, localName: string): Element {
  if (!isDsig(element, localName)) throw new FormatError(`ds:${localName} expected`);
  return element;
}

function algorithmOf(element: Element): string {
  const algorithm = element.getAttribute('Algorithm');
  if (!algorithm) throw new FormatError(`ds:${element.localName} without Algorithm`);
  return algorithm;
}

/** Base64 content of an element (line breaks and `&#13;` allowed, nothing else). */
export function base64Content(element: Element): Uint8Array {
  const text = (element.textContent ?? '').replace(/\s+/g, '');
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text))
    throw new FormatError(`ds:${element.localName} is not base64`);
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function c14nOf(element: Element): C14nMethod {
  const method = algorithmOf(element);
  if (!XML_C14N_METHODS.has(method)) throw new FormatError(`canonicalization ${method}`);
  const list = elementChildren(element).find(
    (child) => child.namespaceURI === EXC_C14N_NS && child.localName === 'InclusiveNamespaces',
  );
  const prefixes = list?.getAttribute('PrefixList')?.split(/\s+/).filter(Boolean) ?? [];
  return { method, inclusivePrefixes: prefixes.map((prefix) => (prefix === '#default' ? '' : prefix)) };
}

function readReference(element: Element): XmlReference {
  const uri = element.getAttribute('URI');
  // A reference without URI, or to anything but this document, names content the verifier cannot tell.
  if (uri === null || (uri !== '' && !uri.startsWith('#')))
    throw new FormatError(`reference URI ${uri ?? '(none)'}`);
  const children = elementChildren(element);
  let next = 0;
  let enveloped = false;
  let c14n: C14nMethod = { method: XML_ALGORITHMS.c14n, inclusivePrefixes: [] };
  if (isDsig(children[next], 'Transforms')) {
    const transforms = elementChildren(children[next++] as Element).map((t) => expectDsig(t, 'Transform'));
    transforms.forEach((transform, index) => {
      const algorithm = algorithmOf(transform);
      // Only these two: XPath, XSLT and the like would let a signature cover other content than the file.
      if (algorithm === XML_ALGORITHMS.envelopedSignature && index === 0) enveloped = true;
      else if (XML_C14N_METHODS.has(algorithm) && index === transforms.length - 1) c14n = c14nOf(transform);
      else throw new FormatError(`transform ${algorithm}`);
    });
  }
  const digestMethod = algorithmOf(expectDsig(children[next++], 'DigestMethod'));
  const digestValue = base64Content(expectDsig(children[next++], 'DigestValue'));
  if (children[next] !== undefined) throw new FormatError('unexpected element in ds:Reference');
  return { uri, enveloped, c14n, digestMethod, digestValue };
}

function certificatesOf(keyInfo: Element | undefined): Uint8Array[] {
  if (!isDsig(keyInfo, 'KeyInfo')) return [];
  return elementChildren(keyInfo)
    .filter((child) => isDsig(child, 'X509Data'))
    .flatMap((data) => elementChildren(data).filter((child) => isDsig(child, 'X509Certificate')))
    .map(base64Content);
}

/**
 * Reads a ds:Signature element (XMLDSig core 4): SignedInfo (CanonicalizationMethod, SignatureMethod, one or more
 * References), SignatureValue, KeyInfo's X509 certificates. Throws {@link FormatError} for anything else.
 */
export function readSignatureElement(signature: Element): ParsedXmlSignature {
  const [signedInfo, signatureValue, keyInfo] = elementChildren(signature);
  const info = elementChildren(expectDsig(signedInfo, 'SignedInfo'));
  const c14n = c14nOf(expectDsig(info[0], 'CanonicalizationMethod'));
  const signatureMethod = algorithmOf(expectDsig(info[1], 'SignatureMethod'));
  const references = info.slice(2).map((reference) => readReference(expectDsig(reference, 'Reference')));
  if (references.length === 0) throw new FormatError('ds:SignedInfo without ds:Reference');
  return {
    signedInfo: signedInfo as Element,
    c14n,
    signatureMethod,
    references,
    signatureValue: base64Content(expectDsig(signatureValue, 'SignatureValue')),
    certificates: certificatesOf(keyInfo),
  };
}
