import { createHash, createPublicKey, verify } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { C14nCanonicalization } from 'xml-crypto';
import { createTestPki } from '../pki/test-pki';
import { signXml } from './sign-xml';

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const pki = createTestPki({ seed: 'sign-xml.test' });
const holder = {
  iin: '880101300123',
  surname: 'ТЕСТОВ',
  givenName: 'ТЕСТ',
  kind: 'individual',
  usage: 'sign',
} as const;
const xml =
  '<?xml version="1.0" encoding="UTF-8"?><contract xmlns="urn:test"><title>Договор № 1</title></contract>';

function parse(text: string) {
  return new DOMParser().parseFromString(text, 'text/xml');
}

function only(parent: Element, name: string): Element {
  const found = parent.getElementsByTagNameNS(DS, name);
  expect(found.length).toBe(1);
  return found[0] as Element;
}

describe('signXml', () => {
  it.each([
    ['rsa', 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', 'http://www.w3.org/2001/04/xmlenc#sha256'],
    [
      'gost2015',
      'urn:ietf:params:xml:ns:pkigovkz:xmlsec:algorithms:gostr34102015-gostr34112015-512',
      'urn:ietf:params:xml:ns:pkigovkz:xmlsec:algorithms:gostr34112015-512',
    ],
    [
      'gost2004',
      'http://www.w3.org/2001/04/xmldsig-more#gost34310-gost34311',
      'http://www.w3.org/2001/04/xmldsig-more#gost34311',
    ],
  ] as const)(
    '%s: appends a KalkanCrypt-shaped enveloped signature to the root',
    (algorithm, method, digestMethod) => {
      const signer = pki.issue({ ...holder, algorithm });
      const document = parse(signer.signXml({ xml }));
      const root = document.documentElement as Element;
      const signature = root.lastChild as Element;
      expect(signature.namespaceURI).toBe(DS);
      expect(signature.localName).toBe('Signature');
      expect(only(signature, 'SignatureMethod').getAttribute('Algorithm')).toBe(method);
      expect(only(signature, 'DigestMethod').getAttribute('Algorithm')).toBe(digestMethod);
      expect(only(signature, 'Reference').getAttribute('URI')).toBe('');
      const transforms = Array.from(signature.getElementsByTagNameNS(DS, 'Transform')).map((t) =>
        t.getAttribute('Algorithm'),
      );
      expect(transforms).toEqual([
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
      ]);
      const certificate = only(signature, 'X509Certificate').textContent?.replace(/\s+/g, '');
      expect(Buffer.from(certificate ?? '', 'base64')).toEqual(Buffer.from(signer.certificateDer));
      // The signed content itself is untouched.
      expect(root.getElementsByTagName('title')[0]?.textContent).toBe('Договор № 1');
    },
  );

  it('RSA: the digest covers the document without the signature, the value signs the canonical SignedInfo', () => {
    const signer = pki.issue({ ...holder, algorithm: 'rsa' });
    const document = parse(signXml({ signer, xml }));
    const root = document.documentElement as Element;
    const signature = root.lastChild as Element;
    const digest = Buffer.from(only(signature, 'DigestValue').textContent ?? '', 'base64');
    expect(digest).toEqual(
      createHash('sha256')
        .update('<contract xmlns="urn:test"><title>Договор № 1</title></contract>')
        .digest(),
    );
    // Inclusive C14N carries the root's default namespace and ds onto SignedInfo.
    const signedInfo = new C14nCanonicalization().process(only(signature, 'SignedInfo'), {
      ancestorNamespaces: [
        { prefix: '', namespaceURI: 'urn:test' },
        { prefix: 'ds', namespaceURI: DS },
      ],
    });
    expect(
      signedInfo.startsWith('<ds:SignedInfo xmlns="urn:test" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">'),
    ).toBe(true);
    const value = Buffer.from(
      (only(signature, 'SignatureValue').textContent ?? '').replace(/\s+/g, ''),
      'base64',
    );
    const key = createPublicKey({
      key: Buffer.from(signer.key.publicKeyInfoDer),
      format: 'der',
      type: 'spki',
    });
    expect(verify('sha256', Buffer.from(signedInfo), key, value)).toBe(true);
  });

  it('signs an already signed XML again: the signers follow one another, each over what was there', () => {
    const first = pki.issue({ ...holder, algorithm: 'gost2015' });
    const second = pki.issue({ ...holder, iin: '900101400456', algorithm: 'rsa' });
    const twice = second.signXml({ xml: first.signXml({ xml }) });
    const signatures = parse(twice).getElementsByTagNameNS(DS, 'Signature');
    expect(signatures.length).toBe(2);
    expect(signatures[0]?.parentNode).toBe(signatures[1]?.parentNode);
  });

  it('refuses ECDSA keys, which KZ XML signatures do not use', () => {
    expect(() => pki.issue({ ...holder, algorithm: 'ecdsa' }).signXml({ xml })).toThrow(/ecdsa/);
  });
});
