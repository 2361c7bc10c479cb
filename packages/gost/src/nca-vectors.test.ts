import type * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { decodeGostPublicKey } from './keys.js';
import { gostVerify } from './sign.js';
import {
  certificateParts,
  crlParts,
  hashFor,
  keyCurve,
  loadCertificate,
  ocspParts,
  pkiAvailable,
  publicKeyBytes,
  type SignedParts,
} from './test-support/pki.js';

/** Verifies signed parts with an issuer certificate's key, as the server's verification engine will. */
function verifiedBy(issuer: pkijs.Certificate, parts: SignedParts): boolean {
  const curve = keyCurve(issuer);
  const key = decodeGostPublicKey(curve, publicKeyBytes(issuer));
  return gostVerify(curve, key, hashFor(parts.algorithm)(parts.tbs), parts.signature);
}

function flipBit(bytes: Uint8Array, index: number): Uint8Array {
  const copy = bytes.slice();
  copy[index] = (copy[index] ?? 0) ^ 1;
  return copy;
}

describe.skipIf(!pkiAvailable())('real NCA RK TEST signatures', () => {
  const root2022 = () => loadCertificate('nca-test/certs/root_test_gost_2022.cer');
  const ca2022 = () => loadCertificate('nca-test/certs/nca_gost2022_test.cer');
  const ca2004 = () => loadCertificate('nca-legacy/ca/nca_gost_test.crt');

  const cases: [string, () => pkijs.Certificate, () => SignedParts][] = [
    ['GOST-2015 root, self-signed', root2022, () => certificateParts(root2022())],
    ['GOST-2015 issuing CA, by the root', root2022, () => certificateParts(ca2022())],
    [
      'GOST-2015 CA in nca-legacy, by the root',
      root2022,
      () => certificateParts(loadCertificate('nca-legacy/ca/nca_gost2015_test.cer')),
    ],
    ['GOST-2015 CRL, by the issuing CA', ca2022, () => crlParts('nca-test/certs/nca_gost2022_test.crl')],
    [
      'GOST-2015 CRL in nca-legacy, by the issuing CA',
      ca2022,
      () => crlParts('nca-legacy/crl/nca_gost2022_test.crl'),
    ],
    [
      'GOST-2015 OCSP responder certificate, by the issuing CA',
      ca2022,
      () => certificateParts(ocspParts('nca-legacy/ocsp/ocsp_response_individual_2015.bin').responder),
    ],
    [
      'GOST-2004 CEO certificate, by the GOST-2004 CA',
      ca2004,
      () => certificateParts(loadCertificate('nca-legacy/certs/ceo_valid_sign_2004_gost.cer')),
    ],
    ['GOST-2004 CRL, by the GOST-2004 CA', ca2004, () => crlParts('nca-legacy/crl/nca_gost_test.crl')],
    [
      'GOST-2004 OCSP responder certificate, by the GOST-2004 CA',
      ca2004,
      () => certificateParts(ocspParts('nca-legacy/ocsp/ocsp_response_ceo_sign_2004_revoked.bin').responder),
    ],
  ];

  it.each(cases)('%s verifies', (_name, issuer, parts) => {
    expect(verifiedBy(issuer(), parts())).toBe(true);
  });

  it.each([
    ['2015, good', 'nca-legacy/ocsp/ocsp_response_individual_2015.bin'],
    ['2015, revoked', 'nca-legacy/ocsp/ocsp_response_ceo_2015_revoked.bin'],
    ['2004, revoked', 'nca-legacy/ocsp/ocsp_response_ceo_sign_2004_revoked.bin'],
  ])('the OCSP response (%s) verifies with its responder key', (_name, path) => {
    const { responder, ...parts } = ocspParts(path);
    expect(verifiedBy(responder, parts)).toBe(true);
  });

  it.each(cases)('%s fails with one bit of the TBS or of the signature flipped', (_name, issuer, parts) => {
    const signed = parts();
    const key = issuer();
    for (const index of [0, signed.tbs.length >> 1, signed.tbs.length - 1]) {
      expect(verifiedBy(key, { ...signed, tbs: flipBit(signed.tbs, index) })).toBe(false);
    }
    for (const index of [0, signed.signature.length >> 1, signed.signature.length - 1]) {
      expect(verifiedBy(key, { ...signed, signature: flipBit(signed.signature, index) })).toBe(false);
    }
  });

  it('fails with the wrong issuer', () => {
    expect(verifiedBy(root2022(), certificateParts(root2022()))).toBe(true);
    expect(verifiedBy(ca2022(), certificateParts(root2022()))).toBe(false);
  });
});
