import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OID } from '../oids';
import { identityOf } from '../pki/certificate-identity';
import { toPem } from '../pki/pem';
import { createTestPki } from '../pki/test-pki';
import { openssl } from '../test-support/openssl';
import { gostCertificateVerifies, gostSignatureVerifies } from '../test-support/verify-gost';
import { type OcspResponder, startOcspResponder } from './ocsp-responder';

const pki = createTestPki({ seed: 'ocsp.test' });
const issue = (iin: string) =>
  pki.issue({
    algorithm: 'ecdsa',
    kind: 'individual',
    usage: 'sign',
    iin,
    surname: 'ТЕСТОВ',
    givenName: 'ТЕСТ',
  });
const good = issue('880101300001');
const revoked = issue('880101300002');
const foreignPki = createTestPki({ seed: 'ocsp.test.other' });
const foreign = foreignPki.issue({
  algorithm: 'ecdsa',
  kind: 'individual',
  usage: 'sign',
  iin: '880101300003',
  surname: 'А',
  givenName: 'Б',
});
let responder: OcspResponder;

beforeAll(async () => {
  responder = await startOcspResponder({ pki });
});
afterAll(() => responder.close());

function requestFor(certificateDer: Uint8Array, issuerDer: Uint8Array, nonce?: Uint8Array): Uint8Array {
  const issuer = pkijs.Certificate.fromBER(issuerDer);
  const sha1 = (data: Uint8Array) => new Uint8Array(createHash('sha1').update(data).digest());
  const request = new pkijs.OCSPRequest();
  request.tbsRequest.requestList = [
    new pkijs.Request({
      reqCert: new pkijs.CertID({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({
          algorithmId: '1.3.14.3.2.26',
          algorithmParams: new asn1js.Null(),
        }),
        issuerNameHash: new asn1js.OctetString({
          valueHex: sha1(new Uint8Array(issuer.subject.toSchema().toBER())),
        }),
        issuerKeyHash: new asn1js.OctetString({
          valueHex: sha1(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView),
        }),
        serialNumber: pkijs.Certificate.fromBER(certificateDer).serialNumber,
      }),
    }),
  ];
  if (nonce)
    request.tbsRequest.requestExtensions = [
      new pkijs.Extension({
        extnID: OID.ocspNonce,
        extnValue: new asn1js.OctetString({ valueHex: nonce }).toBER(),
      }),
    ];
  return new Uint8Array(request.toSchema(true).toBER());
}

async function ask(
  certificateDer: Uint8Array,
  nonce?: Uint8Array,
  issuerDer = pki.ca('ecdsa').issuingCertificateDer,
) {
  const der = requestFor(certificateDer, issuerDer, nonce);
  const response = await fetch(`${responder.url}${encodeURIComponent(Buffer.from(der).toString('base64'))}`);
  const ocsp = pkijs.OCSPResponse.fromBER(await response.arrayBuffer());
  const bytes = ocsp.responseBytes?.response.valueBlock.valueHexView;
  return {
    status: ocsp.responseStatus.valueBlock.valueDec,
    basic: bytes ? pkijs.BasicOCSPResponse.fromBER(bytes) : undefined,
  };
}

describe('startOcspResponder', () => {
  it('answers GET requests that parse with pkijs: good, then revoked after pki.revoke, nonce echoed', async () => {
    const nonce = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
    const first = await ask(revoked.certificateDer, nonce);
    expect(first.status).toBe(0);
    expect(first.basic?.tbsResponseData.responses[0]?.certStatus.idBlock.tagNumber).toBe(0);
    const echoed = first.basic?.tbsResponseData.responseExtensions?.find((e) => e.extnID === OID.ocspNonce);
    expect(echoed?.extnValue.valueBlock.valueHexView).toEqual(
      new Uint8Array(new asn1js.OctetString({ valueHex: nonce }).toBER()),
    );
    const at = new Date(Date.now() - 60_000);
    pki.revoke(revoked, at);
    const second = await ask(revoked.certificateDer);
    const status = second.basic?.tbsResponseData.responses[0]?.certStatus as asn1js.Constructed;
    expect(status.idBlock.tagNumber).toBe(1);
    const revokedAt = status.valueBlock.value[0] as asn1js.GeneralizedTime;
    expect(Math.floor(revokedAt.toDate().getTime() / 1000)).toBe(Math.floor(at.getTime() / 1000));
  });

  it('is unauthorized for a CA it does not know', async () => {
    const answer = await ask(foreign.certificateDer, undefined, foreignPki.ca('ecdsa').issuingCertificateDer);
    expect(answer.status).toBe(6);
  });

  it('reports unknown for a serial its CA never issued', async () => {
    const answer = await ask(foreign.certificateDer);
    expect(answer.basic?.tbsResponseData.responses[0]?.certStatus.idBlock.tagNumber).toBe(2);
  });

  it('answers openssl ocsp over POST with a response signed by the CA', async () => {
    const cas =
      toPem('CERTIFICATE', pki.ca('ecdsa').rootCertificateDer) +
      toPem('CERTIFICATE', pki.ca('ecdsa').issuingCertificateDer);
    const run = (certificateDer: Uint8Array) =>
      openssl(
        (d) => [
          'ocsp',
          '-issuer',
          join(d, 'ca.pem'),
          '-cert',
          join(d, 'user.pem'),
          '-url',
          responder.url,
          '-CAfile',
          join(d, 'cas.pem'),
          '-VAfile',
          join(d, 'ca.pem'),
        ],
        {
          'ca.pem': toPem('CERTIFICATE', pki.ca('ecdsa').issuingCertificateDer),
          'cas.pem': cas,
          'user.pem': toPem('CERTIFICATE', certificateDer),
        },
      );
    const goodAnswer = await run(good.certificateDer);
    expect(goodAnswer.output).toContain('Response verify OK');
    expect(goodAnswer.output).toContain('user.pem: good');
    expect((await run(revoked.certificateDer)).output).toContain('user.pem: revoked');
  });
});

describe('answerOcspRequest for GOST, with a delegated responder', () => {
  it('signs with the delegated GOST responder certificate, which it carries', async () => {
    const gostPki = createTestPki({ seed: 'ocsp.gost' });
    const user = gostPki.issue({
      algorithm: 'gost2015',
      kind: 'individual',
      usage: 'sign',
      iin: '880101300009',
      surname: 'А',
      givenName: 'Б',
    });
    const delegated = await startOcspResponder({ pki: gostPki, delegated: true });
    try {
      const der = requestFor(user.certificateDer, gostPki.ca('gost2015').issuingCertificateDer);
      const response = await fetch(delegated.url, {
        method: 'POST',
        body: der,
        headers: { 'content-type': 'application/ocsp-request' },
      });
      const ocsp = pkijs.OCSPResponse.fromBER(await response.arrayBuffer());
      const basic = pkijs.BasicOCSPResponse.fromBER(
        ocsp.responseBytes?.response.valueBlock.valueHexView ?? new Uint8Array(),
      );
      const [responderCertificate] = basic.certs ?? [];
      if (!responderCertificate) throw new Error('no responder certificate');
      const responderDer = new Uint8Array(responderCertificate.toSchema().toBER());
      expect(identityOf(responderDer).extKeyUsageOids).toEqual([OID.ocspSigning]);
      expect(gostCertificateVerifies(responderDer, gostPki.ca('gost2015').issuingCertificateDer)).toBe(true);
      expect(
        gostSignatureVerifies(
          responderDer,
          basic.tbsResponseData.tbsView,
          basic.signature.valueBlock.valueHexView,
        ),
      ).toBe(true);
      expect(basic.tbsResponseData.responses[0]?.certStatus.idBlock.tagNumber).toBe(0);
    } finally {
      await delegated.close();
    }
  });
});
