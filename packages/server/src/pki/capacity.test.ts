import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type SignerRole, signatureReportSchema } from '@qoltanba/core';
import { createTestPki, type SignerKind, signCms } from '@qoltanba/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, type Verifier } from './index.js';

// The capacity each person signed in, read from the NCA RK role of the certificate's EKU: every role the testkit
// issues (as NCA RK does) is reported, and a company certificate whose role may not sign for the company is flagged.

const content = new TextEncoder().encode('Бұйрық №7 / Приказ №7');
const person = { iin: '880101300123', surname: 'ТЕСТОВ', givenName: 'ТЕСТ' };
const company = { bin: '990340000123', organisation: 'ТОО «QOLTANBA TEST»' };
const pki = createTestPki({ seed: 'capacity' });
let dir: string;
let verifier: Verifier;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pki-capacity-'));
  pki.ca('ecdsa');
  await pki.writeTrustDir(dir);
  verifier = await createVerifier({ trustDir: dir, offline: true, acceptTestIdentities: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function reportOf(kind: SignerKind) {
  const holder = kind === 'individual' ? person : { ...person, ...company };
  const signer = pki.issue({ ...holder, algorithm: 'ecdsa', kind, usage: 'sign' });
  const { report } = await verifier.verifyCms({ cms: signCms({ signer, content }), content });
  const [signature] = report.signatures;
  if (!signature) throw new Error('no signature reported');
  // The field is part of the public report's contract.
  return signatureReportSchema.parse(signature);
}

describe('the capacity a certificate signed in', () => {
  it.each<[SignerKind, SignerRole, boolean]>([
    ['first_head', 'first_head', true],
    ['right_to_sign', 'right_to_sign', true],
    ['financial', 'financial', false],
    ['hr', 'hr', false],
    ['employee', 'employee', false],
  ])('reports a %s certificate as %s, signing for the company (may: %s)', async (kind, role, may) => {
    const report = await reportOf(kind);
    expect(report.indication).toBe('TOTAL_PASSED');
    expect(report.signer).toMatchObject({ role, bin: company.bin });
    expect(report.signer.roles).toEqual([role, 'legal_entity']);
    expect(report.capacity).toEqual({ role, forCompany: true, maySignForCompany: may });
  });

  it('reports an individual signing on their own behalf, never flagged', async () => {
    const report = await reportOf('individual');
    expect(report.signer).toMatchObject({ role: 'individual', bin: null, iin: person.iin });
    expect(report.capacity).toEqual({ role: 'individual', forCompany: false, maySignForCompany: null });
  });

  it('flags without failing: the signature itself stays valid, the capacity says what it is worth', async () => {
    const report = await reportOf('hr');
    expect(report).toMatchObject({ indication: 'TOTAL_PASSED', subIndication: null });
    expect(report.capacity?.maySignForCompany).toBe(false);
  });
});
