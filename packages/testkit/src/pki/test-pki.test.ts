import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { OID } from '../oids';
import { openssl } from '../test-support/openssl';
import { gostCertificateVerifies, gostSignatureVerifies } from '../test-support/verify-gost';
import { toHex } from './certificate-identity';
import { toPem } from './pem';
import { createTestPki } from './test-pki';

const pki = createTestPki({
  seed: 'test-pki.test',
  ocspUrl: 'http://ocsp.test/',
  crlBaseUrl: 'http://crl.test',
});

function extension(certificate: pkijs.Certificate, oid: string): pkijs.Extension {
  const found = certificate.extensions?.find((e) => e.extnID === oid);
  if (!found) throw new Error(`no extension ${oid}`);
  return found;
}

function subjectOf(certificate: pkijs.Certificate): [string, string, number][] {
  return certificate.subject.typesAndValues.map((a) => [
    a.type,
    String(a.value.valueBlock.value),
    a.value.idBlock.tagNumber,
  ]);
}

describe.each(['rsa', 'ecdsa'] as const)('createTestPki (%s)', (algorithm) => {
  const head = pki.issue({
    algorithm,
    kind: 'first_head',
    usage: 'sign',
    iin: '880101300123',
    bin: '120340001234',
    surname: 'ТЕСТОВ',
    givenName: 'ТЕСТ',
    patronymic: 'ТЕСТОВИЧ',
    organisation: 'АО "ТЕСТ"',
    email: 'test@example.kz',
  });

  it('issues a KZ subject in NCA RK order, with the string types of the real certificates', () => {
    const certificate = pkijs.Certificate.fromBER(head.certificateDer);
    const utf8 = 12;
    const printable = 19;
    const ia5 = 22;
    expect(subjectOf(certificate)).toEqual([
      [OID.commonName, 'ТЕСТОВ ТЕСТ', utf8],
      [OID.surname, 'ТЕСТОВ', utf8],
      [OID.serialNumber, 'IIN880101300123', printable],
      [OID.country, 'KZ', printable],
      [OID.organisation, 'АО "ТЕСТ"', utf8],
      [OID.organisationalUnit, 'BIN120340001234', utf8],
      [OID.givenName, 'ТЕСТОВИЧ', utf8],
      [OID.email, 'test@example.kz', ia5],
    ]);
    // One attribute per RDN.
    const name = asn1js.fromBER(certificate.subject.toSchema().toBER()).result as asn1js.Sequence;
    expect(name.valueBlock.value).toHaveLength(8);
  });

  it('reads its identity back', () => {
    expect(head.identity).toMatchObject({
      algorithm,
      kind: 'first_head',
      usage: 'sign',
      iin: '880101300123',
      bin: '120340001234',
      surname: 'ТЕСТОВ',
      givenName: 'ТЕСТ',
      patronymic: 'ТЕСТОВИЧ',
      extKeyUsageOids: [OID.emailProtection, OID.kzLegalEntity, OID.kzFirstHead],
    });
  });

  it('carries signing key usage, AIA OCSP and the CRL distribution point', async () => {
    const certificate = pkijs.Certificate.fromBER(head.certificateDer);
    const keyUsage = extension(certificate, OID.keyUsage);
    expect(keyUsage.critical).toBe(true);
    expect(toHex(keyUsage.extnValue.valueBlock.valueHexView)).toBe('030206c0');
    const aia = new pkijs.InfoAccess({
      schema: asn1js.fromBER(
        extension(certificate, OID.authorityInfoAccess).extnValue.valueBlock.valueHexView,
      ).result,
    });
    expect(aia.accessDescriptions.map((d) => [d.accessMethod, d.accessLocation.value])).toEqual([
      [OID.ocspAccess, 'http://ocsp.test/'],
    ]);
    const text = await openssl(
      (d) => ['x509', '-in', join(d, 'c.pem'), '-noout', '-ext', 'crlDistributionPoints'],
      {
        'c.pem': toPem('CERTIFICATE', head.certificateDer),
      },
    );
    expect(text.output).toContain(`URI:http://crl.test/${algorithm}.crl`);
  });

  it('gives authentication certificates clientAuth and keyEncipherment, individuals their role', () => {
    const auth = pki.issue({
      algorithm,
      kind: 'individual',
      usage: 'auth',
      iin: '900202400456',
      surname: 'ИВАНОВ',
      givenName: 'ИВАН',
    });
    expect(auth.identity.extKeyUsageOids).toEqual([OID.clientAuth, OID.kzIndividual]);
    const keyUsage = extension(pkijs.Certificate.fromBER(auth.certificateDer), OID.keyUsage);
    expect(toHex(keyUsage.extnValue.valueBlock.valueHexView)).toBe('030205a0');
  });

  it('chains to its root (openssl verify), and the CRL revokes after pki.revoke', async () => {
    const signer = pki.issue({
      algorithm,
      kind: 'employee',
      usage: 'sign',
      iin: '900202400457',
      bin: '120340001234',
      surname: 'А',
      givenName: 'Б',
    });
    const files = {
      'root.pem': toPem('CERTIFICATE', pki.ca(algorithm).rootCertificateDer),
      'ca.pem': toPem('CERTIFICATE', pki.ca(algorithm).issuingCertificateDer),
      'user.pem': toPem('CERTIFICATE', signer.certificateDer),
    };
    const verify = (crl: Uint8Array) =>
      openssl(
        (d) => [
          'verify',
          '-CAfile',
          join(d, 'root.pem'),
          '-untrusted',
          join(d, 'ca.pem'),
          '-CRLfile',
          join(d, 'crl.pem'),
          '-crl_check',
          join(d, 'user.pem'),
        ],
        { ...files, 'crl.pem': toPem('X509 CRL', crl) },
      );
    expect(await verify(pki.crlDer(algorithm))).toMatchObject({ ok: true });
    pki.revoke(signer);
    expect(pki.statusOf(algorithm, signer.identity.serialNumber).status).toBe('revoked');
    const revoked = await verify(pki.crlDer(algorithm));
    expect(revoked.ok).toBe(false);
    expect(revoked.output).toContain('certificate revoked');
  });
});

describe('createTestPki', () => {
  it('reports unknown for serials it never issued, and the CRL has a nextUpdate', () => {
    expect(pki.statusOf('ecdsa', '01').status).toBe('unknown');
    const crl = pkijs.CertificateRevocationList.fromBER(pki.crlDer('ecdsa'));
    expect(crl.nextUpdate?.value.getTime()).toBeGreaterThan(crl.thisUpdate.value.getTime());
  });

  it("lists the issuing CA on its root's CRL once revoked, signed by the root", async () => {
    const own = createTestPki({ seed: 'test-pki.root-crl' });
    const { rootCertificateDer, issuingCertificateDer } = own.ca('ecdsa');
    const root = pkijs.Certificate.fromBER(rootCertificateDer);
    const serial = toHex(
      pkijs.Certificate.fromBER(issuingCertificateDer).serialNumber.valueBlock.valueHexView,
    );
    const revokedSerials = async () => {
      const crl = pkijs.CertificateRevocationList.fromBER(own.rootCrlDer('ecdsa'));
      expect(await crl.verify({ issuerCertificate: root })).toBe(true);
      return (crl.revokedCertificates ?? []).map((entry) =>
        toHex(entry.userCertificate.valueBlock.valueHexView),
      );
    };
    expect(await revokedSerials()).toEqual([]);
    own.revokeIssuingCa('ecdsa', new Date(Date.now() + 60_000));
    expect(await revokedSerials()).toEqual([]);
    own.revokeIssuingCa('ecdsa', new Date(Date.now() - 60_000));
    expect(await revokedSerials()).toEqual([serial]);
  });

  it('gives the same CA keys for the same seed', () => {
    const again = createTestPki({ seed: 'test-pki.test' });
    const spki = (der: Uint8Array) =>
      toHex(new Uint8Array(pkijs.Certificate.fromBER(der).subjectPublicKeyInfo.toSchema().toBER()));
    expect(spki(again.ca('ecdsa').rootCertificateDer)).toBe(spki(pki.ca('ecdsa').rootCertificateDer));
  });
});

describe.each(['gost2015', 'gost2004'] as const)('createTestPki (%s)', (algorithm) => {
  const signer = pki.issue({
    algorithm,
    kind: 'right_to_sign',
    usage: 'sign',
    iin: '880101300123',
    bin: '120340001234',
    surname: 'ТЕСТОВ',
    givenName: 'ТЕСТ',
    organisation: 'ТОО "ТЕСТ"',
  });

  // The expected encodings are copied from the NCA TEST 2022 head certificate and the GOST-2004 CEO certificate.
  it('signs the chain with GOST (gostVerify) and copies the NCA RK key and algorithm shapes', () => {
    const ca = pki.ca(algorithm);
    expect(gostCertificateVerifies(ca.rootCertificateDer, ca.rootCertificateDer)).toBe(true);
    expect(gostCertificateVerifies(ca.issuingCertificateDer, ca.rootCertificateDer)).toBe(true);
    expect(gostCertificateVerifies(signer.certificateDer, ca.issuingCertificateDer)).toBe(true);
    expect(gostCertificateVerifies(signer.certificateDer, ca.rootCertificateDer)).toBe(false);
    const certificate = pkijs.Certificate.fromBER(signer.certificateDer);
    const shape = (c: pkijs.Certificate) => ({
      signature: toHex(new Uint8Array(c.signatureAlgorithm.toSchema().toBER())),
      keyAlgorithm: toHex(new Uint8Array(c.subjectPublicKeyInfo.algorithm.toSchema().toBER())),
      keyBits: c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView.length,
    });
    const gost2015 = {
      signature: '300e060a2a830e030a01010203020500',
      keyAlgorithm: '302306092a830e030a010102023016060a2a830e030a010102020106082a830e030a010303',
      keyBits: 131,
    };
    const gost2004 = {
      signature: '300d06092a830e030a010101020500',
      keyAlgorithm: '302506092a830e030a010101013018060a2a830e030a0101010101060a2a830e030a0103010100',
      keyBits: 66,
    };
    expect(shape(certificate)).toEqual(algorithm === 'gost2015' ? gost2015 : gost2004);
    expect(toHex(extension(certificate, OID.keyUsage).extnValue.valueBlock.valueHexView)).toBe('030203c8');
    expect(signer.identity.extKeyUsageOids).toEqual([
      OID.emailProtection,
      OID.kzLegalEntity,
      OID.kzRightToSign,
    ]);
  });

  it('signs its CRL with GOST', () => {
    const crl = pkijs.CertificateRevocationList.fromBER(pki.crlDer(algorithm));
    expect(
      gostSignatureVerifies(
        pki.ca(algorithm).issuingCertificateDer,
        crl.tbsView,
        crl.signatureValue.valueBlock.valueHexView,
      ),
    ).toBe(true);
  });
});
