import { createTestPki, type IssueOptions, type KeyAlgorithm, type TestSigner } from '@qoltanba/testkit';
import { TEST_CLOCK_START } from './accounts.js';
import { COMPANIES } from './documents.js';

/** The person who signs for every test company, and the individual signer (a valid IIN, not a test number). */
export const PERSON = { iin: '880101300123', surname: 'ТЕСТОВ', givenName: 'ТЕСТ', patronymic: 'ТЕСТОВИЧ' };

/** What a test certificate is issued for: everything but the key family defaults to a first head of a company. */
export type HolderOptions = Partial<Omit<IssueOptions, 'algorithm'>>;

/**
 * The KZ-format test PKI of one signing test file: CAs of the families asked for (ECDSA always: the cheapest),
 * issued at {@link TEST_CLOCK_START} so the engine verifies it against the suites' test clock, with a revoked
 * certificate of the signer company in its CRL and one of another PKI that the trust folder does not hold.
 */
export interface SigningPki {
  /** The families the trust folder holds. */
  readonly algorithms: readonly KeyAlgorithm[];
  /** The first head of company `bin` (memoised per company and family). */
  head(bin: string, algorithm?: KeyAlgorithm): TestSigner;
  /** A new certificate of the PKI: first head of the signer company unless the options say otherwise. */
  issue(options?: HolderOptions, algorithm?: KeyAlgorithm): TestSigner;
  /** A first head of the signer company whose certificate the CA revoked. */
  readonly revoked: TestSigner;
  /** The signer company's first head with an authentication certificate (clientAuth, no signing usage). */
  readonly authentication: TestSigner;
  /** The signer company's first head, issued by a CA the trust folder does not hold. */
  readonly untrusted: TestSigner;
  /** A time-stamping unit of the PKI (ECDSA, valid five years: it outlives the signers' one-year certificates). */
  readonly tsa: TestSigner;
  /** Writes the CA certificates and CRLs into `dir` (a trust folder for `createVerifier`). */
  writeTrustDir(dir: string): Promise<string[]>;
}

/**
 * Creates the test PKI of a file (call once per file, at the top: ECDSA ~5 ms a certificate, RSA ~400 ms once),
 * issued at `issuedAt` (a server process on the wall clock needs it issued now).
 */
export function createSigningPki(
  algorithms: readonly KeyAlgorithm[] = ['ecdsa'],
  issuedAt: Date = TEST_CLOCK_START,
): SigningPki {
  const families: KeyAlgorithm[] = ['ecdsa', ...algorithms.filter((a) => a !== 'ecdsa')];
  const pki = createTestPki({ seed: `qoltanba-signing:${families.join(',')}`, now: () => issuedAt });
  // The CAs exist before the trust folder is written, so certificates issued later chain to it.
  for (const family of families) pki.ca(family);
  const issue = (options: HolderOptions = {}, algorithm: KeyAlgorithm = 'ecdsa') =>
    pki.issue({
      ...PERSON,
      bin: COMPANIES.signer.bin,
      organisation: COMPANIES.signer.nameRu,
      kind: 'first_head',
      usage: 'sign',
      ...options,
      algorithm,
    });
  const heads = new Map<string, TestSigner>();
  const revoked = issue();
  pki.revoke(revoked, new Date(issuedAt.getTime() - 60_000));
  const other = createTestPki({ seed: 'qoltanba-signing:untrusted', now: () => issuedAt });
  return {
    algorithms: families,
    head(bin, algorithm = 'ecdsa') {
      const key = `${bin}:${algorithm}`;
      let head = heads.get(key);
      if (!head) {
        const company = Object.values(COMPANIES).find((c) => c.bin === bin);
        head = issue({ bin, organisation: company?.nameRu ?? 'ТОО «Тест»' }, algorithm);
        heads.set(key, head);
      }
      return head;
    },
    issue,
    revoked,
    authentication: issue({ usage: 'auth' }),
    untrusted: other.issue({
      ...PERSON,
      bin: COMPANIES.signer.bin,
      organisation: COMPANIES.signer.nameRu,
      kind: 'first_head',
      usage: 'sign',
      algorithm: 'ecdsa',
    }),
    tsa: pki.issueTsa('ecdsa', { notAfter: new Date(issuedAt.getTime() + 5 * 365 * 86_400_000) }),
    writeTrustDir: (dir) => pki.writeTrustDir(dir),
  };
}
