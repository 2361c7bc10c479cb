import { createHash } from 'node:crypto';
import { addSignatureTimestamps } from '@qoltanba/testkit';
import { describe, expect, it } from 'vitest';
import { TEST_CLOCK_START } from '../../testing/accounts.js';
import { PERSON } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import {
  attached,
  detached,
  file,
  pdf,
  pki,
  SIGNER_COMPANY,
  signers,
  useVerificationSuite,
} from '../../testing/verification-suite.js';

// Uploaded CMS: attached alone, detached beside its original, over another file or by a revoked signer, saved as
// base64 or PEM, with a signature timestamp (CAdES-T).
describe.each(testDatabases())('public verification of CMS on $name', (backend) => {
  const { passed } = useVerificationSuite(backend);

  it('an attached CMS alone: its own content, the signer from the certificate', async () => {
    const result = await passed([file('contract.cms', attached(signers.gost, pdf('attached alone')))]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.files).toEqual([{ name: 'contract.cms', kind: 'cms', sha256: expect.any(String) }]);
    expect(result.document).toBeNull();
    expect(result.signatures).toHaveLength(1);
    expect(result.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      subIndication: null,
      packaging: 'attached',
      signatureType: 'GOST2015',
      signer: {
        iin: PERSON.iin,
        bin: SIGNER_COMPANY.bin,
        organisation: SIGNER_COMPANY.organisation,
        role: 'first_head',
      },
      certificate: {
        serial: expect.any(String),
        notBefore: expect.any(String),
        notAfter: expect.any(String),
      },
      signatureFile: 0,
      signedFile: null,
      signedHere: false,
      ip: null,
    });
  });

  it('a detached CMS with its original, in either order, and several CMS for one original', async () => {
    const original = pdf('detached with original');
    const one = await passed([file('a.pdf', original), file('a.pdf.cms', detached(signers.gost, original))]);
    expect(one.verdict).toBe('TOTAL_PASSED');
    expect(one.signatures[0]).toMatchObject({ packaging: 'detached', signedFile: 0, signatureFile: 1 });
    // Hashed while it was read: the SHA-256 of exactly the bytes sent.
    expect(one.files[0]?.sha256).toBe(createHash('sha256').update(original).digest('hex'));

    const several = await passed([
      file('gost.cms', detached(signers.gost, original)),
      file('rsa.cms', detached(signers.rsa, original)),
      file('a.pdf', original),
    ]);
    expect(several.verdict).toBe('TOTAL_PASSED');
    expect(several.signatures.map((s) => [s.signatureType, s.signatureFile, s.signedFile])).toEqual([
      ['GOST2015', 0, 2],
      ['RSA', 1, 2],
    ]);
    expect(several.files.map((f) => f.kind)).toEqual(['cms', 'cms', 'pdf']);
  });

  it('a CMS over a different file fails with HASH_FAILURE; a revoked signer with REVOKED', async () => {
    const mismatch = await passed([
      file('other.pdf', pdf('the file at hand')),
      file('x.cms', detached(signers.gost, pdf('another file'))),
    ]);
    expect(mismatch.verdict).toBe('TOTAL_FAILED');
    expect(mismatch.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'HASH_FAILURE',
    });

    const original = pdf('revoked signer');
    const revoked = await passed([
      file('r.pdf', original),
      file('r.cms', detached(signers.revoked, original)),
    ]);
    expect(revoked.verdict).toBe('TOTAL_FAILED');
    expect(revoked.signatures[0]).toMatchObject({
      subIndication: 'REVOKED',
      revocation: { status: 'revoked' },
    });

    // One bad signature makes the verdict, whatever the others say.
    const mixed = await passed([
      file('m.pdf', original),
      file('good.cms', detached(signers.gost, original)),
      file('bad.cms', detached(signers.revoked, original)),
    ]);
    expect(mixed.signatures.map((s) => s.indication)).toEqual(['TOTAL_PASSED', 'TOTAL_FAILED']);
    expect(mixed.verdict).toBe('TOTAL_FAILED');
  });

  it('a CMS saved as base64 or PEM text is read like DER', async () => {
    const original = pdf('base64 cms');
    const base64 = Buffer.from(detached(signers.gost, original)).toString('base64');
    const pem = `-----BEGIN CMS-----\n${base64.replace(/.{64}/g, '$&\n')}\n-----END CMS-----\n`;
    for (const text of [base64, pem]) {
      const result = await passed([file('a.pdf', original), file('a.cms', Buffer.from(text))]);
      expect(result.verdict).toBe('TOTAL_PASSED');
    }
  });

  it('a CMS with a signature timestamp (CAdES-T): the verified timestamp is reported with its TSA', async () => {
    const time = new Date(TEST_CLOCK_START.getTime() + 60_000);
    const cms = addSignatureTimestamps(attached(signers.gost, pdf('stamped')), { tsa: pki.tsa, time });
    const result = await passed([file('stamped.cms', cms)]);
    expect(result.verdict).toBe('TOTAL_PASSED');
    expect(result.signatures[0]?.timestamp).toEqual({
      time: time.toISOString(),
      tsa: expect.stringContaining('TSA'),
      indication: 'TOTAL_PASSED',
      subIndication: null,
    });
  });
});
