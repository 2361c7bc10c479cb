import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  answerOcspRequest,
  createTestPki,
  signCms,
  type TestSigner,
  timestampToken,
} from '@qoltanba/testkit';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCms } from './cms/parse.js';
import { readTimestampToken } from './cms/timestamp-token.js';
import {
  archiveRenewalDue,
  createVerifier,
  type PkiConfig,
  proofExpiry,
  type TimestampAuthority,
} from './index.js';
import { readAtsHashIndex } from './long-term/archive-timestamp.js';
import { readValidationData } from './long-term/validation-data.js';
import { OID } from './oids.js';

// CAdES-A: a signature kept for decades outlives its TSA's certificate; an archive-time-stamp-v3 (ETSI EN 319
// 122-1) taken before that certificate ends proves the signature, its timestamp and its kept evidence existed then.

const DAY = 86_400_000;
const YEAR = 365 * DAY;
const OCSP_URL = 'http://ocsp.test/';
const content = new TextEncoder().encode('Архив / Мұрағат: шарт №7');
const holder = { iin: '880101300123', surname: 'ТЕСТОВ', givenName: 'ТЕСТ' };
const start = Date.now();
/** `years` after the start, to the second (as certificates and tokens carry time). */
const at = (years: number) => new Date(Math.floor((start + years * YEAR) / 1000) * 1000);

const scratch: string[] = [];
afterAll(async () => {
  await Promise.all(scratch.map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * A signer (a year), a first TSA that ends after two years and a verifier factory with an injected clock; the
 * PKI's clock follows it, so the trust folder's CRLs are those its CA publishes then.
 */
function setUp(seed: string) {
  let clock = new Date(start);
  const pki = createTestPki({ seed, ocspUrl: OCSP_URL, now: () => clock });
  const signer = pki.issue({
    ...holder,
    algorithm: 'ecdsa',
    kind: 'individual',
    usage: 'sign',
    withCrl: false,
  });
  const firstTsa = pki.issueTsa('ecdsa', { notAfter: at(2) });
  let network = true;
  const fetchOcsp: typeof fetch = async (input, init) => {
    if (!network || String(input) !== OCSP_URL) throw new TypeError('fetch failed: network is off');
    const body = new Uint8Array(await new Response(init?.body).arrayBuffer());
    return new Response(answerOcspRequest(body, { pki }), {
      headers: { 'content-type': 'application/ocsp-response' },
    });
  };
  const stampingWith = (unit: TestSigner, time?: Date): TimestampAuthority => ({
    stamp: async (data) => timestampToken({ tsa: unit, data, ...(time ? { time } : {}) }),
  });
  const verifierAt = async (now: Date | null, extra: Partial<PkiConfig> = {}) => {
    clock = now ?? new Date(start);
    const trustDir = await mkdtemp(join(tmpdir(), 'pki-cades-a-'));
    scratch.push(trustDir);
    await pki.writeTrustDir(trustDir);
    return createVerifier({
      trustDir,
      offline: !network,
      fetch: fetchOcsp,
      ...(now ? { now: () => now } : {}),
      acceptTestIdentities: true,
      ...extra,
    });
  };
  /** Signed and secured now (CAdES-T with its validation data), then the network goes off for good. */
  const secured = async () => {
    const signing = await verifierAt(null, { timestamping: stampingWith(firstTsa) });
    const result = await signing.secureCms({ cms: signCms({ signer, content }), content });
    expect(result.verification.report.verdict).toBe('TOTAL_PASSED');
    network = false;
    return result.cms;
  };
  /** Adds an archive timestamp by `unit` as a verifier whose clock reads `when`. */
  const archive = async (cms: Uint8Array, unit: TestSigner, when: Date) => {
    const renewing = await verifierAt(when, { timestamping: stampingWith(unit, when) });
    return (await renewing.archiveCms({ cms, content })).cms;
  };
  return { pki, firstTsa, secured, archive, verifierAt };
}

function archiveAttributes(cms: Uint8Array) {
  const [signer] = parseCms(cms).signers;
  return (signer?.unsignedAttrs ?? []).filter((a) => a.type === '0.4.0.1733.2.4');
}

describe('an archive timestamp (CAdES-A, archive-time-stamp-v3)', () => {
  it('keeps a signature valid offline after its first TSA certificate expired', async () => {
    const { pki, secured, archive, verifierAt } = setUp('cades-a-expired');
    const cms = await secured();
    const renewed = await archive(cms, pki.issueTsa('ecdsa', { notAfter: at(9) }), at(1.5));

    const decades = await verifierAt(at(6), { offline: true });
    const { report } = await decades.verifyCms({ cms: renewed, content });
    expect(report.verdict).toBe('TOTAL_PASSED');
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      timestamp: { indication: 'TOTAL_PASSED' },
      archiveTimestamps: [{ indication: 'TOTAL_PASSED', time: at(1.5).toISOString() }],
    });
    // Without the archive timestamp the first TSA's certificate has expired with no proof before that.
    const bare = (await decades.verifyCms({ cms, content })).report.signatures[0];
    expect(bare).toMatchObject({
      indication: 'INDETERMINATE',
      timestamp: { indication: 'INDETERMINATE', subIndication: 'OUT_OF_BOUNDS_NO_POE' },
    });
    expect(bare?.archiveTimestamps).toBeUndefined();
  });

  it('keeps it valid when the first TSA certificate was revoked after the archive timestamp, not before', async () => {
    const { pki, firstTsa, secured, archive, verifierAt } = setUp('cades-a-revoked');
    const cms = await secured();
    const renewed = await archive(cms, pki.issueTsa('ecdsa', { notAfter: at(9) }), at(1.5));
    pki.revoke(firstTsa, at(1.8));
    const after = await (await verifierAt(at(6), { offline: true })).verifyCms({ cms: renewed, content });
    expect(after.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      archiveTimestamps: [{ indication: 'TOTAL_PASSED' }],
    });
    pki.revoke(firstTsa, at(1.2));
    const before = await (await verifierAt(at(6), { offline: true })).verifyCms({ cms: renewed, content });
    expect(before.report.signatures[0]?.indication).not.toBe('TOTAL_PASSED');
    expect(before.report.signatures[0]?.timestamp?.indication).not.toBe('TOTAL_PASSED');
  });

  it('chains renewals: each archive timestamp is checked at the time of the next', async () => {
    const { pki, secured, archive, verifierAt } = setUp('cades-a-chain');
    const cms = await secured();
    const secondTsa = pki.issueTsa('ecdsa', { notAfter: at(4) });
    const once = await archive(cms, secondTsa, at(1.5));
    const twice = await archive(once, pki.issueTsa('ecdsa', { notAfter: at(9) }), at(3.5));
    expect(archiveAttributes(twice)).toHaveLength(2);
    // Before the second one, the first one's token got its TSA's path and status as checked at the renewal.
    const [first] = archiveAttributes(twice);
    const firstToken = readTimestampToken(new Uint8Array(first?.values[0]?.valueBeforeDecodeView ?? []));
    const evidence = readValidationData(firstToken.cms.signers[0]?.unsignedAttrs ?? []);
    const hex = (der: Uint8Array) => Buffer.from(der).toString('hex');
    expect(evidence?.certificates.map(hex)).toContain(hex(secondTsa.certificateDer));
    expect((evidence?.crls.length ?? 0) + (evidence?.ocsp.length ?? 0)).toBeGreaterThan(0);
    expect(archiveAttributes(once)[0]?.values[0]?.valueBeforeDecodeView.byteLength).toBeLessThan(
      first?.values[0]?.valueBeforeDecodeView.byteLength ?? 0,
    );
    const decades = await verifierAt(at(6), { offline: true });
    const { report } = await decades.verifyCms({ cms: twice, content });
    expect(report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      archiveTimestamps: [
        { indication: 'TOTAL_PASSED', time: at(1.5).toISOString() },
        { indication: 'TOTAL_PASSED', time: at(3.5).toISOString() },
      ],
    });
    // The first renewal alone no longer suffices at six years: its own TSA ended at four.
    expect((await decades.verifyCms({ cms: once, content })).report.signatures[0]?.indication).toBe(
      'INDETERMINATE',
    );
  });

  it('fails when a kept attribute it covers was changed afterwards', async () => {
    const { pki, secured, archive, verifierAt } = setUp('cades-a-tampered');
    const cms = await secured();
    const renewed = await archive(cms, pki.issueTsa('ecdsa', { notAfter: at(9) }), at(1.5));
    // One byte of the kept OCSP answer (the last byte of its signature) flipped: still well-formed DER.
    const [signer] = parseCms(renewed).signers;
    const kept = signer?.unsignedAttrs.find((a) => a.type === OID.revocationValues)?.values[0];
    if (!kept) throw new Error('no revocationValues');
    const view = kept.valueBeforeDecodeView;
    const end = view.byteOffset - (renewed.byteOffset ?? 0) + view.byteLength;
    const tampered = renewed.slice();
    tampered[end - 1] = (tampered[end - 1] ?? 0) ^ 0x01;
    const decades = await verifierAt(at(6), { offline: true });
    const { report } = await decades.verifyCms({ cms: tampered, content });
    expect(report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      archiveTimestamps: [{ indication: 'TOTAL_FAILED', subIndication: 'HASH_FAILURE' }],
    });
    // The untouched one passes with the same verifier.
    expect((await decades.verifyCms({ cms: renewed, content })).report.verdict).toBe('TOTAL_PASSED');
  });

  it('stamps the ETSI EN 319 122-1 5.5.3 hash input, recomputed here independently with pkijs', async () => {
    const { pki, secured, archive } = setUp('cades-a-imprint');
    const cms = await secured();
    const renewed = await archive(cms, pki.issueTsa('ecdsa', { notAfter: at(9) }), at(1.5));
    const signedData = new pkijs.SignedData({
      schema: pkijs.ContentInfo.fromBER(renewed.slice().buffer).content,
    });
    const info = signedData.signerInfos[0];
    if (!info?.unsignedAttrs) throw new Error('no unsigned attributes');
    const der = (value: { toSchema(): asn1js.AsnType } | asn1js.AsnType) =>
      Buffer.from(('toSchema' in value ? value.toSchema() : value).toBER(false));
    const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
    const attributes = info.unsignedAttrs.attributes;
    const archiveIndex = attributes.findIndex((a) => a.type === '0.4.0.1733.2.4');
    const tokenDer = new Uint8Array(der(attributes[archiveIndex]?.values[0] as asn1js.AsnType));
    const token = readTimestampToken(tokenDer);
    const indexValue = token.cms.signers[0]?.unsignedAttrs.find((a) => a.type === '0.4.0.19122.1.5')
      ?.values[0];
    if (!indexValue) throw new Error('no ats-hash-index-v3 in the token');
    const indexDer = Buffer.from(new Uint8Array(indexValue.valueBeforeDecodeView));

    // The hash index lists the SHA-256 of each attrType || AttributeValue before it.
    const index = readAtsHashIndex(indexDer);
    const fields = (asn1js.fromBER(new Uint8Array(indexDer).buffer).result as asn1js.Sequence).valueBlock
      .value;
    // hashIndAlgorithm written out (EN 319 122-1 Annex D has no DEFAULT; DSS requires it): SEQUENCE { sha256 }.
    expect(fields).toHaveLength(4);
    const algorithm = (fields[0] as asn1js.Sequence).valueBlock.value;
    expect(algorithm).toHaveLength(1);
    expect((algorithm[0] as asn1js.ObjectIdentifier).valueBlock.toString()).toBe(OID.sha256);
    const expectedValues = attributes
      .slice(0, archiveIndex)
      .flatMap((a) =>
        a.values.map((v: asn1js.AsnType) =>
          sha256(der(new asn1js.ObjectIdentifier({ value: a.type })), der(v)),
        ),
      );
    expect(index.unsignedAttrValues.map((h) => Buffer.from(h).toString('hex'))).toEqual(
      expectedValues.map((h) => h.toString('hex')),
    );
    expect(index.unsignedAttrValues).toHaveLength(3); // signatureTimeStampToken, certValues, revocationValues
    const certificates = (signedData.certificates ?? []).map((c) => sha256(der(c as pkijs.Certificate)));
    expect(index.certificates.map((h) => Buffer.from(h).toString('hex'))).toEqual(
      certificates.map((h) => h.toString('hex')),
    );

    // Imprint: eContentType, the content's hash, version..signature of the SignerInfo, the hash index value.
    const signedAttrs = info.signedAttrs ? der(info.signedAttrs) : Buffer.alloc(0);
    const input = [
      der(new asn1js.ObjectIdentifier({ value: signedData.encapContentInfo.eContentType })),
      sha256(Buffer.from(content)),
      der(new asn1js.Integer({ value: info.version })),
      der(info.sid),
      der(info.digestAlgorithm),
      signedAttrs,
      der(info.signatureAlgorithm),
      der(info.signature),
      indexDer,
    ];
    expect(signedAttrs[0]).toBe(0xa0); // as it appears in the SignerInfo: [0] IMPLICIT
    expect(token.imprint.hashAlgorithm).toBe(OID.sha256);
    expect(Buffer.from(token.imprint.hash).toString('hex')).toBe(sha256(...input).toString('hex'));
  });

  it('is due for renewal when the newest TSA certificate ends within the margin', async () => {
    const { pki, secured, archive } = setUp('cades-a-due');
    const unstamped = signCms({
      signer: pki.issue({ ...holder, algorithm: 'ecdsa', kind: 'individual', usage: 'sign' }),
      content,
    });
    expect(proofExpiry(unstamped)).toBeNull();
    expect(archiveRenewalDue(unstamped, at(5), 90 * DAY)).toBe(false);
    const cms = await secured();
    expect(proofExpiry(cms)?.toISOString()).toBe(at(2).toISOString());
    expect(archiveRenewalDue(cms, at(1), 90 * DAY)).toBe(false);
    expect(archiveRenewalDue(cms, new Date(at(2).getTime() - 60 * DAY), 90 * DAY)).toBe(true);
    const renewed = await archive(cms, pki.issueTsa('ecdsa', { notAfter: at(9) }), at(1.9));
    expect(proofExpiry(renewed)?.toISOString()).toBe(at(9).toISOString());
    expect(archiveRenewalDue(renewed, new Date(at(2).getTime() - 60 * DAY), 90 * DAY)).toBe(false);
  });
});
