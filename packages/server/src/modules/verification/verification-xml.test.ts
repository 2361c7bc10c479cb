import { type ErrorCode, errorMessage, VERIFICATION_PATHS, type VerificationResult } from '@qoltanba/core';
import type { TestSigner } from '@qoltanba/testkit';
import { describe, expect, it } from 'vitest';
import { samplePdf } from '../../testing/document-files.js';
import { COMPANIES, multipart, type Part } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki, PERSON } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';

// Signed XML through the public verification API: real enveloped XMLDSig from the testkit, verified offline by
// the engine, next to PDFs and CMS in the same upload; refusals of XML the engine does not take.

const pki = createSigningPki(['gost2015', 'rsa', 'gost2004']);
const signers: Record<'gost' | 'rsa' | 'gost2004', TestSigner> = {
  gost: pki.head(COMPANIES.signer.bin, 'gost2015'),
  rsa: pki.issue({ kind: 'right_to_sign' }, 'rsa'),
  gost2004: pki.issue({ kind: 'employee' }, 'gost2004'),
};

const INVOICE = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<invoice xmlns="urn:qoltanba:esf"><number>ЭСФ-0001</number><total currency="KZT">500000</total></invoice>',
].join('\n');

const file = (filename: string, value: Uint8Array | string, contentType = 'application/xml'): Part => ({
  name: 'files',
  filename,
  value: Buffer.from(value),
  contentType,
});

const XML_CAP = 64 * 1024;

let address = 0;
const nextAddress = () => {
  address += 1;
  return `10.8.${(address >> 8) & 255}.${address & 255}`;
};

describe.each(testDatabases())('signed XML in public verification on $name', (backend) => {
  // A low XML cap, to see it refuse (signed XML here is a few KB).
  const suite = useSigningSuite(backend, { pki, env: { QOLTANBA_XML_MAX_BYTES: String(XML_CAP) } });

  async function verify(parts: readonly Part[], lang = 'en') {
    const { payload, contentType } = multipart(parts);
    return suite.server.app.inject({
      method: 'POST',
      url: `${VERIFICATION_PATHS.verify}?lang=${lang}`,
      headers: { 'content-type': contentType },
      payload,
      remoteAddress: nextAddress(),
    });
  }

  it('an XML signed by three signers: each signature over the file itself, packaging enveloped', async () => {
    const signed = signers.gost2004.signXml({
      xml: signers.rsa.signXml({ xml: signers.gost.signXml({ xml: INVOICE }) }),
    });
    const res = await verify([file('invoice.xml', signed)]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as VerificationResult;
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.files).toEqual([{ name: 'invoice.xml', kind: 'xml', sha256: expect.any(String) }]);
    expect(
      result.signatures.map((s) => [s.signatureType, s.packaging, s.signedFile, s.signatureFile]),
    ).toEqual([
      ['GOST2015', 'enveloped', 0, 0],
      ['RSA', 'enveloped', 0, 0],
      ['GOST2004', 'enveloped', 0, 0],
    ]);
    expect(result.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      signedHere: false,
      signer: { iin: PERSON.iin, bin: COMPANIES.signer.bin, role: 'first_head' },
    });
  });

  it('XML next to a PDF and its CMS in one upload; a tampered XML is HASH_FAILURE', async () => {
    const pdf = samplePdf('with an xml');
    const signed = signers.gost.signXml({ xml: INVOICE });
    const res = await verify([
      file('contract.pdf', pdf, 'application/pdf'),
      file('invoice.xml', signed.replace('500000', '900000'), 'text/xml'),
      file('contract.cms', signers.rsa.signCms({ content: pdf }), 'application/octet-stream'),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as VerificationResult;
    expect(result.files.map((f) => f.kind)).toEqual(['pdf', 'xml', 'cms']);
    expect(result.verdict).toBe('TOTAL_FAILED');
    expect(
      result.signatures.map((s) => [s.packaging, s.subIndication, s.signedFile, s.signatureFile]),
    ).toEqual([
      ['enveloped', 'HASH_FAILURE', 1, 1],
      ['detached', null, 0, 2],
    ]);
  });

  it('refuses malformed, unsigned and DTD-carrying XML with localised catalogue errors', async () => {
    const body = signers.gost.signXml({ xml: INVOICE });
    const root = body.slice(body.indexOf('<invoice'));
    const cases: Array<[string, ErrorCode]> = [
      ['<invoice><number>1</invoice>', 'XML_MALFORMED'],
      [INVOICE, 'XML_NOT_SIGNED'],
      [
        `<!DOCTYPE invoice [<!ENTITY x SYSTEM "file:///etc/passwd">]>${root.replace('ЭСФ-0001', '&x;')}`,
        'XML_DTD_REFUSED',
      ],
      [
        `<!DOCTYPE i [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${root}`,
        'XML_DTD_REFUSED',
      ],
    ];
    for (const [xml, code] of cases) {
      for (const lang of ['ru', 'kk'] as const) {
        const res = await verify([file('bad.xml', xml)], lang);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ code, message: errorMessage(code, lang) });
      }
    }
  });

  it('refuses XML over the configured cap with XML_TOO_LARGE before parsing it, and takes it at the cap', async () => {
    const signed = signers.gost.signXml({ xml: INVOICE });
    // A comment after the root pads the file without touching what is signed.
    const padTo = (size: number) => `${signed}<!--${'x'.repeat(size - Buffer.byteLength(signed) - 7)}-->`;
    for (const lang of ['kk', 'ru', 'en'] as const) {
      const res = await verify([file('big.xml', padTo(XML_CAP + 1))], lang);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({
        code: 'XML_TOO_LARGE',
        message: errorMessage('XML_TOO_LARGE', lang),
      });
    }
    const atCap = await verify([file('at-cap.xml', padTo(XML_CAP))]);
    expect(atCap.statusCode, atCap.body).toBe(200);
    expect((atCap.json() as VerificationResult).verdict).toBe('TOTAL_PASSED');
  });
});
