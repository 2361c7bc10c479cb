import { createHash, sign } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verificationReportSchema } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pemBlocks } from './der.js';
import { OID } from './oids.js';
import { signatureErrorCode } from './report.js';
import { digestMemo } from './signature/digest.js';
import { buildCms } from './test-support/build-cms.js';
import { type Leaf, OpensslPki } from './test-support/openssl-pki.js';
import { createVerifier, type PkiConfig } from './verifier.js';

const content = new TextEncoder().encode('Договор № 1: the stored file');
const OCSP_URL = 'http://ocsp.test/';
const CRL_URL = 'http://crl.test/issuing.crl';

let pki: OpensslPki;
let rsa: Leaf;
let ec: Leaf;
let revoked: Leaf;
let auth: Leaf;
let online: Leaf;
let onlineRevoked: Leaf;

beforeAll(() => {
  pki = new OpensslPki();
  rsa = pki.issue({ name: 'rsa' });
  ec = pki.issue({ name: 'ec', key: 'ec' });
  revoked = pki.issue({ name: 'revoked' });
  auth = pki.issue({
    name: 'auth',
    keyUsage: 'digitalSignature,keyEncipherment',
    extendedKeyUsage: 'clientAuth,1.2.398.3.3.4.1.1',
  });
  online = pki.issue({ name: 'online', ocspUrl: OCSP_URL, crlUrl: CRL_URL });
  onlineRevoked = pki.issue({ name: 'online-revoked', ocspUrl: OCSP_URL, crlUrl: CRL_URL });
  pki.revoke(revoked);
  pki.revoke(onlineRevoked);
  writeFileSync(join(pki.trustDir, 'issuing.crl'), pki.crl());
});

afterAll(() => pki.dispose());

const offline = (extra: Partial<PkiConfig> = {}) =>
  createVerifier({ trustDir: pki.trustDir, offline: true, acceptTestIdentities: true, ...extra });

describe('a digest memo shared between verifications of one content', () => {
  it('hashes the content once for several CMS, and is what the signatures are checked against', async () => {
    const verifier = await offline();
    const memo = digestMemo(content);
    const hashed: string[] = [];
    const counting = (oid: string) => {
      hashed.push(oid);
      return memo(oid);
    };
    for (const leaf of [rsa, ec]) {
      const { report } = await verifier.verifyCms({
        cms: pki.cmsSign(content, [leaf]),
        content,
        contentDigests: counting,
      });
      expect(report.verdict).toBe('TOTAL_PASSED');
    }
    expect(hashed).toEqual([OID.sha256, OID.sha256]);
    // A SHA-256 the caller already has is taken as it is.
    expect(digestMemo(content, { sha256: 'ab'.repeat(32) })(OID.sha256)).toEqual(
      Buffer.from('ab'.repeat(32), 'hex'),
    );
    // The memo is trusted to describe `content`: a memo of other bytes fails the hash check.
    const { report } = await verifier.verifyCms({
      cms: pki.cmsSign(content, [rsa]),
      content,
      contentDigests: digestMemo(new TextEncoder().encode('other bytes')),
    });
    expect(report.signatures[0]?.subIndication).toBe('HASH_FAILURE');
  });
});

describe('openssl-made RSA and ECDSA CMS', () => {
  it('verifies a detached `openssl cms -sign` RSA signature and reads the KZ signer', async () => {
    const verifier = await offline();
    const {
      report,
      signers,
      content: attached,
    } = await verifier.verifyCms({
      cms: pki.cmsSign(content, [rsa]),
      content,
    });
    expect(verificationReportSchema.parse(report)).toEqual(report);
    expect(report.verdict).toBe('TOTAL_PASSED');
    const [signature] = report.signatures;
    expect(signature).toMatchObject({
      indication: 'TOTAL_PASSED',
      subIndication: null,
      signatureType: 'RSA',
      packaging: 'detached',
      revocation: { status: 'good', source: 'crl' },
      signer: {
        iin: '123456789011',
        bin: '123456789021',
        surname: 'ТЕСТОВ',
        givenName: 'ТЕСТ',
        patronymic: 'ТЕСТОВИЧ',
        fullName: 'ТЕСТОВ ТЕСТ ТЕСТОВИЧ',
        organisation: 'АО "ТЕСТ"',
        role: 'first_head',
        roles: ['first_head', 'legal_entity'],
      },
    });
    expect(signature?.certificate?.issuer).toBe('C=KZ,CN=Qoltanba TEST ISSUING CA');
    expect(signature?.signingTime).not.toBeNull();
    expect(signers[0]?.certificateDer).toEqual(rsa.der);
    expect(attached).toBeNull();
  });

  it('verifies attached, ECDSA, RSA-PSS and two-signer CMS', async () => {
    const verifier = await offline();
    const attached = await verifier.verifyCms({ cms: pki.cmsSign(content, [rsa], { attached: true }) });
    expect(attached.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      packaging: 'attached',
    });
    expect(attached.content).toEqual(content);
    const ecdsa = await verifier.verifyCms({ cms: pki.cmsSign(content, [ec]), content });
    expect(ecdsa.report.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', signatureType: 'ECDSA' });
    const pss = await verifier.verifyCms({ cms: pki.cmsSign(content, [rsa], { pss: true }), content });
    expect(pss.report.signatures[0]?.indication).toBe('TOTAL_PASSED');
    const both = await verifier.verifyCms({ cms: pki.cmsSign(content, [rsa, ec]), content });
    // SignerInfos are a SET: openssl writes them in DER order, not in the order given.
    expect(both.report.signatures.map((s) => `${s.indication} ${s.signatureType}`).sort()).toEqual([
      'TOTAL_PASSED ECDSA',
      'TOTAL_PASSED RSA',
    ]);
    expect(both.signers).toHaveLength(2);
  });

  it('verifies a BER CMS with chunked content, leaves its bytes as they were and hands out copies', async () => {
    const verifier = await offline();
    const large = new Uint8Array(20_000).map((_, i) => i % 251);
    const cms = pki.cmsSign(large, [rsa], { attached: true, stream: true });
    const before = cms.slice();
    const first = await verifier.verifyCms({ cms });
    expect(first.report.signatures[0]).toMatchObject({ indication: 'TOTAL_PASSED', packaging: 'attached' });
    expect(first.content).toEqual(large);
    expect(cms).toEqual(before);
    expect(first.signers[0]?.certificateDer).toEqual(rsa.der);
    expect(first.signers[0]?.certificateDer.buffer).not.toBe(cms.buffer);
    const report = first.report.signatures[0];
    const subject = report?.certificate?.subject;
    expect(subject).toContain('SERIALNUMBER=IIN123456789011');
    report?.signer.roles.push('hr');
    if (report?.certificate) report.certificate.subject = 'changed by a caller';
    const second = await verifier.verifyCms({ cms });
    expect(second.report.signatures[0]?.signer.roles).toEqual(['first_head', 'legal_entity']);
    expect(second.report.signatures[0]?.certificate?.subject).toBe(subject);
  });

  it('reports other content as HASH_FAILURE and a tampered signature as SIG_CRYPTO_FAILURE', async () => {
    const verifier = await offline();
    const cms = pki.cmsSign(content, [rsa]);
    const other = await verifier.verifyCms({ cms, content: new TextEncoder().encode('another file') });
    expect(other.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'HASH_FAILURE',
    });
    const tampered = cms.slice();
    // openssl puts the signature value last (no unsigned attributes).
    tampered[tampered.length - 5] = (tampered[tampered.length - 5] ?? 0) ^ 0x01;
    const broken = await verifier.verifyCms({ cms: tampered, content });
    expect(broken.report).toMatchObject({ verdict: 'TOTAL_FAILED' });
    expect(broken.report.signatures[0]?.subIndication).toBe('SIG_CRYPTO_FAILURE');
  });

  it('needs the content of a detached CMS and refuses garbage as FORMAT_FAILURE without throwing', async () => {
    const verifier = await offline();
    const missing = await verifier.verifyCms({ cms: pki.cmsSign(content, [rsa]) });
    expect(missing.report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIGNED_DATA_NOT_FOUND',
    });
    for (const cms of [new Uint8Array([0x30, 0x03, 0x02, 0x01]), new Uint8Array(0), rsa.der]) {
      const garbage = await verifier.verifyCms({ cms, content });
      expect(garbage.report).toMatchObject({
        verdict: 'TOTAL_FAILED',
        signatures: [{ indication: 'TOTAL_FAILED', subIndication: 'FORMAT_FAILURE', certificate: null }],
      });
      expect(garbage.signers).toEqual([]);
    }
  });

  it('finds no chain to another root of the same name, nor with a missing trust folder', async () => {
    const stranger = new OpensslPki();
    try {
      for (const trustDir of [stranger.trustDir, pki.path('no-such-folder')]) {
        const verifier = await offline({ trustDir });
        expect(verifier.trustProblems).toHaveLength(trustDir === stranger.trustDir ? 0 : 1);
        const { report } = await verifier.verifyCms({ cms: pki.cmsSign(content, [rsa]), content });
        expect(report.signatures[0]).toMatchObject({
          indication: 'INDETERMINATE',
          subIndication: 'NO_CERTIFICATE_CHAIN_FOUND',
        });
      }
    } finally {
      stranger.dispose();
    }
  });

  it('leaves a signature by a certificate expired now INDETERMINATE, and one signed after expiry EXPIRED', async () => {
    const later = new Date(Date.now() + 2 * 365 * 86_400_000);
    const verifier = await offline({ now: () => later });
    const { report } = await verifier.verifyCms({ cms: pki.cmsSign(content, [rsa]), content });
    expect(report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'OUT_OF_BOUNDS_NO_POE',
    });
    const key = readFileSync(rsa.keyPem);
    const afterExpiry = buildCms({
      content,
      certificateDer: rsa.der,
      digestOid: OID.sha256,
      signatureOid: OID.sha256WithRsa,
      digest: (data) => new Uint8Array(createHash('sha256').update(data).digest()),
      sign: (data) => new Uint8Array(sign('sha256', data, key)),
      signingTime: later,
      extraCertificates: [readPem(pki.path('issuing.pem'))],
    });
    const expired = await (await offline()).verifyCms({ cms: afterExpiry, content });
    expect(expired.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'EXPIRED',
    });
  });

  it('refuses an authentication certificate and, outside test mode, the NCA test IIN as malformed', async () => {
    const verifier = await offline();
    const { report } = await verifier.verifyCms({ cms: pki.cmsSign(content, [auth]), content });
    expect(report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIG_CONSTRAINTS_FAILURE',
      signer: { role: 'individual' },
    });
    const strict = await offline({ acceptTestIdentities: false });
    const production = await strict.verifyCms({ cms: pki.cmsSign(content, [rsa]), content });
    expect(production.report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIGNER_IDENTITY_MALFORMED',
    });
  });

  it('reports a certificate on a CRL of the trust folder as revoked (CERTIFICATE_REVOKED)', async () => {
    const verifier = await offline();
    const { report } = await verifier.verifyCms({ cms: pki.cmsSign(content, [revoked]), content });
    const [signature] = report.signatures;
    expect(signature).toMatchObject({
      indication: 'TOTAL_FAILED',
      subIndication: 'REVOKED',
      revocation: { status: 'revoked', source: 'crl' },
    });
    expect(signature?.revocation.revokedAt).not.toBeNull();
    expect(signature && signatureErrorCode(signature)).toBe('CERTIFICATE_REVOKED');
  });
});

/** A trust folder with the root and no CRL, so revocation must come from the network. */
function rootOnlyTrust(): string {
  const dir = pki.path('trust-root-only');
  mkdirSync(dir, { recursive: true });
  copyFileSync(join(pki.trustDir, 'root.pem'), join(dir, 'root.pem'));
  return dir;
}

function readPem(path: string): Uint8Array {
  const [block] = pemBlocks(readFileSync(path, 'latin1'));
  if (block === undefined) throw new Error(`${path}: no PEM`);
  return block.der;
}

describe('online revocation', () => {
  /** A fetch that answers OCSP with `openssl ocsp -index` and the CDP with the CA's CRL. */
  function network(options: { ocsp: boolean; crl: boolean }) {
    const calls: string[] = [];
    const fetcher = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
      const url = String(input);
      calls.push(url);
      if (url === OCSP_URL && options.ocsp && init?.body instanceof Uint8Array) {
        return new Response(pki.ocsp(init.body), {
          headers: { 'content-type': 'application/ocsp-response' },
        });
      }
      if (url === CRL_URL && options.crl) return new Response(pki.crl());
      return new Response('down', { status: 503 });
    };
    return { calls, fetch: fetcher as typeof fetch };
  }

  it('asks the OCSP responder of the AIA with a nonce, caches the answer, and sees revocations', async () => {
    const net = network({ ocsp: true, crl: false });
    const verifier = await createVerifier({
      trustDir: rootOnlyTrust(),
      offline: false,
      fetch: net.fetch,
      acceptTestIdentities: true,
    });
    const good = await verifier.verifyCms({ cms: pki.cmsSign(content, [online]), content });
    expect(good.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      revocation: { status: 'good', source: 'ocsp' },
    });
    await verifier.verifyCms({ cms: pki.cmsSign(content, [online]), content });
    expect(net.calls.filter((url) => url === OCSP_URL)).toHaveLength(1);
    const bad = await verifier.verifyCms({ cms: pki.cmsSign(content, [onlineRevoked]), content });
    expect(bad.report.signatures[0]).toMatchObject({
      subIndication: 'REVOKED',
      revocation: { status: 'revoked', source: 'ocsp' },
    });
  });

  it('falls back to the CRL of the distribution point, and says TRY_LATER when nothing answers', async () => {
    const crlOnly = network({ ocsp: false, crl: true });
    const base = { trustDir: rootOnlyTrust(), offline: false, acceptTestIdentities: true };
    const fallback = await createVerifier({ ...base, fetch: crlOnly.fetch });
    const viaCrl = await fallback.verifyCms({ cms: pki.cmsSign(content, [onlineRevoked]), content });
    expect(viaCrl.report.signatures[0]).toMatchObject({
      subIndication: 'REVOKED',
      revocation: { status: 'revoked', source: 'crl' },
    });
    const down = await createVerifier({ ...base, fetch: network({ ocsp: false, crl: false }).fetch });
    const unknown = await down.verifyCms({ cms: pki.cmsSign(content, [online]), content });
    expect(unknown.report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'TRY_LATER',
    });
  });
});
