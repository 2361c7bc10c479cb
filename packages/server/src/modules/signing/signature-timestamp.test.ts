import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@qoltanba/core';
import { timestampToken } from '@qoltanba/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCms } from '../../pki/cms/parse.js';
import { createVerifier, type TimestampAuthority } from '../../pki/index.js';
import { TEST_CLOCK_START } from '../../testing/accounts.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { secureSignatureOver } from './signature-check.js';

// What signing keeps: the signature made long-term by the engine with the configured TSA, or a refusal with a
// catalogue code when the TSA does not answer (nothing is kept unstamped).

const pki = createSigningPki();
const content = new TextEncoder().encode('Акт выполненных работ №3');
const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function engine(timestamping: TimestampAuthority) {
  const trustDir = await mkdtemp(join(tmpdir(), 'qoltanba-sign-tsa-'));
  scratch.push(trustDir);
  await pki.writeTrustDir(trustDir);
  return createVerifier({ trustDir, offline: true, now: () => TEST_CLOCK_START, timestamping });
}

describe('a signature accepted for keeping', () => {
  it('is the CMS with a timestamp and its validation data, the signed part unchanged', async () => {
    const { tsa } = pki;
    const verifier = await engine({
      stamp: async (data) => timestampToken({ tsa, data, time: TEST_CLOCK_START }),
    });
    const cms = pki.issue().signCms({ content });
    const kept = await secureSignatureOver(verifier, cms, content, 'detached');
    expect(kept.report.timestamp?.indication).toBe('TOTAL_PASSED');
    const types = parseCms(kept.cms).signers[0]?.unsignedAttrs.map((a) => a.type);
    expect(types).toEqual([
      '1.2.840.113549.1.9.16.2.14', // signatureTimeStampToken
      '1.2.840.113549.1.9.16.2.23', // certValues
      '1.2.840.113549.1.9.16.2.24', // revocationValues
    ]);
    expect(Buffer.from(parseCms(kept.cms).signers[0]?.signedAttrsDer ?? [])).toEqual(
      Buffer.from(parseCms(cms).signers[0]?.signedAttrsDer ?? []),
    );
  });

  it('is refused with TIMESTAMP_UNAVAILABLE (503) when the TSA does not answer', async () => {
    const verifier = await engine({
      stamp: async () => {
        throw new TypeError('fetch failed: connect ECONNREFUSED 127.0.0.1:9');
      },
    });
    const cms = pki.issue().signCms({ content });
    const refusal = await secureSignatureOver(verifier, cms, content, 'detached').catch(
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'TIMESTAMP_UNAVAILABLE', status: 503 });
  });

  it('is refused for a revoked certificate before any TSA is asked', async () => {
    let asked = 0;
    const verifier = await engine({
      stamp: async () => {
        asked += 1;
        throw new Error('not to be asked');
      },
    });
    const cms = pki.revoked.signCms({ content });
    await expect(secureSignatureOver(verifier, cms, content, 'detached')).rejects.toMatchObject({
      code: 'CERTIFICATE_REVOKED',
    });
    expect(asked).toBe(0);
  });
});
