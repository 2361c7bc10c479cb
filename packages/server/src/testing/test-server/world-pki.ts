import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createTestPki,
  type SignerKind,
  type TestPki,
  type TestSigner,
  timestampToken,
} from '@qoltanba/testkit';
import { createVerifier, type Verifier } from '../../pki/index.js';

/** Who a certificate is issued to: a person, and the company they sign for (none: as an individual). */
export interface CertificateHolder {
  iin: string;
  surname: string;
  givenName: string;
  company?: { bin: string; nameRu: string };
  /** The role in the company (first head by default); an individual's certificate when there is no company. */
  kind?: Exclude<SignerKind, 'individual'>;
}

/** The test server's PKI: ECDSA CAs issued at the server's start, trusted by its verification engine. */
export interface WorldPki {
  readonly pki: TestPki;
  /** The signing certificate of `holder` (memoised per person, company and role). */
  certificate(holder: CertificateHolder): TestSigner;
  /** A certificate of `revokedHolder` the CA revoked a minute before the server started (in the trust folder's CRL). */
  readonly revoked: TestSigner;
  /** The verification engine over the PKI's trust folder, on the server's clock. */
  readonly verifier: Verifier;
  /** Removes the trust folder. */
  close(): Promise<void>;
}

/** Creates the PKI and the real verification engine trusting it (offline: CRLs from the trust folder). */
export async function createWorldPki(now: () => Date, revokedHolder: CertificateHolder): Promise<WorldPki> {
  const issuedAt = now();
  const pki = createTestPki({ seed: `qoltanba-test-server:${issuedAt.toISOString()}`, now: () => issuedAt });
  pki.ca('ecdsa');
  const issued = new Map<string, TestSigner>();
  const issue = (holder: CertificateHolder): TestSigner =>
    pki.issue({
      iin: holder.iin,
      surname: holder.surname,
      givenName: holder.givenName,
      ...(holder.company
        ? { bin: holder.company.bin, organisation: holder.company.nameRu, kind: holder.kind ?? 'first_head' }
        : { kind: 'individual' as const }),
      usage: 'sign',
      algorithm: 'ecdsa',
    });
  const keyOf = (holder: CertificateHolder) =>
    `${holder.iin}:${holder.company?.bin ?? ''}:${holder.kind ?? ''}`;
  // Revoked before the trust folder (with its CRL) is written.
  const revoked = issue(revokedHolder);
  pki.revoke(revoked, new Date(issuedAt.getTime() - 60_000));
  const trustDir = await mkdtemp(join(tmpdir(), 'qoltanba-test-trust-'));
  await pki.writeTrustDir(trustDir);
  // The testkit's TSA in-process on the server's clock: signatures made here are kept as CAdES-T with evidence.
  const tsa = pki.issueTsa('ecdsa', { notAfter: new Date(issuedAt.getTime() + 5 * 365 * 86_400_000) });
  const engine = await createVerifier({
    trustDir,
    offline: true,
    now,
    timestamping: { stamp: async (data) => timestampToken({ tsa, data, time: now() }) },
  });
  return {
    pki,
    certificate(holder) {
      let signer = issued.get(keyOf(holder));
      if (!signer) {
        signer = issue(holder);
        issued.set(keyOf(holder), signer);
      }
      return signer;
    },
    revoked,
    verifier: engine,
    close: () => rm(trustDir, { recursive: true, force: true }),
  };
}
