import { createTestPki } from '@qoltanba/testkit';
import { describe, expect, it } from 'vitest';
import { parseCms } from './parse.js';

const pki = createTestPki({ seed: 'cms-parse' });
const signer = pki.issue({
  iin: '880101300123',
  surname: 'ТЕСТОВ',
  givenName: 'ТЕСТ',
  kind: 'individual',
  usage: 'sign',
  algorithm: 'gost2015',
});
const content = new TextEncoder().encode('%PDF-1.4 Договор поставки №7');

describe('parseCms', () => {
  it('reads a CMS that sits inside a larger Buffer (an upload) and leaves those bytes as they were', () => {
    const cms = signer.signCms({ content, detached: false });
    const pool = Buffer.alloc(cms.length + 64, 0xaa);
    pool.set(cms, 32);
    const upload = pool.subarray(32, 32 + cms.length);
    const before = Buffer.from(pool);
    const parsed = parseCms(upload);
    const [info] = parsed.signers;
    expect(Buffer.from(parsed.content ?? [])).toEqual(Buffer.from(content));
    expect(parsed.certificates.map((der) => Buffer.from(der))).toEqual([Buffer.from(signer.certificateDer)]);
    // The signed attributes are handed out re-tagged as SET OF: a copy, never the upload's bytes changed.
    expect(info?.signedAttrsDer?.[0]).toBe(0x31);
    expect(info?.signedAttrs.map((attribute) => attribute.type)).toContain('1.2.840.113549.1.9.4');
    expect(pool).toEqual(before);
    expect(parseCms(upload).signers[0]?.signedAttrsDer).toEqual(info?.signedAttrsDer);
    // Views are plain Uint8Arrays, whose slice() copies (a Buffer's would share the upload).
    expect(parsed.certificates[0]?.constructor).toBe(Uint8Array);
    expect(info?.signature.constructor).toBe(Uint8Array);
  });
});
