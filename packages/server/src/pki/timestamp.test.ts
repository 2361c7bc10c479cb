import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addSignatureTimestamps, createTestPki, signCms } from '@qoltanba/testkit';
import * as pkijs from 'pkijs';
import { afterAll, describe, expect, it } from 'vitest';
import { createVerifier } from './index.js';

// CAdES-T: a signatureTimeStampToken (RFC 3161) over the signature value, verified and used as the best signature
// time. Signed with the testkit; its TSA is what `npm start` and the tests stamp with.

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

const holder = { iin: '880101300123', surname: 'ТЕСТОВ', givenName: 'ТЕСТ' };
const content = new TextEncoder().encode('Договор поставки №8');
const HOUR = 3_600_000;
// The testkit issues certificates valid from an hour ago: every time below lies after that.
const MINUTE = 60_000;

async function setUp() {
  const pki = createTestPki({ seed: 'cades-t' });
  const signer = pki.issue({ ...holder, algorithm: 'ecdsa', kind: 'individual', usage: 'sign' });
  const tsa = pki.issueTsa('ecdsa');
  const verifier = async () => {
    const trustDir = await mkdtemp(join(tmpdir(), 'pki-tsa-'));
    scratch.push(trustDir);
    await pki.writeTrustDir(trustDir);
    return createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
  };
  return { pki, signer, tsa, verifier };
}

/** Moves the unsigned attributes of `from`'s signer onto `to`'s (a token stamped over another signature). */
function transplantTimestamp(from: Uint8Array, to: Uint8Array): Uint8Array {
  const read = (der: Uint8Array) => new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(der).content });
  const target = read(to);
  const [info] = target.signerInfos;
  if (info) info.unsignedAttrs = read(from).signerInfos[0]?.unsignedAttrs;
  const out = new pkijs.ContentInfo({ contentType: '1.2.840.113549.1.7.2', content: target.toSchema(true) });
  return new Uint8Array(out.toSchema().toBER());
}

describe('a CMS with a signature timestamp', () => {
  it('reports the verified timestamp, its time and its TSA', async () => {
    const { signer, tsa, verifier } = await setUp();
    const time = new Date(Date.now() - 20 * MINUTE);
    const cms = addSignatureTimestamps(signCms({ signer, content }), { tsa, time });
    const { report } = await (await verifier()).verifyCms({ cms, content });
    expect(report.verdict).toBe('TOTAL_PASSED');
    expect(report.signatures[0]?.timestamp).toEqual({
      time: time.toISOString(),
      tsa: expect.stringContaining('TSA'),
      indication: 'TOTAL_PASSED',
      subIndication: null,
    });
  });

  it('leaves the timestamp out of the report of a signature without one', async () => {
    const { signer, verifier } = await setUp();
    const { report } = await (await verifier()).verifyCms({ cms: signCms({ signer, content }), content });
    expect(report.signatures[0]).not.toHaveProperty('timestamp');
  });

  it('fails a token stamped over another signature (HASH_FAILURE) and does not take its time', async () => {
    const { signer, tsa, verifier } = await setUp();
    const other = addSignatureTimestamps(signCms({ signer, content }), { tsa });
    const cms = transplantTimestamp(other, signCms({ signer, content }));
    const { report } = await (await verifier()).verifyCms({ cms, content });
    expect(report.signatures[0]?.timestamp).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'HASH_FAILURE',
    });
  });

  it('refuses a token whose signer is not a time-stamping unit', async () => {
    const { pki, signer, verifier } = await setUp();
    const notTsa = pki.issue({ ...holder, algorithm: 'ecdsa', kind: 'individual', usage: 'sign' });
    const cms = addSignatureTimestamps(signCms({ signer, content }), { tsa: notTsa });
    const { report } = await (await verifier()).verifyCms({ cms, content });
    expect(report.signatures[0]?.timestamp).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIG_CONSTRAINTS_FAILURE',
    });
  });

  it('keeps a signature valid when its certificate was revoked after the timestamp, not before', async () => {
    const { pki, signer, tsa, verifier } = await setUp();
    const stamped = new Date(Date.now() - 30 * MINUTE);
    const cms = addSignatureTimestamps(signCms({ signer, content, signingTime: stamped }), {
      tsa,
      time: stamped,
    });
    pki.revoke(signer, new Date(Date.now() - 10 * MINUTE));
    const after = await (await verifier()).verifyCms({ cms, content });
    expect(after.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      revocation: { status: 'revoked' },
      timestamp: { indication: 'TOTAL_PASSED' },
    });

    const late = addSignatureTimestamps(signCms({ signer, content }), { tsa, time: new Date() });
    const before = await (await verifier()).verifyCms({ cms: late, content });
    expect(before.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'REVOKED',
    });
  });

  it('checks the certificate validity at the timestamp, not at the claimed signing time', async () => {
    const { signer, tsa, verifier } = await setUp();
    // The claimed signingTime lies after the certificate's end; the TSA proves the signature existed earlier.
    const cms = addSignatureTimestamps(
      signCms({ signer, content, signingTime: new Date(Date.now() + 400 * 24 * HOUR) }),
      { tsa, time: new Date(Date.now() - 20 * MINUTE) },
    );
    const { report } = await (await verifier()).verifyCms({ cms, content });
    expect(report.signatures[0]?.indication).toBe('TOTAL_PASSED');
    const unstamped = signCms({ signer, content, signingTime: new Date(Date.now() + 400 * 24 * HOUR) });
    const { report: claimed } = await (await verifier()).verifyCms({ cms: unstamped, content });
    expect(claimed.signatures[0]?.subIndication).toBe('EXPIRED');
  });
});
