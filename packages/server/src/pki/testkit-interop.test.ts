import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SignatureType } from '@qoltanba/core';
import { createTestPki, type KeyAlgorithm, signCms, startOcspResponder } from '@qoltanba/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier } from './index.js';

// The engine against the testkit's KZ-format PKI, all four key families (GOST-2004 has no NCA TEST key, so this is
// where a GOST-2004 CMS is verified), and revocation through a live local OCSP responder.

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function trustDirOf(pki: ReturnType<typeof createTestPki>, { withCrls }: { withCrls: boolean }) {
  const dir = await mkdtemp(join(tmpdir(), 'pki-interop-'));
  scratch.push(dir);
  await pki.writeTrustDir(dir);
  if (!withCrls) {
    for (const name of await readdir(dir)) if (name.endsWith('.crl')) await rm(join(dir, name));
  }
  return dir;
}

const holder = {
  iin: '880101300123',
  bin: '990340005977',
  surname: 'ТЕСТОВ',
  givenName: 'ТЕСТ',
  patronymic: 'ТЕСТОВИЧ',
  organisation: 'ТОО "Береке Строй"',
};
const content = new TextEncoder().encode('Договор поставки №7');

describe('the engine verifies what the testkit signs, offline against its CRLs', () => {
  const pki = createTestPki({ seed: 'engine-interop' });
  let trustDir: string;
  beforeAll(async () => {
    // Issue first so every family's CA exists before the trust folder is written.
    for (const algorithm of ['rsa', 'ecdsa', 'gost2015', 'gost2004'] as const)
      pki.issue({ ...holder, algorithm, kind: 'first_head', usage: 'sign' });
    trustDir = await trustDirOf(pki, { withCrls: true });
  });

  const families: ReadonlyArray<[KeyAlgorithm, SignatureType]> = [
    ['rsa', 'RSA'],
    ['ecdsa', 'ECDSA'],
    ['gost2015', 'GOST2015'],
    ['gost2004', 'GOST2004'],
  ];
  it.each(families)('%s: TOTAL_PASSED with the signer read from the certificate', async (algorithm, type) => {
    const signer = pki.issue({ ...holder, algorithm, kind: 'first_head', usage: 'sign' });
    const verifier = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
    const { report } = await verifier.verifyCms({ cms: signCms({ signer, content }), content });
    expect(report.verdict).toBe('TOTAL_PASSED');
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      subIndication: null,
      signatureType: type,
      packaging: 'detached',
      signer: { iin: holder.iin, bin: holder.bin, organisation: holder.organisation, role: 'first_head' },
      revocation: { status: 'good', source: 'crl' },
    });
  });

  it.each(families)('%s: other content is HASH_FAILURE, a revoked key REVOKED', async (algorithm) => {
    const signer = pki.issue({ ...holder, algorithm, kind: 'right_to_sign', usage: 'sign' });
    const cms = signCms({ signer, content });
    const other = new TextEncoder().encode('Договор поставки №8');
    const verifier = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
    const wrong = await verifier.verifyCms({ cms, content: other });
    expect(wrong.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'HASH_FAILURE',
    });

    pki.revoke(signer);
    const revokedDir = await trustDirOf(pki, { withCrls: true });
    const fresh = await createVerifier({ trustDir: revokedDir, offline: true, acceptTestIdentities: true });
    const revoked = await fresh.verifyCms({ cms, content });
    expect(revoked.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'REVOKED',
      revocation: { status: 'revoked', source: 'crl' },
    });
  });

  it('says a certificate whose BIN fails its check digit is malformed, not a bare constraints failure', async () => {
    const signer = pki.issue({
      ...holder,
      bin: '123456789011',
      organisation: 'ТОО «Тест»',
      algorithm: 'gost2015',
      kind: 'first_head',
      usage: 'sign',
    });
    const verifier = await createVerifier({ trustDir, offline: true, acceptTestIdentities: false });
    const { report } = await verifier.verifyCms({ cms: signCms({ signer, content }), content });
    expect(report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIGNER_IDENTITY_MALFORMED',
      signer: { bin: '123456789011', role: 'first_head' },
    });
  });

  it('refuses an authentication certificate as a signing one', async () => {
    const signer = pki.issue({ ...holder, algorithm: 'gost2015', kind: 'first_head', usage: 'auth' });
    const verifier = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
    const { report } = await verifier.verifyCms({ cms: signCms({ signer, content }), content });
    expect(report.verdict).not.toBe('TOTAL_PASSED');
    expect(report.signatures[0]?.subIndication).toBe('SIG_CONSTRAINTS_FAILURE');
  });
});

describe('revocation through the local OCSP responder', () => {
  const pki = createTestPki({ seed: 'engine-interop-ocsp' });
  let responder: Awaited<ReturnType<typeof startOcspResponder>>;
  beforeAll(async () => {
    responder = await startOcspResponder({ pki });
  });
  afterAll(async () => {
    await responder.close();
  });

  it('good while valid, REVOKED once the CA revokes it; the answer names OCSP as the source', async () => {
    const signer = pki.issue({
      ...holder,
      algorithm: 'gost2015',
      kind: 'first_head',
      usage: 'sign',
      ocspUrl: responder.url,
      withCrl: false,
    });
    // No CRL in the trust folder and none in the certificate: only the responder can answer.
    const trustDir = await trustDirOf(pki, { withCrls: false });
    const cms = signCms({ signer, content });

    const before = await createVerifier({ trustDir, offline: false, acceptTestIdentities: true });
    expect((await before.verifyCms({ cms, content })).report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      revocation: { status: 'good', source: 'ocsp' },
    });

    pki.revoke(signer);
    const after = await createVerifier({ trustDir, offline: false, acceptTestIdentities: true });
    expect((await after.verifyCms({ cms, content })).report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'REVOKED',
      revocation: { status: 'revoked', source: 'ocsp' },
    });

    // Offline, nothing can tell: not a pass.
    const offline = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
    expect((await offline.verifyCms({ cms, content })).report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'TRY_LATER',
    });
  });
});
