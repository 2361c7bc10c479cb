import { describe, expect, it } from 'vitest';
import {
  looksLikeXml,
  parseXmlDocument,
  XML_MAX_BYTES,
  XML_MAX_DEPTH,
  XmlRefusedError,
} from './xml-document.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function refusal(text: string | Uint8Array, maxBytes?: number): string | null {
  try {
    parseXmlDocument(
      typeof text === 'string' ? bytes(text) : text,
      maxBytes === undefined ? {} : { maxBytes },
    );
    return null;
  } catch (error) {
    if (error instanceof XmlRefusedError) return error.reason;
    throw error;
  }
}

// A file whose content would be read if an external entity were ever resolved.
const CANARY = '/etc/hostname';

describe('parseXmlDocument', () => {
  it('parses UTF-8 XML (byte order mark, declaration, Cyrillic, character references)', () => {
    const document = parseXmlDocument(
      bytes('\uFEFF<?xml version="1.0" encoding="UTF-8"?><a x="1">Договор &amp; &#13;</a>'),
    );
    expect(document.documentElement?.textContent).toBe('Договор & \r');
  });

  it('refuses malformed XML, other encodings and content after the root as malformed', () => {
    expect(refusal('<a><b></a>')).toBe('malformed');
    expect(refusal('<a/>junk')).toBe('malformed');
    expect(refusal('<a/><b/>')).toBe('malformed');
    expect(refusal('<a>&undefined;</a>')).toBe('malformed');
    expect(refusal('')).toBe('malformed');
    // windows-1251 "Договор": not UTF-8.
    expect(refusal(Uint8Array.from([0x3c, 0x61, 0x3e, 0xc4, 0xee, 0xe3, 0x3c, 0x2f, 0x61, 0x3e]))).toBe(
      'malformed',
    );
  });

  it('refuses any DOCTYPE: an XXE attempt never reads the file it names', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY xxe SYSTEM "file://${CANARY}">]><a>&xxe;</a>`;
    expect(refusal(xxe)).toBe('dtd');
    const external = '<!DOCTYPE a SYSTEM "http://127.0.0.1:9/evil.dtd"><a/>';
    expect(refusal(external)).toBe('dtd');
    const parameter = '<!DOCTYPE a [<!ENTITY % p SYSTEM "http://127.0.0.1:9/p.dtd"> %p;]><a/>';
    expect(refusal(parameter)).toBe('dtd');
    // Even an innocent internal subset: no declaration reaches the signature checks.
    expect(refusal('<!DOCTYPE a [<!ATTLIST a id ID #IMPLIED>]><a id="x"/>')).toBe('dtd');
  });

  it('refuses a billion-laughs document as a DTD without expanding it', () => {
    const levels = Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
    ).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${levels}]><lolz>&lol9;</lolz>`;
    expect(refusal(bomb)).toBe('dtd');
  });

  it('refuses a file over the size cap before parsing it, whatever it holds', () => {
    const padded = (size: number) => `<a>${'x'.repeat(size - 7)}</a>`;
    expect(refusal(padded(1024), 1024)).toBeNull();
    expect(refusal(padded(1025), 1024)).toBe('too_large');
    // Not even decoded: invalid UTF-8 and a DTD past the cap are refused for their size alone.
    const junk = new Uint8Array(2048).fill(0xff);
    junk[0] = 0x3c;
    expect(refusal(junk, 1024)).toBe('too_large');
    expect(refusal(`<!DOCTYPE a [<!ENTITY b "c">]>${padded(2048)}`, 1024)).toBe('too_large');
    // The default cap holds without options.
    expect(refusal(padded(XML_MAX_BYTES + 1))).toBe('too_large');
    expect(refusal(padded(XML_MAX_BYTES))).toBeNull();
  });

  it('refuses nesting deeper than XML_MAX_DEPTH and processing instructions inside the root', () => {
    const deep = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
    expect(refusal(deep(XML_MAX_DEPTH))).toBeNull();
    expect(refusal(deep(XML_MAX_DEPTH + 1))).toBe('malformed');
    expect(refusal(deep(100_000))).toBe('malformed');
    expect(refusal('<a><?pi data?></a>')).toBe('malformed');
    expect(refusal('<?xml-stylesheet href="s.xsl"?><a/>')).toBeNull();
  });
});

describe('looksLikeXml', () => {
  it('is true when the first non-blank byte is <, after an optional byte order mark', () => {
    expect(looksLikeXml(bytes('<a/>'))).toBe(true);
    expect(looksLikeXml(bytes('\uFEFF \r\n<?xml version="1.0"?><a/>'))).toBe(true);
    expect(looksLikeXml(Uint8Array.from([0x30, 0x82, 0x01]))).toBe(false);
    expect(looksLikeXml(bytes('%PDF-1.4'))).toBe(false);
    expect(looksLikeXml(bytes('MIIB'))).toBe(false);
    expect(looksLikeXml(new Uint8Array(0))).toBe(false);
  });
});
