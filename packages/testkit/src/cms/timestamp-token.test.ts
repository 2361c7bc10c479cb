import { createHash } from 'node:crypto';
import { join } from 'node:path';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { OID } from '../oids';
import { berInput } from '../pki/ber-input';
import { toPem } from '../pki/pem';
import { createTestPki } from '../pki/test-pki';
import { openssl } from '../test-support/openssl';
import { signCms } from './sign-cms';
import { addSignatureTimestamps, timestampToken } from './timestamp-token';

describe('timestampToken', () => {
  const pki = createTestPki({ seed: 'tsa' });
  const tsa = pki.issueTsa('ecdsa');

  it('is a CMS over a TSTInfo whose imprint is the SHA-256 of the data, at the given time', async () => {
    const time = new Date('2026-03-01T10:00:00Z');
    const token = timestampToken({ tsa, data: new Uint8Array([1, 2, 3]), time });
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(berInput(token)).content });
    expect(signedData.encapContentInfo.eContentType).toBe(OID.tstInfo);
    const tstInfo = pkijs.TSTInfo.fromBER(
      signedData.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0),
    );
    expect(tstInfo.genTime.toISOString()).toBe(time.toISOString());
    expect(tstInfo.messageImprint.hashAlgorithm.algorithmId).toBe(OID.sha256);
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      createHash('sha256')
        .update(new Uint8Array([1, 2, 3]))
        .digest(),
    );
    const ca = pki.ca('ecdsa');
    const verify = (data: Uint8Array) =>
      openssl(
        (dir) => [
          'ts',
          '-verify',
          '-token_in',
          '-in',
          join(dir, 'token.der'),
          '-data',
          join(dir, 'data.bin'),
          '-CAfile',
          join(dir, 'ca.pem'),
          '-untrusted',
          join(dir, 'tsa.pem'),
        ],
        {
          'token.der': token,
          'data.bin': data,
          'ca.pem':
            toPem('CERTIFICATE', ca.rootCertificateDer) + toPem('CERTIFICATE', ca.issuingCertificateDer),
          'tsa.pem': toPem('CERTIFICATE', tsa.certificateDer),
        },
      );
    // openssl's RFC 3161 verifier: imprint, TSA signature, ESS certificate reference, chain, critical timeStamping EKU.
    expect(await verify(new Uint8Array([1, 2, 3]))).toMatchObject({ ok: true });
    expect((await verify(new Uint8Array([1, 2, 4]))).ok).toBe(false);
  });

  it('the TSA certificate carries a critical timeStamping EKU', () => {
    const cert = pkijs.Certificate.fromBER(berInput(tsa.certificateDer));
    const eku = cert.extensions?.find((e) => e.extnID === OID.extKeyUsage);
    expect(eku?.critical).toBe(true);
    expect((eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes).toEqual([OID.timeStamping]);
  });

  it('addSignatureTimestamps puts a token over each signature value as an unsigned attribute', () => {
    const signer = pki.issue({
      algorithm: 'ecdsa',
      kind: 'individual',
      usage: 'sign',
      iin: '900101300123',
      surname: 'T',
      givenName: 'T',
    });
    const cms = addSignatureTimestamps(signCms({ signer, content: new Uint8Array([9]) }), { tsa });
    const signedData = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(berInput(cms)).content });
    const [info] = signedData.signerInfos;
    const attribute = info?.unsignedAttrs?.attributes[0];
    expect(attribute?.type).toBe(OID.signatureTimeStampToken);
    const token = new pkijs.SignedData({
      schema: new pkijs.ContentInfo({ schema: attribute?.values[0] }).content,
    });
    const tstInfo = pkijs.TSTInfo.fromBER(token.encapContentInfo.eContent?.getValue() ?? new ArrayBuffer(0));
    expect(Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      createHash('sha256')
        .update(info?.signature.valueBlock.valueHexView ?? new Uint8Array())
        .digest(),
    );
  });
});
