import { join } from 'node:path';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { OID } from '../oids';
import { toPem } from '../pki/pem';
import { createTestPki } from '../pki/test-pki';
import { openssl } from '../test-support/openssl';
import { gostCmsVerifies } from '../test-support/verify-gost';
import { addSigner, signCms } from './sign-cms';

const pki = createTestPki({ seed: 'sign-cms.test' });
const content = new TextEncoder().encode('Договор № 1\n');

function signedDataOf(cmsDer: Uint8Array): pkijs.SignedData {
  return new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(cmsDer).content });
}

function verifyWithOpenssl(algorithm: 'rsa' | 'ecdsa', cmsDer: Uint8Array, detachedContent?: Uint8Array) {
  const files: Record<string, Uint8Array | string> = {
    // openssl cms builds the chain from -CAfile only.
    'cas.pem':
      toPem('CERTIFICATE', pki.ca(algorithm).rootCertificateDer) +
      toPem('CERTIFICATE', pki.ca(algorithm).issuingCertificateDer),
    'cms.der': cmsDer,
  };
  if (detachedContent) files['content.bin'] = detachedContent;
  return openssl(
    (d) => [
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      join(d, 'cms.der'),
      '-CAfile',
      join(d, 'cas.pem'),
      '-purpose',
      'any',
      ...(detachedContent ? ['-content', join(d, 'content.bin')] : []),
      '-out',
      join(d, 'out.bin'),
    ],
    files,
  );
}

describe.each(['rsa', 'ecdsa'] as const)('signCms (%s)', (algorithm) => {
  const signer = pki.issue({
    algorithm,
    kind: 'individual',
    usage: 'sign',
    iin: '880101300123',
    surname: 'ТЕСТОВ',
    givenName: 'ТЕСТ',
  });
  const otherSigner = pki.issue({
    algorithm,
    kind: 'first_head',
    usage: 'sign',
    iin: '880101300124',
    bin: '120340001234',
    surname: 'ЕКІНШІ',
    givenName: 'ҚОЛ',
  });

  it('makes a detached CMS that openssl verifies against the content, and refuses other content', async () => {
    const cms = signer.signCms({ content });
    expect(await verifyWithOpenssl(algorithm, cms, content)).toMatchObject({ ok: true });
    const tampered = await verifyWithOpenssl(algorithm, cms, new TextEncoder().encode('Договор № 2\n'));
    expect(tampered.ok).toBe(false);
  });

  it('makes an attached CMS carrying the content', async () => {
    const cms = signCms({ signer, content, detached: false });
    expect(await verifyWithOpenssl(algorithm, cms)).toMatchObject({ ok: true });
    expect(signedDataOf(cms).encapContentInfo.eContent?.getValue()).toEqual(content.buffer);
  });

  it('carries the NCALayer signed attributes in DER order and only the signer certificate', async () => {
    const signingTime = new Date('2026-03-01T10:00:00Z');
    const signedData = signedDataOf(signer.signCms({ content, signingTime }));
    expect(signedData.certificates).toHaveLength(1);
    const attributes = signedData.signerInfos[0]?.signedAttrs?.attributes ?? [];
    expect(attributes.map((a) => a.type).sort()).toEqual(
      [OID.contentType, OID.signingTime, OID.messageDigest, OID.signingCertificateV2].sort(),
    );
    const time = attributes.find((a) => a.type === OID.signingTime)?.values[0] as asn1js.UTCTime;
    expect(time.toDate()).toEqual(signingTime);
    const encodings = attributes.map((a) => Buffer.from(a.toSchema().toBER()));
    expect([...encodings].sort(Buffer.compare)).toEqual(encodings);
  });

  it('leaves signingCertificateV2 out on request', async () => {
    const signedData = signedDataOf(signer.signCms({ content, signingCertificateV2: false }));
    expect(signedData.signerInfos[0]?.signedAttrs?.attributes.map((a) => a.type)).not.toContain(
      OID.signingCertificateV2,
    );
  });

  it('adds a second signer to a detached CMS; both verify', async () => {
    const twice = addSigner(signer.signCms({ content }), { signer: otherSigner, content });
    const signedData = signedDataOf(twice);
    expect(signedData.signerInfos).toHaveLength(2);
    expect(signedData.certificates).toHaveLength(2);
    expect(await verifyWithOpenssl(algorithm, twice, content)).toMatchObject({ ok: true });
    expect(() => addSigner(signer.signCms({ content }), { signer: otherSigner })).toThrow(/detached/);
  });
});

describe.each(['gost2015', 'gost2004'] as const)('signCms (%s)', (algorithm) => {
  const signer = pki.issue({
    algorithm,
    kind: 'individual',
    usage: 'sign',
    iin: '880101300123',
    surname: 'ТЕСТОВ',
    givenName: 'ТЕСТ',
  });
  const second = pki.issue({
    algorithm,
    kind: 'hr',
    usage: 'sign',
    iin: '880101300125',
    bin: '120340001234',
    surname: 'КАДР',
    givenName: 'БӨЛІМ',
  });

  it('signs a detached CMS whose signature verifies with gostVerify over the signed attributes', () => {
    const cms = signer.signCms({ content });
    expect(gostCmsVerifies(cms, content)).toEqual([true]);
    expect(gostCmsVerifies(cms, new TextEncoder().encode('other'))).toEqual([false]);
    const signerInfo = signedDataOf(cms).signerInfos[0];
    expect(signerInfo?.digestAlgorithm.algorithmId).toBe(
      algorithm === 'gost2015' ? OID.gost2015Hash : OID.gost2004Hash,
    );
    expect(signerInfo?.signatureAlgorithm.algorithmId).toBe(
      algorithm === 'gost2015' ? OID.gost2015Signature : OID.gost2004Signature,
    );
  });

  it('adds a second GOST signer to an attached CMS; both verify', () => {
    const twice = addSigner(signCms({ signer, content, detached: false }), { signer: second });
    expect(gostCmsVerifies(twice, content)).toEqual([true, true]);
  });
});
