// Interop with the real NCA RK TEST material of ../shared/pki: GOST 34.10-2015 CMS signed with the NCA TEST keys,
// their CRL, the GOST 34.310-2004 and RSA legacy contours, recorded OCSP responses and a TSP token.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gostSign, streebog512 } from '@qoltanba/gost';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCertificate, recordOf } from './chain/certificate.js';
import { IssuedByCache } from './chain/path.js';
import { isTimestampingCertificate } from './chain/usage.js';
import { parseCms } from './cms/parse.js';
import { readTimestampToken } from './cms/timestamp-token.js';
import { asBytes } from './der.js';
import { OID } from './oids.js';
import { parseOcspResponse } from './revocation/ocsp.js';
import { verifySignature } from './signature/verify.js';
import { buildCms } from './test-support/build-cms.js';
import { ncaCertificate, ncaMaterialPresent, ncaPrivateKey, PKI_DIR } from './test-support/nca-keys.js';
import { createVerifier } from './verifier.js';

const present = ncaMaterialPresent();
const content = new TextEncoder().encode('%PDF-1.4 sample');
let trustDir = '';

beforeAll(() => {
  if (!present) return;
  trustDir = mkdtempSync(join(tmpdir(), 'qoltanba-nca-trust-'));
  for (const file of ['root_test_gost_2022.cer', 'nca_gost2022_test.cer', 'nca_gost2022_test.crl']) {
    copyFileSync(join(PKI_DIR, 'nca-test/certs', file), join(trustDir, file));
  }
});

afterAll(() => {
  if (trustDir) rmSync(trustDir, { recursive: true, force: true });
});

/** A GOST 34.10-2015 CMS over `content` signed with the key of an NCA TEST PKCS#12 file. */
function signWithNcaKey(p12: string, options: { detached?: boolean } = {}): Uint8Array {
  const key = ncaPrivateKey(p12);
  const certificateDer = ncaCertificate(p12);
  return buildCms({
    content,
    certificateDer,
    digestOid: OID.streebog512,
    signatureOid: OID.gost2015Signature512,
    digest: streebog512,
    sign: (data) => gostSign('tc26-512-a', key, streebog512(data)),
    signingCertificateHash: streebog512(certificateDer),
    detached: options.detached ?? true,
  });
}

describe.skipIf(!present)('NCA RK TEST GOST 34.10-2015', () => {
  it('verifies CMS signed with the TEST keys and reads individual and legal-entity signers', async () => {
    const verifier = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
    expect(verifier.trustProblems).toEqual([]);
    const individual = await verifier.verifyCms({
      cms: signWithNcaKey('nca-test/certs/individual/valid/individual_valid.p12'),
      content,
    });
    expect(individual.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      signatureType: 'GOST2015',
      revocation: { status: 'good', source: 'crl' },
      signer: { iin: '123456789011', bin: null, fullName: 'ТЕСТОВ ТЕСТ ТЕСТОВИЧ', role: 'individual' },
    });
    const head = await verifier.verifyCms({
      cms: signWithNcaKey('nca-test/certs/legal/valid/head.p12', { detached: false }),
    });
    expect(head.report.signatures[0]).toMatchObject({
      indication: 'TOTAL_PASSED',
      packaging: 'attached',
      signer: { iin: '123456789011', bin: '123456789021', organisation: 'АО "ТЕСТ"', role: 'first_head' },
    });
    const employee = await verifier.verifyCms({
      cms: signWithNcaKey('nca-test/certs/legal/valid/employee_signright.p12'),
      content,
    });
    expect(employee.report.signatures[0]?.signer.roles).toEqual(['right_to_sign', 'legal_entity']);
  });

  it('reports the revoked TEST keys revoked through the CA CRL, and other content as HASH_FAILURE', async () => {
    const verifier = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
    for (const p12 of ['individual/revoked/individual_revoked.p12', 'legal/revoked/head.p12']) {
      const { report } = await verifier.verifyCms({ cms: signWithNcaKey(`nca-test/certs/${p12}`), content });
      expect(report.signatures[0]).toMatchObject({
        indication: 'TOTAL_FAILED',
        subIndication: 'REVOKED',
        revocation: { status: 'revoked', source: 'crl' },
      });
    }
    const cms = signWithNcaKey('nca-test/certs/individual/valid/individual_valid.p12');
    const other = await verifier.verifyCms({ cms, content: new TextEncoder().encode('other') });
    expect(other.report.signatures[0]?.subIndication).toBe('HASH_FAILURE');
    const tampered = cms.slice();
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] ?? 0) ^ 0x01;
    const broken = await verifier.verifyCms({ cms: tampered, content });
    expect(broken.report.signatures[0]?.subIndication).toBe('SIG_CRYPTO_FAILURE');
  });
});

const legacy = (path: string) =>
  parseCertificate(new Uint8Array(readFileSync(join(PKI_DIR, 'nca-legacy', path))));
const pemCert = (path: string) => {
  const text = readFileSync(join(PKI_DIR, 'nca-legacy', path), 'latin1');
  const body = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  return parseCertificate(new Uint8Array(Buffer.from(body, 'base64')));
};

describe.skipIf(!present)('NCA legacy contours (GOST 34.310-2004, RSA), recorded OCSP and TSP', () => {
  it('verifies certificate signatures of the GOST 2004 and RSA CAs and refuses a mismatched issuer', () => {
    const cache = new IssuedByCache();
    const gostCa = pemCert('ca/nca_gost_test.crt');
    const rsaCa = pemCert('ca/nca_rsa_test.crt');
    const ceo = pemCert('certs/ceo_valid_sign_2004_gost.cer');
    const person = pemCert('certs/individual_valid_sign_2004_rsa.cer');
    expect(cache.issuedBy(ceo, gostCa)).toBe(true);
    expect(cache.issuedBy(person, rsaCa)).toBe(true);
    expect(cache.issuedBy(person, gostCa)).toBe(false);
    const current = parseCertificate(
      new Uint8Array(readFileSync(join(PKI_DIR, 'nca-test/certs/nca_gost2022_test.cer'))),
    );
    expect(legacy('ca/nca_gost2015_test.cer').id).toBe(current.id);
  });

  it('parses the recorded OCSP responses and verifies their GOST 2015, GOST 2004 and RSA signatures', () => {
    const files = {
      'ocsp_response_individual_2015.bin': 'revoked',
      'ocsp_response_ceo_2015_revoked.bin': 'revoked',
      'ocsp_response_ceo_sign_2004_revoked.bin': 'revoked',
      'ocsp_response_individual_sign_2004.bin': 'good',
    } as const;
    const algorithms = new Set<string>();
    for (const [file, status] of Object.entries(files)) {
      const parsed = parseOcspResponse(new Uint8Array(readFileSync(join(PKI_DIR, 'nca-legacy/ocsp', file))));
      expect(parsed.responseStatus).toBe(0);
      const basic = parsed.basic;
      if (basic === null) throw new Error(`${file}: no basic response`);
      const [responder] = basic.certs ?? [];
      if (responder === undefined) throw new Error(`${file}: no responder certificate`);
      const record = recordOf(responder, new Uint8Array(responder.toSchema(false).toBER(false)));
      const signature = asBytes(basic.signature.valueBlock.valueHexView);
      const check = {
        algorithm: basic.signatureAlgorithm,
        key: record.publicKey(),
        data: basic.tbsResponseData.tbsView,
      };
      expect(verifySignature({ ...check, signature })).toBe(true);
      expect(verifySignature({ ...check, signature: signature.map((b, i) => (i === 3 ? b ^ 1 : b)) })).toBe(
        false,
      );
      algorithms.add(basic.signatureAlgorithm.algorithmId);
      const single = basic.tbsResponseData.responses[0];
      const tag = (single?.certStatus as { idBlock: { tagNumber: number } } | undefined)?.idBlock.tagNumber;
      expect(tag).toBe(status === 'good' ? 0 : 1);
    }
    expect([...algorithms].sort()).toEqual(
      [OID.gost2004Signature, OID.gost2015Signature512, OID.sha256WithRsa].sort(),
    );
  });

  it('reads the recorded TSP token as a TSTInfo from a time-stamping unit the engine accepts as a TSA', () => {
    const token = readTimestampToken(
      new Uint8Array(readFileSync(join(PKI_DIR, 'nca-legacy/tsp/tsp_token.bin'))),
    );
    expect(token.genTime.getUTCFullYear()).toBeGreaterThanOrEqual(2015);
    expect([OID.sha256, OID.gost34311, OID.streebog512, OID.sha1]).toContain(token.imprint.hashAlgorithm);
    expect(token.imprint.hash.length).toBeGreaterThanOrEqual(20);
    const certificates = token.cms.certificates.map((der) => parseCertificate(der));
    // NCA's TSA certificate carries the timeStamping EKU alone, as RFC 3161 2.3 asks.
    expect(certificates.some(isTimestampingCertificate)).toBe(true);
  });

  it('parses the recorded TSP token as a CMS whose signer signature verifies', async () => {
    const token = new Uint8Array(readFileSync(join(PKI_DIR, 'nca-legacy/tsp/tsp_token.bin')));
    const cms = parseCms(token);
    expect(cms.contentType).toBe('1.2.840.113549.1.9.16.1.4');
    expect(cms.content?.length).toBeGreaterThan(0);
    expect(cms.signers).toHaveLength(1);
    const verifier = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
    const { report } = await verifier.verifyCms({ cms: token });
    // Digest and signature pass (they are checked first); a time-stamping certificate may not sign documents.
    expect(report.signatures[0]).toMatchObject({
      indication: 'INDETERMINATE',
      subIndication: 'SIG_CONSTRAINTS_FAILURE',
    });
  });
});
