import { type NcaLayerEmulator, startNcaLayerEmulator } from '../ncalayer/ncalayer-emulator';
import { defaultPkiDir, ncaTestChainDer, ncaTestKeys } from '../pkcs12/nca-test-keys';
import type { SignerIdentity } from '../pki/certificate-identity';
import type { SignerKind } from '../pki/kz-roles';
import { createTestPki, type TestPki } from '../pki/test-pki';
import type { TestSigner } from '../signer';

/** Options of {@link startDevSigning}. */
export interface DevSigningOptions {
  /** Where NCA TEST material lives; default `QOLTANBA_PKI_DIR` or `<repository>/../shared/pki`. */
  readonly pkiDir?: string;
  /** Emulator port; default any free port. */
  readonly port?: number;
}

/** What the development server's demo mode signs with. */
export interface DevSigning {
  readonly url: string;
  /** 'nca-test': the NCA RK TEST keys of the PKI folder; 'testkit': keys generated here (no folder found). */
  readonly source: 'nca-test' | 'testkit';
  readonly signers: readonly SignerIdentity[];
  /** CA certificates (DER) to add to the server's trust dir: roots and issuing CAs. */
  readonly trustAnchorsDer: readonly Uint8Array[];
  /** The generated PKI when `source` is 'testkit' (for `writeTrustDir`, CRLs, an OCSP responder). */
  readonly pki: TestPki | undefined;
  readonly emulator: NcaLayerEmulator;
  close(): Promise<void>;
}

// The emulator signs with the first key that passes a page's filters, where a person would pick one: offer the
// keys that may act for a company (first head, right to sign) before the other employees'.
const KIND_ORDER: readonly (SignerKind | undefined)[] = ['individual', 'first_head', 'right_to_sign'];
const kindRank = (signer: TestSigner) => {
  const rank = KIND_ORDER.indexOf(signer.identity.kind);
  return rank < 0 ? KIND_ORDER.length : rank;
};

async function ncaTestSigners(pkiDir: string): Promise<TestSigner[]> {
  const valid = ncaTestKeys(pkiDir).filter((key) => key.status === 'valid');
  const signers = await Promise.all(valid.map((key) => key.load()));
  return signers.sort((a, b) => kindRank(a) - kindRank(b));
}

function generatedSigners(pki: TestPki): TestSigner[] {
  const person = { iin: '880101300123', surname: 'ТЕСТОВ', givenName: 'ТЕСТ', patronymic: 'ТЕСТОВИЧ' };
  const company = { bin: '120340001234', organisation: 'ТОО "QOLTANBA DEMO"' };
  return [
    pki.issue({ algorithm: 'gost2015', kind: 'individual', usage: 'sign', ...person }),
    pki.issue({ algorithm: 'gost2015', kind: 'first_head', usage: 'sign', ...person, ...company }),
    pki.issue({
      algorithm: 'gost2015',
      kind: 'employee',
      usage: 'sign',
      ...company,
      iin: '900202400456',
      surname: 'ҚЫЗМЕТКЕР',
      givenName: 'ДЕМО',
    }),
  ];
}

/**
 * Starts the NCALayer emulator for `npm start`'s demo mode: with the NCA TEST keys when the PKI folder has them,
 * else with keys of a generated test PKI. A newcomer can sign at once; the server trusts `trustAnchorsDer`. Where
 * several keys pass a page's filters the emulator takes the first: the individual's, then a first head's, then
 * one with the right to sign, then other employees' (the NCA TEST `valid/employee.p12` is on the current CRL).
 */
export async function startDevSigning(options: DevSigningOptions = {}): Promise<DevSigning> {
  const pkiDir = options.pkiDir ?? defaultPkiDir();
  let signers = await ncaTestSigners(pkiDir);
  let pki: TestPki | undefined;
  let trustAnchorsDer: Uint8Array[];
  if (signers.length > 0) {
    trustAnchorsDer = ncaTestChainDer(pkiDir);
  } else {
    pki = createTestPki({ seed: 'qoltanba-dev' });
    signers = generatedSigners(pki);
    trustAnchorsDer = pki.algorithms.flatMap((algorithm) => {
      const ca = pki?.ca(algorithm);
      return ca ? [ca.rootCertificateDer, ca.issuingCertificateDer] : [];
    });
  }
  const emulator = await startNcaLayerEmulator({
    signers,
    ...(options.port === undefined ? {} : { port: options.port }),
  });
  return {
    url: emulator.url,
    source: pki ? 'testkit' : 'nca-test',
    signers: signers.map((signer) => signer.identity),
    trustAnchorsDer,
    pki,
    emulator,
    close: () => emulator.close(),
  };
}
