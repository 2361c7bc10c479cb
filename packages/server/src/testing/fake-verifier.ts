import { createHash } from 'node:crypto';
import type { SignatureReport, SignerRole } from '@qoltanba/core';
import type { CmsVerifier } from '../signature-verifier.js';

/**
 * A stand-in "CMS" for the signing flow tests: JSON naming the certificate's identity and the SHA-256 of the
 * bytes it signs (or the bytes themselves, for an attached one). {@link fakeVerifier} checks the digest like the
 * engine checks the messageDigest attribute, so the flows' rules are tested without building real CMS; the
 * engine's own tests and the testkit suites cover the cryptography.
 */
export interface FakeCms {
  iin: string | null;
  bin: string | null;
  roles?: SignerRole[];
  /** Hex SHA-256 of the signed bytes (detached). */
  sha256?: string;
  /** The signed bytes, base64 (attached). */
  content?: string;
  revoked?: boolean;
  untrusted?: boolean;
}

/** The base64 of a fake CMS over `bytes` (detached unless `attached`). */
export function fakeCms(
  bytes: Uint8Array,
  signer: Omit<FakeCms, 'sha256' | 'content'>,
  attached = false,
): string {
  const body: FakeCms = attached
    ? { ...signer, content: Buffer.from(bytes).toString('base64') }
    : { ...signer, sha256: createHash('sha256').update(bytes).digest('hex') };
  return Buffer.from(JSON.stringify(body)).toString('base64');
}

/** A verifier of {@link FakeCms} answering reports shaped like the engine's; anything else is FORMAT_FAILURE. */
export const fakeVerifier: CmsVerifier = {
  async verifyCms({ cms, content }) {
    let parsed: FakeCms;
    try {
      parsed = JSON.parse(Buffer.from(cms).toString('utf8')) as FakeCms;
    } catch {
      const report = reportOf({ iin: null, bin: null }, 'TOTAL_FAILED', 'FORMAT_FAILURE');
      return { report: { verdict: 'TOTAL_FAILED', signatures: [report] }, signers: [], content: null };
    }
    const attached = parsed.content ? new Uint8Array(Buffer.from(parsed.content, 'base64')) : null;
    const signed = attached ?? content;
    const digest = signed ? createHash('sha256').update(signed).digest('hex') : undefined;
    const expected = parsed.sha256 ?? (attached ? digest : undefined);
    const report = parsed.revoked
      ? reportOf(parsed, 'TOTAL_FAILED', 'REVOKED')
      : parsed.untrusted
        ? reportOf(parsed, 'INDETERMINATE', 'NO_CERTIFICATE_CHAIN_FOUND')
        : !digest
          ? reportOf(parsed, 'INDETERMINATE', 'SIGNED_DATA_NOT_FOUND')
          : digest !== expected
            ? reportOf(parsed, 'TOTAL_FAILED', 'HASH_FAILURE')
            : reportOf(parsed, 'TOTAL_PASSED', null);
    return {
      report: { verdict: report.indication, signatures: [report] },
      signers: [{ report, certificateDer: new Uint8Array([0x30, 0x00]) }],
      content: signed ?? null,
    };
  },
};

function reportOf(
  cms: Pick<FakeCms, 'iin' | 'bin' | 'roles'>,
  indication: SignatureReport['indication'],
  subIndication: SignatureReport['subIndication'],
): SignatureReport {
  const roles = cms.roles ?? [cms.bin ? 'legal_entity' : 'individual'];
  return {
    indication,
    subIndication,
    signer: {
      iin: cms.iin,
      bin: cms.bin,
      fullName: 'ТЕСТОВ ТЕСТ',
      surname: 'ТЕСТОВ',
      givenName: 'ТЕСТ',
      patronymic: null,
      organisation: cms.bin ? 'ТОО «Тест»' : null,
      email: null,
      role: roles[roles.length - 1] ?? null,
      roles,
    },
    certificate: {
      serial: '0a1b2c',
      notBefore: '2026-01-01T00:00:00.000Z',
      notAfter: '2027-01-01T00:00:00.000Z',
      issuer: 'CN=TEST CA',
      subject: `SERIALNUMBER=IIN${cms.iin ?? ''}`,
    },
    signingTime: null,
    signatureType: 'RSA',
    packaging: 'detached',
    revocation: {
      status: indication === 'TOTAL_FAILED' && subIndication === 'REVOKED' ? 'revoked' : 'good',
      source: null,
      revokedAt: null,
      checkedAt: null,
    },
  };
}
