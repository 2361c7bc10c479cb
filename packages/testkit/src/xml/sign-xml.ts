import { DOMParser, type Document, type Element, type Node, XMLSerializer } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';
import type { CmsSigner } from '../cms/sign-cms';
import type { KeyAlgorithm } from '../keys/signing-key';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const MORE = 'http://www.w3.org/2001/04/xmldsig-more#';
const PKIGOVKZ = 'urn:ietf:params:xml:ns:pkigovkz:xmlsec:algorithms:';
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const C14N_WITH_COMMENTS = `${C14N}#WithComments`;
const ENVELOPED = `${DS}enveloped-signature`;

/** SignatureMethod and DigestMethod URIs per key family, as KalkanCrypt writes them. */
const XML_METHODS: Partial<Record<KeyAlgorithm, { signature: string; digest: string }>> = {
  rsa: { signature: `${MORE}rsa-sha256`, digest: 'http://www.w3.org/2001/04/xmlenc#sha256' },
  gost2004: { signature: `${MORE}gost34310-gost34311`, digest: `${MORE}gost34311` },
  gost2015: {
    signature: `${PKIGOVKZ}gostr34102015-gostr34112015-512`,
    digest: `${PKIGOVKZ}gostr34112015-512`,
  },
};

/** Options of {@link signXml}. */
export interface SignXmlOptions {
  readonly signer: CmsSigner;
  /** The XML to sign (UTF-8), possibly already signed by others: the new signature is appended to the root. */
  readonly xml: string | Uint8Array;
  /** `""` (the whole document, the default) or `#id` of an element with an `Id` attribute. */
  readonly referenceUri?: string;
}

/** The in-scope namespace declarations of an element's ancestors, nearest first, as inclusive C14N needs them. */
function ancestorNamespaces(element: Element): Array<{ prefix: string; namespaceURI: string }> {
  const found = new Map<string, string>();
  for (let node: Node | null = element.parentNode; node && node.nodeType === 1; node = node.parentNode) {
    const { attributes } = node as Element;
    for (let i = 0; i < attributes.length; i += 1) {
      const attribute = attributes.item(i);
      if (!attribute) continue;
      const { name } = attribute;
      const prefix = name === 'xmlns' ? '' : name.startsWith('xmlns:') ? name.slice(6) : null;
      if (prefix !== null && !found.has(prefix)) found.set(prefix, attribute.value);
    }
  }
  return [...found]
    .filter(([, uri]) => uri !== '')
    .map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

/**
 * Inclusive C14N 1.0 without comments of an element, with the namespaces its ancestors put in scope. xml-crypto
 * types its input as the DOM's Node, which xmldom's classes are not in a program that has the DOM library.
 */
function canonical(element: Element): string {
  const input = element as unknown as Parameters<C14nCanonicalization['process']>[0];
  return new C14nCanonicalization().process(input, { ancestorNamespaces: ancestorNamespaces(element) });
}

/** Base64 in lines of 76, each ended by CR LF as the Java XML security library writes them. */
function wrappedBase64(bytes: Uint8Array): string {
  const text = Buffer.from(bytes).toString('base64');
  const lines = text.match(/.{1,76}/g) ?? [];
  return `\n${lines.join('\r\n')}\n`;
}

function referencedElement(document: Document, uri: string): Element {
  const root = document.documentElement;
  if (!root) throw new Error('the XML has no root element');
  if (uri === '') return root;
  const id = uri.slice(1);
  const stack: Element[] = [root];
  while (stack.length > 0) {
    const element = stack.pop() as Element;
    if (element.getAttribute('Id') === id) return element;
    for (let child = element.firstChild; child; child = child.nextSibling)
      if (child.nodeType === 1) stack.push(child as Element);
  }
  throw new Error(`no element with Id="${id}"`);
}

/**
 * What the reference selects, canonical without comments: `#id` the element; `""` the whole document, so also
 * the processing instructions around the root (C14N 1.0 section 2.3; the XML declaration is none of them).
 */
function canonicalReferenced(document: Document, referenced: Element, referenceUri: string): string {
  const body = canonical(referenced);
  if (referenceUri !== '') return body;
  let text = '';
  let afterRoot = false;
  for (let node = document.firstChild; node; node = node.nextSibling) {
    if (node === referenced) {
      text += body;
      afterRoot = true;
    } else if (node.nodeType === 7 && node.nodeName !== 'xml') {
      const { target, data } = node as unknown as { target: string; data: string };
      const instruction = `<?${target}${data ? ` ${data}` : ''}?>`;
      text += afterRoot ? `\n${instruction}` : `${instruction}\n`;
    }
  }
  return text;
}

/**
 * An enveloped XMLDSig signature as KalkanCrypt (NCALayer's `signXml`, NCANode's `/xml/sign`) writes it: a
 * `ds:Signature` appended to the root, inclusive C14N for SignedInfo, transforms enveloped-signature +
 * C14N#WithComments, the key family's KZ algorithm URIs (RSA-SHA256, GOST 34.310-2004, GOST 34.10-2015-512),
 * base64 values in CR LF lines, and the signer's certificate in KeyInfo/X509Data. GOST digests and signatures
 * use the same byte order as in CMS. Signing an already signed XML adds a signer over what is there, as NCANode
 * does with several keys. Returns the signed XML text.
 */
export function signXml(options: SignXmlOptions): string {
  const { signer } = options;
  const methods = XML_METHODS[signer.key.algorithm];
  if (!methods) throw new Error(`XMLDSig is not written for ${signer.key.algorithm} keys`);
  const text = typeof options.xml === 'string' ? options.xml : new TextDecoder().decode(options.xml);
  const document = new DOMParser().parseFromString(text, 'text/xml');
  const root = document.documentElement;
  if (!root) throw new Error('the XML has no root element');
  const referenceUri = options.referenceUri ?? '';
  const referenced = referencedElement(document, referenceUri);
  // Before the signature is added: the enveloped transform leaves it out anyway, and comments are not selected.
  const selected = canonicalReferenced(document, referenced, referenceUri);
  const digestValue = signer.key.digest(new TextEncoder().encode(selected));

  const element = (
    name: string,
    attributes: Record<string, string> = {},
    children: Array<Node | string> = [],
  ) => {
    const node = document.createElementNS(DS, `ds:${name}`);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
    for (const child of children)
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    return node;
  };
  const lines = (children: Node[]): Array<Node | string> => [
    '\n',
    ...children.flatMap((child) => [child, '\n']),
  ];

  const signedInfo = element(
    'SignedInfo',
    {},
    lines([
      element('CanonicalizationMethod', { Algorithm: C14N }),
      element('SignatureMethod', { Algorithm: methods.signature }),
      element(
        'Reference',
        { URI: referenceUri },
        lines([
          element(
            'Transforms',
            {},
            lines([
              element('Transform', { Algorithm: ENVELOPED }),
              element('Transform', { Algorithm: C14N_WITH_COMMENTS }),
            ]),
          ),
          element('DigestMethod', { Algorithm: methods.digest }),
          element('DigestValue', {}, [Buffer.from(digestValue).toString('base64')]),
        ]),
      ),
    ]),
  );
  const signatureValue = element('SignatureValue');
  const keyInfo = element(
    'KeyInfo',
    {},
    lines([
      element(
        'X509Data',
        {},
        lines([element('X509Certificate', {}, [wrappedBase64(signer.certificateDer)])]),
      ),
    ]),
  );
  const signature = element('Signature', {}, lines([signedInfo, signatureValue, keyInfo]));
  signature.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:ds', DS);
  root.appendChild(signature);

  const signedInfoCanonical = canonical(signedInfo);
  signatureValue.appendChild(
    document.createTextNode(wrappedBase64(signer.key.sign(new TextEncoder().encode(signedInfoCanonical)))),
  );
  return new XMLSerializer().serializeToString(document);
}
