import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  answerOcspRequest,
  createTestPki,
  signCms,
  type TestSigner,
  timestampToken,
  toPem,
} from '@qoltanba/testkit';
import { describe, expect, it } from 'vitest';
import { parseCertificate } from './chain/certificate.js';
import { parseCms } from './cms/parse.js';
import { signatureTimestamp } from './cms/timestamp-token.js';
import { createVerifier, type PkiConfig, type TimestampAuthority } from './index.js';
import { TimestampUnavailableError } from './long-term/timestamp-authority.js';
import { readValidationData } from './long-term/validation-data.js';
import { crlIssuedBy, crlRevocationDate, parseCrl } from './revocation/crl.js';
import { scratchDirs } from './test-support/scratch-dirs.js';

// Long-term validation: a signature made here is stamped by a TSA and kept with the OCSP answers and CRLs it was
// checked with (CAdES-T + certValues + revocationValues); years later, its certificate expired, the responder gone
// and the network off, it verifies as it did at signing.

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const OCSP_URL = 'http://ocsp.test/';
const content = new TextEncoder().encode('Еңбек шарты №12 / Трудовой договор №12');
const holder = { iin: '880101300123', surname: 'ТЕСТОВ', givenName: 'ТЕСТ' };

const tempDir = scratchDirs('pki-ltv-');

/** A PKI whose signer certificate (a year) points to an in-process OCSP responder; a TSA valid for nine years. */
function setUp(seed: string) {
  const pki = createTestPki({ seed, ocspUrl: OCSP_URL });
  const signer = pki.issue({
    ...holder,
    algorithm: 'ecdsa',
    kind: 'individual',
    usage: 'sign',
    withCrl: false,
  });
  const tsa = pki.issueTsa('ecdsa', { notAfter: new Date(Date.now() + 9 * YEAR) });
  let network = true;
  const asked: string[] = [];
  const fetchOcsp: typeof fetch = async (input, init) => {
    asked.push(String(input));
    if (!network) throw new TypeError('fetch failed: network is off');
    if (String(input) !== OCSP_URL) return new Response(null, { status: 404 });
    const body = new Uint8Array(await new Response(init?.body).arrayBuffer());
    return new Response(answerOcspRequest(body, { pki }), {
      headers: { 'content-type': 'application/ocsp-response' },
    });
  };
  const stampingWith = (unit: TestSigner, time?: Date): TimestampAuthority => ({
    stamp: async (data) => timestampToken({ tsa: unit, data, ...(time ? { time } : {}) }),
  });
  /** A verifier on the real clock (`now` null: signing now), or pinned to a later `now`. */
  const verifierAt = async (now: Date | null, extra: Partial<PkiConfig> = {}) => {
    const trustDir = await tempDir();
    await pki.writeTrustDir(trustDir);
    return createVerifier({
      trustDir,
      offline: false,
      fetch: fetchOcsp,
      ...(now ? { now: () => now } : {}),
      acceptTestIdentities: true,
      ...extra,
    });
  };
  return {
    pki,
    signer,
    tsa,
    asked,
    stampingWith,
    verifierAt,
    networkOff: () => {
      network = false;
    },
  };
}

const later = () => new Date(Date.now() + 3 * YEAR);

describe('a signature secured at signing (CAdES-T with validation data)', () => {
  it('carries a timestamp over its signature value, the paths and the OCSP answer it was checked with', async () => {
    const { pki, signer, tsa, stampingWith, verifierAt } = setUp('ltv-carry');
    const cms = signCms({ signer, content });
    const signing = await verifierAt(null, { timestamping: stampingWith(tsa) });
    const secured = await signing.secureCms({ cms, content });

    expect(secured.verification.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      timestamp: { indication: 'TOTAL_PASSED' },
      revocation: { status: 'good', source: 'ocsp' },
    });
    const [info] = parseCms(secured.cms).signers;
    if (!info) throw new Error('no SignerInfo');
    // The signed part is untouched: the same signature value, the token stamps it.
    expect(Buffer.from(info.signature)).toEqual(Buffer.from(parseCms(cms).signers[0]?.signature ?? []));
    expect(signatureTimestamp(info)).not.toBeNull();
    const kept = readValidationData(info.unsignedAttrs);
    expect(kept?.ocsp).toHaveLength(1);
    // The signer's and the TSA's paths (the issuing CA they share once).
    const certificates = (kept?.certificates ?? []).map((der) => Buffer.from(der).toString('hex'));
    for (const der of [signer.certificateDer, tsa.certificateDer, pki.ca('ecdsa').issuingCertificateDer]) {
      expect(certificates).toContain(Buffer.from(der).toString('hex'));
    }
    expect(new Set(certificates).size).toBe(certificates.length);
    // The TSA names no responder: the trust folder's CRL it was checked with is kept; and the root's CRL the
    // issuing CA was checked with, so the whole path verifies offline.
    expect(kept?.crls).toHaveLength(2);
    const ca = pki.ca('ecdsa');
    const root = parseCertificate(ca.rootCertificateDer);
    const issuing = parseCertificate(ca.issuingCertificateDer);
    const rootCrls = (kept?.crls ?? []).map(parseCrl).filter((crl) => crlIssuedBy(crl, root));
    expect(rootCrls).toHaveLength(1);
    expect(rootCrls[0] && crlRevocationDate(rootCrls[0], issuing.serialHex)).toBeNull();
  });

  it('verifies years later, past its certificate expiry, with the network off, as it did at signing', async () => {
    const { signer, tsa, stampingWith, verifierAt, networkOff, asked } = setUp('ltv-later');
    const cms = signCms({ signer, content });
    const signing = await verifierAt(null, { timestamping: stampingWith(tsa) });
    const secured = await signing.secureCms({ cms, content });
    networkOff();
    asked.length = 0;

    const years = await verifierAt(later(), { offline: true });
    const { report } = await years.verifyCms({ cms: secured.cms, content });
    expect(report.verdict).toBe('TOTAL_PASSED');
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      revocation: { status: 'good', source: 'ocsp' },
      timestamp: { indication: 'TOTAL_PASSED' },
    });
    // Online too, with the responder gone: the kept answer is used, nothing is asked.
    const online = await verifierAt(later());
    expect((await online.verifyCms({ cms: secured.cms, content })).report.verdict).toBe('TOTAL_PASSED');
    expect(asked).toEqual([]);
  });

  it('leaves a signature without kept evidence open years later (no proof of its status then)', async () => {
    const { signer, tsa, verifierAt, networkOff, stampingWith } = setUp('ltv-without');
    const bes = signCms({ signer, content });
    networkOff();
    const years = await verifierAt(later(), { offline: true });
    const plain = await years.verifyCms({ cms: bes, content });
    expect(plain.report.signatures[0]?.subIndication).toBe('OUT_OF_BOUNDS_NO_POE');

    // Stamped but with no OCSP answer or CRL kept: proof of existence, no proof of status.
    const stamper = await verifierAt(null, { offline: true });
    const token = await stampingWith(tsa).stamp(parseCms(bes).signers[0]?.signature ?? new Uint8Array());
    const { withUnsignedAttributes, timestampAttribute } = await import('./long-term/unsigned-attributes.js');
    const stamped = withUnsignedAttributes(bes, [[timestampAttribute(token)]], new Set());
    expect(
      (await stamper.verifyCms({ cms: stamped, content })).report.signatures[0]?.timestamp?.indication,
    ).toBe('TOTAL_PASSED');
    const { report } = await years.verifyCms({ cms: stamped, content });
    expect(report.signatures[0]).toMatchObject({ indication: 'INDETERMINATE' });
  });

  it('stays valid when the certificate was revoked after the timestamp', async () => {
    const { pki, signer, tsa, stampingWith, verifierAt, networkOff } = setUp('ltv-revoked-after');
    // Stamped ten minutes ago; the OCSP answer kept is from now (after the stamp, which proves as much).
    const stampedAt = new Date(Date.now() - 10 * 60_000);
    const signing = await verifierAt(null, { timestamping: stampingWith(tsa, stampedAt) });
    const secured = await signing.secureCms({
      cms: signCms({ signer, content, signingTime: stampedAt }),
      content,
    });
    pki.revoke(signer, new Date(Date.now() - 5 * 60_000));
    networkOff();
    const { report } = await (await verifierAt(later(), { offline: true })).verifyCms({
      cms: secured.cms,
      content,
    });
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      revocation: { status: 'revoked' },
      timestamp: { indication: 'TOTAL_PASSED' },
    });
    // Revoked before the stamp: refused, kept evidence or not.
    pki.revoke(signer, new Date(stampedAt.getTime() - 60_000));
    const before = await (await verifierAt(later(), { offline: true })).verifyCms({
      cms: secured.cms,
      content,
    });
    expect(before.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'REVOKED',
    });
  });

  it('stays valid years later, network off, when the issuing CA was revoked after the timestamp', async () => {
    const { pki, signer, tsa, stampingWith, verifierAt, networkOff } = setUp('ltv-ca-revoked-after');
    const stampedAt = new Date(Date.now() - 10 * 60_000);
    const signing = await verifierAt(null, { timestamping: stampingWith(tsa, stampedAt) });
    const secured = await signing.secureCms({
      cms: signCms({ signer, content, signingTime: stampedAt }),
      content,
    });
    expect(secured.verification.report.verdict).toBe('TOTAL_PASSED');
    pki.revokeIssuingCa('ecdsa', new Date(Date.now() - 5 * 60_000));
    networkOff();
    // The trust folder now carries the root's CRL that lists the issuing CA.
    const years = await verifierAt(later(), { offline: true });
    const { report } = await years.verifyCms({ cms: secured.cms, content });
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      revocation: { status: 'good', source: 'ocsp' },
      timestamp: { indication: 'TOTAL_PASSED' },
    });
    // The same signature without its timestamp has no proof it came before the CA's revocation.
    const now = await verifierAt(null, { offline: true });
    const bes = await now.verifyCms({ cms: signCms({ signer, content }), content });
    expect(bes.report.signatures[0]?.subIndication).toBe('REVOKED_CA_NO_POE');
  });

  it('is refused when the issuing CA was revoked before the timestamp, kept evidence or not', async () => {
    const { pki, signer, tsa, stampingWith, verifierAt, networkOff } = setUp('ltv-ca-revoked-before');
    const stampedAt = new Date(Date.now() - 10 * 60_000);
    const signing = await verifierAt(null, { timestamping: stampingWith(tsa, stampedAt) });
    const secured = await signing.secureCms({
      cms: signCms({ signer, content, signingTime: stampedAt }),
      content,
    });
    pki.revokeIssuingCa('ecdsa', new Date(stampedAt.getTime() - 60_000));
    networkOff();
    // The TSA's certificate falls with its CA, so the token proves nothing: the signature has no proof of
    // existence before either revocation (years later it reads as expired without proof).
    const years = await (await verifierAt(later(), { offline: true })).verifyCms({
      cms: secured.cms,
      content,
    });
    expect(years.report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      timestamp: { indication: 'INDETERMINATE', subIndication: 'REVOKED_CA_NO_POE' },
    });
    const now = await (await verifierAt(null, { offline: true })).verifyCms({ cms: secured.cms, content });
    expect(now.report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'REVOKED_CA_NO_POE',
    });
  });

  it('verifies the whole path from its kept data alone: a trust folder of roots only, the network off', async () => {
    const { pki, signer, tsa, stampingWith, verifierAt, networkOff, asked } = setUp('ltv-roots-only');
    const signing = await verifierAt(null, { timestamping: stampingWith(tsa) });
    const secured = await signing.secureCms({ cms: signCms({ signer, content }), content });
    networkOff();
    asked.length = 0;
    // Years later the CA rotated: the folder keeps the root, not the issuing CA nor any CRL.
    const rootsOnly = await tempDir();
    await writeFile(join(rootsOnly, 'root.cer'), pki.ca('ecdsa').rootCertificateDer);
    const years = await createVerifier({
      trustDir: rootsOnly,
      offline: false,
      fetch: async () => {
        throw new TypeError('fetch failed: network is off');
      },
      now: later,
      acceptTestIdentities: true,
    });
    const { report } = await years.verifyCms({ cms: secured.cms, content });
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      revocation: { status: 'good', source: 'ocsp' },
      timestamp: { indication: 'TOTAL_PASSED' },
    });
  });

  it('is not secured when the certificate was revoked before signing: the report refuses it', async () => {
    const { pki, signer, tsa, stampingWith, verifierAt } = setUp('ltv-revoked-before');
    pki.revoke(signer, new Date(Date.now() - 60_000));
    const cms = signCms({ signer, content });
    const signing = await verifierAt(null, { timestamping: stampingWith(tsa) });
    const secured = await signing.secureCms({ cms, content });
    expect(secured.verification.report.signatures[0]?.subIndication).toBe('REVOKED');
    expect(Buffer.from(secured.cms)).toEqual(Buffer.from(cms));
  });

  it('refuses a token over other bytes (wrong imprint) and a TSA nobody trusts', async () => {
    const { signer, tsa, verifierAt } = setUp('ltv-bad-tokens');
    const cms = signCms({ signer, content });
    const wrongImprint: TimestampAuthority = {
      stamp: async () => timestampToken({ tsa, data: new TextEncoder().encode('another signature') }),
    };
    const signing = await verifierAt(null, { timestamping: wrongImprint });
    await expect(signing.secureCms({ cms, content })).rejects.toBeInstanceOf(TimestampUnavailableError);

    const stranger = createTestPki({ seed: 'ltv-stranger' }).issueTsa('ecdsa');
    const untrusted = await verifierAt(null, {
      timestamping: { stamp: async (data) => timestampToken({ tsa: stranger, data }) },
    });
    await expect(untrusted.secureCms({ cms, content })).rejects.toBeInstanceOf(TimestampUnavailableError);
  });

  it('gives up with TimestampUnavailableError after retrying an unreachable TSA', async () => {
    const { signer, verifierAt } = setUp('ltv-tsa-down');
    let tries = 0;
    const down: TimestampAuthority = {
      stamp: async () => {
        tries += 1;
        throw new TypeError('fetch failed');
      },
    };
    const signing = await verifierAt(null, { timestamping: down });
    await expect(signing.secureCms({ cms: signCms({ signer, content }), content })).rejects.toBeInstanceOf(
      TimestampUnavailableError,
    );
    expect(tries).toBe(3);
  });

  it('keeps a signature as signed when no TSA is configured', async () => {
    const { signer, verifierAt } = setUp('ltv-no-tsa');
    const cms = signCms({ signer, content });
    const secured = await (await verifierAt(null)).secureCms({ cms, content });
    expect(Buffer.from(secured.cms)).toEqual(Buffer.from(cms));
    expect(secured.verification.report.verdict).toBe('TOTAL_PASSED');
  });

  it('is accepted by openssl cms -verify and its token by openssl ts -verify', async () => {
    const { pki, signer, tsa, stampingWith, verifierAt } = setUp('ltv-openssl');
    const signing = await verifierAt(null, { timestamping: stampingWith(tsa) });
    const secured = await signing.secureCms({ cms: signCms({ signer, content }), content });
    const dir = await tempDir();
    const ca = pki.ca('ecdsa');
    const chain = [ca.rootCertificateDer, ca.issuingCertificateDer]
      .map((der) => toPem('CERTIFICATE', der))
      .join('');
    await writeFile(join(dir, 'chain.pem'), chain);
    await writeFile(join(dir, 'signed.p7s'), secured.cms);
    await writeFile(join(dir, 'content.txt'), content);
    const [info] = parseCms(secured.cms).signers;
    const token = info?.unsignedAttrs.find((a) => a.type === '1.2.840.113549.1.9.16.2.14')?.values[0];
    if (!info || !token) throw new Error('no token');
    await writeFile(join(dir, 'token.der'), new Uint8Array(token.valueBeforeDecodeView));
    await writeFile(join(dir, 'signature.bin'), info.signature);
    const run = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' }).toString();
    expect(() =>
      run([
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signed.p7s',
        '-content',
        'content.txt',
        '-CAfile',
        'chain.pem',
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ]),
    ).not.toThrow();
    expect(
      run([
        'ts',
        '-verify',
        '-token_in',
        '-in',
        'token.der',
        '-data',
        'signature.bin',
        '-CAfile',
        'chain.pem',
      ]),
    ).toContain('Verification: OK');
  });
});
