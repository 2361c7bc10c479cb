// Enveloped XMLDSig through the engine's single entry: real NCA TEST GOST 34.10-2015 keys of ../shared/pki, the
// testkit's RSA and GOST 34.310-2004 keys (NCA TEST has no such key with its password), several signers, and the
// attacks a verifier of XML must refuse: tampering, signature wrapping, XXE and entity expansion.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SignatureReport } from '@qoltanba/core';
import { createTestPki, ncaTestKeys, signCms, type TestSigner } from '@qoltanba/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, type Verifier } from '../index.js';
import { ncaMaterialPresent, PKI_DIR } from '../test-support/nca-keys.js';
import { outlineXml, XmlUnsignedError } from './outline.js';
import { XmlRefusedError } from './xml-document.js';

const holder = {
  iin: '880101300123',
  bin: '990340005977',
  surname: 'ТЕСТОВ',
  givenName: 'ТЕСТ',
  patronymic: 'ТЕСТОВИЧ',
  organisation: 'ТОО "Береке Строй"',
  kind: 'first_head',
  usage: 'sign',
} as const;

// A KZ-style document: default namespace, a comment and a processing instruction outside the root, Cyrillic.
const DOCUMENT = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<?app version="1"?>',
  '<!-- выгрузка -->',
  '<act xmlns="urn:qoltanba:test" xmlns:x="urn:qoltanba:extra" Id="act-1">',
  '  <number>АВР-17</number>',
  '  <x:sum currency="KZT">1 250 000</x:sum>',
  '</act>',
].join('\n');

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

const xmlBytes = (text: string) => new TextEncoder().encode(text);

function only(reports: SignatureReport[]): SignatureReport {
  expect(reports).toHaveLength(1);
  return reports[0] as SignatureReport;
}

describe('XMLDSig with the testkit PKI (RSA-SHA256, GOST 34.310-2004, GOST 34.10-2015-512)', () => {
  const pki = createTestPki({ seed: 'engine-xmldsig' });
  let verifier: Verifier;
  beforeAll(async () => {
    for (const algorithm of ['rsa', 'gost2015', 'gost2004'] as const) pki.issue({ ...holder, algorithm });
    const dir = await mkdtemp(join(tmpdir(), 'pki-xmldsig-'));
    scratch.push(dir);
    await pki.writeTrustDir(dir);
    verifier = await createVerifier({ trustDir: dir, offline: true, acceptTestIdentities: true });
  });

  it.each([
    ['rsa', 'RSA'],
    ['gost2004', 'GOST2004'],
    ['gost2015', 'GOST2015'],
  ] as const)(
    '%s: TOTAL_PASSED with the signer, chain and revocation as for CMS',
    async (algorithm, type) => {
      const signer = pki.issue({ ...holder, algorithm });
      const { report, signers } = await verifier.verifyXml({
        xml: xmlBytes(signer.signXml({ xml: DOCUMENT })),
      });
      expect(report.verdict).toBe('TOTAL_PASSED');
      expect(only(report.signatures)).toMatchObject({
        indication: 'TOTAL_PASSED',
        subIndication: null,
        signatureType: type,
        packaging: 'enveloped',
        signingTime: null,
        signer: { iin: holder.iin, bin: holder.bin, organisation: holder.organisation, role: 'first_head' },
        revocation: { status: 'good', source: 'crl' },
      });
      expect(Buffer.from(signers[0]?.certificateDer ?? [])).toEqual(Buffer.from(signer.certificateDer));
    },
  );

  it('the single entry tells XML from CMS by content', async () => {
    const signer = pki.issue({ ...holder, algorithm: 'gost2015' });
    const xml = await verifier.verify({ file: xmlBytes(signer.signXml({ xml: DOCUMENT })) });
    expect(xml.format).toBe('xml');
    expect(xml.report.signatures[0]?.indication).toBe('TOTAL_PASSED');
    const content = xmlBytes(DOCUMENT);
    const cms = await verifier.verify({ file: signCms({ signer, content }), content });
    expect(cms.format).toBe('cms');
    expect(cms.report.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', packaging: 'detached' });
  });

  it('tampered content: HASH_FAILURE; tampered SignedInfo: SIG_CRYPTO_FAILURE', async () => {
    const signer = pki.issue({ ...holder, algorithm: 'gost2015' });
    const signed = signer.signXml({ xml: DOCUMENT });
    const content = signed.replace('1 250 000', '9 250 000');
    expect(content).not.toBe(signed);
    expect(only((await verifier.verifyXml({ xml: xmlBytes(content) })).report.signatures)).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'HASH_FAILURE',
    });
    // The reference now claims the digest of the tampered content: the signature over SignedInfo breaks.
    const digestOf = (text: string) => /<ds:DigestValue>([^<]*)<\/ds:DigestValue>/.exec(text)?.[1] ?? '';
    const forged = signer.signXml({ xml: DOCUMENT.replace('1 250 000', '9 250 000') });
    const signedInfo = content.replace(digestOf(signed), digestOf(forged));
    expect(signedInfo).not.toBe(content);
    expect(only((await verifier.verifyXml({ xml: xmlBytes(signedInfo) })).report.signatures)).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'SIG_CRYPTO_FAILURE',
    });
    // An attribute of the root counts as content too.
    const attribute = signed.replace('currency="KZT"', 'currency="USD"');
    expect(
      only((await verifier.verifyXml({ xml: xmlBytes(attribute) })).report.signatures).subIndication,
    ).toBe('HASH_FAILURE');
  });

  it('refuses signature wrapping: the signed element must be the root, its ID unique', async () => {
    const signer = pki.issue({ ...holder, algorithm: 'rsa' });
    const signed = signer.signXml({ xml: DOCUMENT, referenceUri: '#act-1' });
    const original = await verifier.verifyXml({ xml: xmlBytes(signed) });
    expect(original.report.verdict).toBe('TOTAL_PASSED');

    // The signed act moved under a new root that shows other content: the reference no longer names the file.
    const body = signed.slice(signed.indexOf('<act '));
    const wrapped = `<evil xmlns="urn:qoltanba:test"><number>АВР-99</number><kept>${body}</kept></evil>`;
    expect(only((await verifier.verifyXml({ xml: xmlBytes(wrapped) })).report.signatures)).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'FORMAT_FAILURE',
    });

    // A forged root with the same Id, the signed act hidden inside it: two elements answer to the ID.
    const duplicate = `<act xmlns="urn:qoltanba:test" Id="act-1"><number>АВР-99</number><hidden>${body}</hidden></act>`;
    expect(only((await verifier.verifyXml({ xml: xmlBytes(duplicate) })).report.signatures)).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'FORMAT_FAILURE',
    });

    // A reference to a part of the document leaves the rest unsigned: refused as well.
    const part = signer.signXml({
      xml: '<act xmlns="urn:qoltanba:test"><number Id="n">АВР-17</number><sum>1</sum></act>',
      referenceUri: '#n',
    });
    expect(only((await verifier.verifyXml({ xml: xmlBytes(part) })).report.signatures).subIndication).toBe(
      'FORMAT_FAILURE',
    );
  });

  it('refuses transforms that could sign other content than the file, and SHA-1', async () => {
    const signer = pki.issue({ ...holder, algorithm: 'rsa' });
    const signed = signer.signXml({ xml: DOCUMENT });
    const xslt = signed.replace(
      'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
      'http://www.w3.org/TR/1999/REC-xslt-19991116',
    );
    expect(only((await verifier.verifyXml({ xml: xmlBytes(xslt) })).report.signatures).subIndication).toBe(
      'FORMAT_FAILURE',
    );
    const sha1 = signed.replace(
      'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      'http://www.w3.org/2000/09/xmldsig#rsa-sha1',
    );
    expect(only((await verifier.verifyXml({ xml: xmlBytes(sha1) })).report.signatures)).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'CRYPTO_CONSTRAINTS_FAILURE',
    });
  });

  it('several signers one after the other: each verified over what it signed', async () => {
    const first = pki.issue({ ...holder, algorithm: 'gost2015' });
    const second = pki.issue({ ...holder, iin: '900101400404', algorithm: 'rsa', kind: 'right_to_sign' });
    const third = pki.issue({ ...holder, iin: '910202500704', algorithm: 'gost2004', kind: 'employee' });
    const signed = third.signXml({ xml: second.signXml({ xml: first.signXml({ xml: DOCUMENT }) }) });
    const { report, signers } = await verifier.verifyXml({ xml: xmlBytes(signed) });
    expect(report.verdict).toBe('TOTAL_PASSED');
    expect(report.signatures.map((s) => [s.signer.iin, s.signatureType, s.indication])).toEqual([
      [holder.iin, 'GOST2015', 'TOTAL_PASSED'],
      ['900101400404', 'RSA', 'TOTAL_PASSED'],
      ['910202500704', 'GOST2004', 'TOTAL_PASSED'],
    ]);
    expect(signers).toHaveLength(3);
    expect(outlineXml(xmlBytes(signed)).signatures).toBe(3);

    // The content changed: every signer fails.
    const tampered = await verifier.verifyXml({ xml: xmlBytes(signed.replace('АВР-17', 'АВР-18')) });
    expect(tampered.report.signatures.map((s) => s.subIndication)).toEqual([
      'HASH_FAILURE',
      'HASH_FAILURE',
      'HASH_FAILURE',
    ]);
  });

  it('signers who each signed the bare document, their signatures put together, verify too', async () => {
    const first = pki.issue({ ...holder, algorithm: 'gost2015' });
    const second = pki.issue({ ...holder, iin: '900101400404', algorithm: 'rsa' });
    const a = first.signXml({ xml: DOCUMENT });
    const b = second.signXml({ xml: DOCUMENT });
    const signatureOf = (text: string) => text.slice(text.indexOf('<ds:Signature'), text.indexOf('</act>'));
    const merged = a.replace('</act>', `${signatureOf(b)}</act>`);
    const { report } = await verifier.verifyXml({ xml: xmlBytes(merged) });
    expect(report.signatures.map((s) => s.indication)).toEqual(['TOTAL_PASSED', 'TOTAL_PASSED']);
  });

  it('an untrusted signer is NO_CERTIFICATE_CHAIN_FOUND; a signature without certificate NO_SIGNING_CERTIFICATE_FOUND', async () => {
    const stranger = createTestPki({ seed: 'engine-xmldsig-stranger' }).issue({
      ...holder,
      algorithm: 'gost2015',
    });
    const untrusted = await verifier.verifyXml({ xml: xmlBytes(stranger.signXml({ xml: DOCUMENT })) });
    expect(only(untrusted.report.signatures)).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
    });
    const signed = pki.issue({ ...holder, algorithm: 'gost2015' }).signXml({ xml: DOCUMENT });
    const keyInfo = signed.slice(signed.indexOf('<ds:KeyInfo>'), signed.indexOf('</ds:KeyInfo>') + 13);
    const bare = await verifier.verifyXml({ xml: xmlBytes(signed.replace(keyInfo, '')) });
    expect(only(bare.report.signatures)).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'NO_SIGNING_CERTIFICATE_FOUND',
      certificate: null,
    });
  });

  it('XXE, billion laughs, malformed and unsigned XML: one FORMAT_FAILURE report, nothing read or expanded', async () => {
    const signed = pki.issue({ ...holder, algorithm: 'gost2015' }).signXml({ xml: DOCUMENT });
    const body = signed.slice(signed.indexOf('<act '));
    const xxe = `<!DOCTYPE act [<!ENTITY x SYSTEM "file:///etc/passwd">]>${body.replace('АВР-17', '&x;')}`;
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
    const bomb = `<!DOCTYPE act [<!ENTITY l0 "lol">${lol}]>${body.replace('АВР-17', '&l9;')}`;
    for (const text of [xxe, bomb, `${body}<tail/>`, DOCUMENT]) {
      const { report, signers } = await verifier.verifyXml({ xml: xmlBytes(text) });
      expect(report.verdict).toBe('TOTAL_FAILED');
      expect(only(report.signatures)).toMatchObject({
        subIndication: 'FORMAT_FAILURE',
        packaging: 'enveloped',
      });
      expect(signers).toEqual([]);
    }
    const reason = (text: string) => {
      try {
        outlineXml(xmlBytes(text));
        return 'signed';
      } catch (error) {
        if (error instanceof XmlRefusedError) return error.reason;
        if (error instanceof XmlUnsignedError) return 'unsigned';
        throw error;
      }
    };
    expect([reason(xxe), reason(bomb), reason(`${body}<tail/>`), reason(DOCUMENT), reason(signed)]).toEqual([
      'dtd',
      'dtd',
      'malformed',
      'unsigned',
      'signed',
    ]);
  });

  it('reports XML over the configured cap as FORMAT_FAILURE without parsing it', async () => {
    const emptyDir = async () => {
      const dir = await mkdtemp(join(tmpdir(), 'pki-xmldsig-cap-'));
      scratch.push(dir);
      return dir;
    };
    const signed = xmlBytes(pki.issue({ ...holder, algorithm: 'gost2015' }).signXml({ xml: DOCUMENT }));
    const capped = await createVerifier({
      trustDir: await emptyDir(),
      offline: true,
      acceptTestIdentities: true,
      xmlMaxBytes: signed.byteLength - 1,
    });
    const { report, signers } = await capped.verifyXml({ xml: signed });
    expect(only(report.signatures)).toMatchObject({
      subIndication: 'FORMAT_FAILURE',
      packaging: 'enveloped',
    });
    expect(signers).toEqual([]);
    expect(() => outlineXml(signed, { maxBytes: signed.byteLength - 1 })).toThrow(XmlRefusedError);
    // At the cap it is read and judged (here without the CAs in the folder).
    const atCap = await createVerifier({
      trustDir: await emptyDir(),
      offline: true,
      acceptTestIdentities: true,
      xmlMaxBytes: signed.byteLength,
    });
    expect(only((await atCap.verifyXml({ xml: signed })).report.signatures).subIndication).toBe(
      'NO_CERTIFICATE_CHAIN_FOUND',
    );
  });
});

const nca = ncaMaterialPresent();

describe.skipIf(!nca)('XMLDSig signed with the real NCA TEST GOST 34.10-2015 keys', () => {
  let trustDir = '';
  let verifier: Verifier;
  const keys = nca ? ncaTestKeys(PKI_DIR) : [];
  const load = async (holderKind: 'individual' | 'legal', status: 'valid' | 'revoked', name: string) => {
    const key = keys.find((k) => k.holder === holderKind && k.status === status && k.name === name);
    if (!key) throw new Error(`NCA TEST key ${holderKind}/${status}/${name} missing`);
    return key.load();
  };
  beforeAll(async () => {
    trustDir = mkdtempSync(join(tmpdir(), 'nca-xmldsig-'));
    for (const file of ['root_test_gost_2022.cer', 'nca_gost2022_test.cer', 'nca_gost2022_test.crl'])
      copyFileSync(join(PKI_DIR, 'nca-test/certs', file), join(trustDir, file));
    verifier = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
  });
  afterAll(() => {
    if (trustDir) rmSync(trustDir, { recursive: true, force: true });
  });

  it('an individual and a company head, one after the other: both TOTAL_PASSED with their identities', async () => {
    const individual: TestSigner = await load('individual', 'valid', 'individual_valid');
    const head: TestSigner = await load('legal', 'valid', 'head');
    const signed = head.signXml({ xml: individual.signXml({ xml: DOCUMENT }) });
    const { report } = await verifier.verifyXml({ xml: xmlBytes(signed) });
    expect(report.verdict).toBe('TOTAL_PASSED');
    expect(report.signatures[0]).toMatchObject({
      signatureType: 'GOST2015',
      packaging: 'enveloped',
      revocation: { status: 'good', source: 'crl' },
      signer: { iin: '123456789011', bin: null, fullName: 'ТЕСТОВ ТЕСТ ТЕСТОВИЧ', role: 'individual' },
    });
    expect(report.signatures[1]).toMatchObject({
      signer: { iin: '123456789011', bin: '123456789021', organisation: 'АО "ТЕСТ"', role: 'first_head' },
    });
  });

  it('a revoked TEST key is REVOKED through the CA CRL; tampered content HASH_FAILURE', async () => {
    const revoked = await load('individual', 'revoked', 'individual_revoked');
    const signed = revoked.signXml({ xml: DOCUMENT });
    expect(only((await verifier.verifyXml({ xml: xmlBytes(signed) })).report.signatures)).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'REVOKED',
      revocation: { status: 'revoked', source: 'crl' },
    });
    const valid = (await load('legal', 'valid', 'employee_signright')).signXml({ xml: DOCUMENT });
    const tampered = valid.replace('АВР-17', 'АВР-71');
    expect(
      only((await verifier.verifyXml({ xml: xmlBytes(tampered) })).report.signatures).subIndication,
    ).toBe('HASH_FAILURE');
  });
});
