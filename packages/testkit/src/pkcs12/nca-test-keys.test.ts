import { existsSync } from 'node:fs';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { OID } from '../oids';
import { gostCertificateVerifies, gostCmsVerifies } from '../test-support/verify-gost';
import { loadPkcs12 } from './load-pkcs12';
import { defaultPkiDir, NCA_TEST_PASSWORD, ncaTestChainDer, ncaTestKeys } from './nca-test-keys';

const pkiDir = defaultPkiDir();
const present = existsSync(pkiDir);
if (!present)
  console.warn(`NCA TEST material not found at ${pkiDir} (set QOLTANBA_PKI_DIR): its tests are skipped`);

describe.skipIf(!present)('NCA TEST key stores', () => {
  const keys = ncaTestKeys(pkiDir);

  it('lists the individual and legal keys, valid and revoked', () => {
    expect(keys.map((k) => `${k.holder}/${k.status}/${k.name}`)).toEqual([
      'individual/valid/individual_valid',
      'individual/revoked/individual_revoked',
      ...['valid', 'revoked'].flatMap((status) =>
        ['employee', 'employee_signright', 'head', 'infosystem', 'treasury_client'].map(
          (n) => `legal/${status}/${n}`,
        ),
      ),
    ]);
  });

  it.each(keys.map((k) => [k.name, k.status, k] as const))(
    '%s (%s): the key derives its certificate public key, and a CMS signed with it verifies with gostVerify',
    async (_name, _status, entry) => {
      const signer = await entry.load();
      const certificate = pkijs.Certificate.fromBER(signer.certificateDer);
      expect(signer.key.publicKeyInfoDer).toEqual(
        new Uint8Array(certificate.subjectPublicKeyInfo.toSchema().toBER()),
      );
      const content = new TextEncoder().encode(`signed by ${entry.name}`);
      const cms = signer.signCms({ content });
      expect(gostCmsVerifies(cms, content)).toEqual([true]);
      expect(gostCmsVerifies(cms, new TextEncoder().encode('something else'))).toEqual([false]);
      const [issuingCa] = signer.chainDer;
      expect(issuingCa && gostCertificateVerifies(signer.certificateDer, issuingCa)).toBe(true);
    },
  );

  it('reads the head certificate as a first head of BIN123456789021', async () => {
    const head = keys.find((k) => k.name === 'head' && k.status === 'valid');
    const signer = await head?.load();
    expect(signer?.identity).toMatchObject({
      algorithm: 'gost2015',
      kind: 'first_head',
      usage: 'sign',
      iin: '123456789011',
      bin: '123456789021',
      surname: 'ТЕСТОВ',
      givenName: 'ТЕСТ',
      patronymic: 'ТЕСТОВИЧ',
      extKeyUsageOids: [OID.emailProtection, OID.kzLegalEntity, OID.kzFirstHead],
    });
    expect(signer?.chainDer).toEqual(ncaTestChainDer(pkiDir));
  });

  it('refuses a wrong password', async () => {
    const [first] = keys;
    await expect(loadPkcs12(first?.file ?? '', `${NCA_TEST_PASSWORD}x`)).rejects.toThrow();
  });
});
