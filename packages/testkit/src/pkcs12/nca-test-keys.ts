import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestSigner } from '../signer';
import { loadPkcs12 } from './load-pkcs12';

/** The password of every NCA RK TEST key store. */
export const NCA_TEST_PASSWORD = 'Qwerty12';

/** One NCA RK TEST key store in the shared PKI folder. */
export interface NcaTestKey {
  /** File name without `.p12`: individual_valid, head, employee_signright, … */
  readonly name: string;
  readonly file: string;
  readonly holder: 'individual' | 'legal';
  readonly status: 'valid' | 'revoked';
  /** Loads it, with the TEST 2022 issuing CA and root as its chain. */
  load(): Promise<TestSigner>;
}

function repositoryRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    dir = dirname(dir);
  }
  return undefined;
}

/** `QOLTANBA_PKI_DIR`, else `<repository>/../shared/pki`. */
export function defaultPkiDir(): string {
  const fromEnv = process.env.QOLTANBA_PKI_DIR;
  if (fromEnv) return fromEnv;
  const root = repositoryRoot();
  return root ? join(root, '..', 'shared', 'pki') : join(process.cwd(), '..', 'shared', 'pki');
}

/** The TEST 2022 issuing CA and root certificates (DER), or none when the folder lacks them. */
export function ncaTestChainDer(pkiDir: string = defaultPkiDir()): Uint8Array[] {
  const certs = join(pkiDir, 'nca-test', 'certs');
  return ['nca_gost2022_test.cer', 'root_test_gost_2022.cer']
    .map((name) => join(certs, name))
    .filter((path) => existsSync(path))
    .map((path) => new Uint8Array(readFileSync(path)));
}

/** Lists the NCA RK TEST key stores (`nca-test/certs/{individual,legal}/{valid,revoked}/*.p12`); empty when absent. */
export function ncaTestKeys(pkiDir: string = defaultPkiDir()): NcaTestKey[] {
  const keys: NcaTestKey[] = [];
  const chainDer = ncaTestChainDer(pkiDir);
  for (const holder of ['individual', 'legal'] as const) {
    for (const status of ['valid', 'revoked'] as const) {
      const dir = join(pkiDir, 'nca-test', 'certs', holder, status);
      if (!existsSync(dir)) continue;
      for (const entry of readdirSync(dir)
        .filter((f) => f.endsWith('.p12'))
        .sort()) {
        const file = join(dir, entry);
        keys.push({
          name: basename(entry, '.p12'),
          file,
          holder,
          status,
          load: () => loadPkcs12(file, NCA_TEST_PASSWORD, { chainDer }),
        });
      }
    }
  }
  return keys;
}
