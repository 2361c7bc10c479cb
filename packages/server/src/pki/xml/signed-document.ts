import type { Document, Element, Node } from '@xmldom/xmldom';
import { bytesEqual, FormatError } from '../der.js';
import { digest, UnsupportedAlgorithmError } from '../signature/digest.js';
import { DSIG_NS, XML_DIGEST_OIDS } from './algorithms.js';
import { canonicalDocument, canonicalElement } from './c14n.js';
import type { ParsedXmlSignature, XmlReference } from './signature-element.js';

const ELEMENT = 1;
/** Attribute names taken as element IDs (no DTD is accepted, so none is declared otherwise). */
const ID_ATTRIBUTES = ['Id', 'ID', 'id'];

/** Every ds:Signature of the document, in document order. */
export function signatureElements(document: Document): Element[] {
  return Array.from(document.getElementsByTagNameNS(DSIG_NS, 'Signature'));
}

/** The elements whose ID attribute is `id`, searched without recursion. */
function elementsWithId(document: Document, id: string): Element[] {
  const found: Element[] = [];
  const stack: Node[] = document.documentElement ? [document.documentElement] : [];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    if (ID_ATTRIBUTES.some((name) => element.getAttribute(name) === id)) found.push(element);
    for (let child = element.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === ELEMENT) stack.push(child);
    }
  }
  return found;
}

function isInside(node: Node, ancestor: Node): boolean {
  for (let current: Node | null = node; current; current = current.parentNode) {
    if (current === ancestor) return true;
  }
  return false;
}

/** What a reference selects: the whole document, or an element of the signature itself (XAdES properties). */
type Target = { kind: 'document'; element: Element | null } | { kind: 'own'; element: Element };

/**
 * Resolves a same-document reference, refusing signature wrapping: `""` is the document; `#id` must name exactly
 * one element, and that element must be the root (then the signature covers the file the report names) or lie
 * inside this signature. A reference to any other part of the file would let the rest of it change unsigned.
 */
function targetOf(document: Document, signature: Element, reference: XmlReference): Target {
  if (reference.uri === '') return { kind: 'document', element: null };
  const matches = elementsWithId(document, reference.uri.slice(1));
  if (matches.length !== 1) throw new FormatError(`reference ${reference.uri}: ${matches.length} elements`);
  const [element] = matches as [Element];
  if (element === document.documentElement) return { kind: 'document', element };
  if (isInside(element, signature)) return { kind: 'own', element };
  throw new FormatError(`reference ${reference.uri} names a part of the document`);
}

/** Runs `body` with `nodes` taken out of the document, then puts them back where they were. */
function without<T>(nodes: readonly Element[], body: () => T): T {
  const places = nodes.map((node) => ({ node, parent: node.parentNode, next: node.nextSibling }));
  // Outer signatures first, so a nested one is not removed from a detached parent.
  const removed: typeof places = [];
  try {
    for (const place of places) {
      if (place.parent && place.node.parentNode === place.parent) {
        place.parent.removeChild(place.node);
        removed.push(place);
      }
    }
    return body();
  } finally {
    for (const place of removed.reverse()) place.parent?.insertBefore(place.node, place.next);
  }
}

function digestOf(reference: XmlReference, canonical: string): boolean {
  const oid = XML_DIGEST_OIDS[reference.digestMethod];
  if (oid === undefined) throw new UnsupportedAlgorithmError(`digest ${reference.digestMethod}`);
  return bytesEqual(digest(oid, Buffer.from(canonical, 'utf8')), reference.digestValue);
}

/**
 * Checks the references of signature `index` (of `signatures`, the document's in order). A reference to the
 * document is digested over it without this signature and those added after it (KalkanCrypt and NCANode append
 * signers one after the other, each over what was there), or, failing that, without any signature (signers who
 * each signed the bare document). Returns false on a digest mismatch; throws {@link FormatError} for a reference
 * the engine refuses (no reference to the whole document, wrapping) and UnsupportedAlgorithmError.
 */
export function referencesMatch(
  document: Document,
  signatures: readonly Element[],
  index: number,
  parsed: ParsedXmlSignature,
): boolean {
  const signature = signatures[index];
  if (!signature) throw new FormatError('no such signature');
  const targets = parsed.references.map((reference) => ({
    reference,
    target: targetOf(document, signature, reference),
  }));
  if (!targets.some(({ target }) => target.kind === 'document'))
    throw new FormatError('no reference covers the document');
  const variants = [signatures.slice(index), signatures];
  return targets.every(({ reference, target }) => {
    if (target.kind === 'own') {
      return digestOf(
        reference,
        canonicalElement(target.element, reference.c14n.method, { comments: false }),
      );
    }
    // Without the enveloped transform the signature would be part of what it signs: it can never match.
    if (!reference.enveloped && isInside(signature, target.element ?? document)) return false;
    const options = { inclusivePrefixes: reference.c14n.inclusivePrefixes };
    return variants.some((removed) =>
      without(removed, () =>
        digestOf(
          reference,
          target.element
            ? canonicalElement(target.element, reference.c14n.method, { comments: false, ...options })
            : canonicalDocument(document, reference.c14n.method, options),
        ),
      ),
    );
  });
}
