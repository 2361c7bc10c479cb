import type { Document, Element, Node } from '@xmldom/xmldom';
import {
  C14nCanonicalization,
  C14nCanonicalizationWithComments,
  ExclusiveCanonicalization,
  ExclusiveCanonicalizationWithComments,
} from 'xml-crypto';
import { FormatError } from '../der.js';
import { XML_ALGORITHMS } from './algorithms.js';

const ELEMENT = 1;
const PROCESSING_INSTRUCTION = 7;

/** A namespace binding in scope of an element, as xml-crypto's canonicalizers take them. */
interface NamespaceBinding {
  prefix: string;
  namespaceURI: string;
}

type Canonicalizer = {
  process(node: unknown, options: Record<string, unknown>): string;
};

function canonicalizer(method: string, comments: boolean): { algorithm: Canonicalizer; exclusive: boolean } {
  switch (method) {
    case XML_ALGORITHMS.c14n:
    case XML_ALGORITHMS.c14nWithComments:
      return {
        algorithm:
          comments && method === XML_ALGORITHMS.c14nWithComments
            ? new C14nCanonicalizationWithComments()
            : new C14nCanonicalization(),
        exclusive: false,
      };
    case XML_ALGORITHMS.excC14n:
    case XML_ALGORITHMS.excC14nWithComments:
      return {
        algorithm:
          comments && method === XML_ALGORITHMS.excC14nWithComments
            ? new ExclusiveCanonicalizationWithComments()
            : new ExclusiveCanonicalization(),
        exclusive: true,
      };
    default:
      throw new FormatError(`canonicalization ${method}`);
  }
}

/** The namespaces declared on the element's ancestors and still in scope there (nearest declaration wins). */
function ancestorNamespaces(element: Element): NamespaceBinding[] {
  const seen = new Map<string, string>();
  for (
    let node: Node | null = element.parentNode;
    node && node.nodeType === ELEMENT;
    node = node.parentNode
  ) {
    const attributes = (node as Element).attributes;
    for (let i = 0; i < attributes.length; i += 1) {
      const attribute = attributes.item(i);
      if (!attribute) continue;
      const name = attribute.name;
      const prefix = name === 'xmlns' ? '' : name.startsWith('xmlns:') ? name.slice(6) : null;
      if (prefix !== null && !seen.has(prefix)) seen.set(prefix, attribute.value);
    }
  }
  // An undeclaration (xmlns="") only hides outer bindings; it is no namespace of its own.
  return [...seen]
    .filter(([, uri]) => uri !== '')
    .map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

/**
 * Canonical form of an element and its subtree under a canonicalization URI (inclusive or exclusive XML C14N
 * 1.0, xml-crypto's implementation), namespaces in scope from its ancestors included as the method requires.
 * `comments: false` drops comments whatever the method says (a same-document reference selects no comments).
 */
export function canonicalElement(
  element: Element,
  method: string,
  options: { comments: boolean; inclusivePrefixes?: readonly string[] },
): string {
  const { algorithm, exclusive } = canonicalizer(method, options.comments);
  const prefixes = options.inclusivePrefixes ?? [];
  // xml-crypto declares listed prefixes on the element it is given: a copy keeps the parsed document as it is.
  const subject = exclusive && prefixes.length > 0 ? element.cloneNode(true) : element;
  try {
    return algorithm.process(subject, {
      ancestorNamespaces: ancestorNamespaces(element),
      ...(exclusive ? { inclusiveNamespacesPrefixList: [...prefixes] } : {}),
    });
  } catch (error) {
    throw new FormatError(`canonicalization failed: ${(error as Error).message}`);
  }
}

/** A processing instruction in canonical form (C14N 1.0 section 2.3). */
function canonicalInstruction(node: Node): string {
  const { target, data } = node as unknown as { target: string; data: string };
  return `<?${target}${data ? ` ${data}` : ''}?>`;
}

/**
 * Canonical form of a whole document without comments (what `URI=""` selects): processing instructions outside
 * the root element, each separated from it by a line feed, around the root's canonical form. The XML
 * declaration is no processing instruction in the data model and is left out.
 */
export function canonicalDocument(
  document: Document,
  method: string,
  options: { inclusivePrefixes?: readonly string[] },
): string {
  const root = document.documentElement;
  if (!root) throw new FormatError('no root element');
  const before: string[] = [];
  const after: string[] = [];
  let seenRoot = false;
  for (let child = document.firstChild; child; child = child.nextSibling) {
    if (child === root) seenRoot = true;
    else if (child.nodeType === PROCESSING_INSTRUCTION && child.nodeName !== 'xml') {
      (seenRoot ? after : before).push(canonicalInstruction(child));
    }
  }
  const body = canonicalElement(root, method, { comments: false, ...options });
  return `${before.map((pi) => `${pi}\n`).join('')}${body}${after.map((pi) => `\n${pi}`).join('')}`;
}
