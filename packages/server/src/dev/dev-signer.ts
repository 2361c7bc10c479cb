import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TimestampAuthority } from '../pki/index.js';

/** The development signer that runs beside `npm start`: an NCALayer emulator holding test keys. */
export interface DevSigner {
  /** Where the browser reaches the emulator (plain ws:// on 127.0.0.1). */
  url: string;
  /** Which keys it holds, as the interface's "Test signer: {label}" badge shows it (not repeating "Test signer"). */
  label: string;
  /** One line per key it signs with, for the start-up log. */
  keys: string[];
  /** The testkit's TSA, in-process and trusted (its CA in the trust folder): signatures made here get stamped. */
  timestamping: TimestampAuthority;
  close(): Promise<void>;
}

/** Options of {@link startDevSigner}. */
export interface DevSignerOptions {
  /** The trust folder of the verification engine: the test CAs and their CRLs are written into it. */
  trustDir: string;
  /** The emulator's port (a fixed one, so a bookmarked page keeps working across restarts). */
  port: number;
  /** Folder of the NCA RK TEST material; the testkit's default (`QOLTANBA_PKI_DIR`, `../shared/pki`) when absent. */
  pkiDir?: string;
}

/**
 * Starts the testkit's NCALayer emulator for local development: with the NCA RK TEST keys when their folder is
 * there, else with keys generated on the spot; and trusts their CAs so the signatures verify. Never call it in
 * production (the configuration refuses QOLTANBA_DEV_SIGNER there). Returns undefined when the testkit is not
 * installed (a production-style install without dev dependencies).
 */
export async function startDevSigner(options: DevSignerOptions): Promise<DevSigner | undefined> {
  let testkit: typeof import('@qoltanba/testkit');
  try {
    testkit = await import('@qoltanba/testkit');
  } catch {
    return undefined;
  }
  const dev = await testkit.startDevSigning({
    port: options.port,
    ...(options.pkiDir ? { pkiDir: options.pkiDir } : {}),
  });
  try {
    await mkdir(options.trustDir, { recursive: true });
    if (dev.pki) await dev.pki.writeTrustDir(options.trustDir);
    else {
      for (const [index, der] of dev.trustAnchorsDer.entries())
        await writeFile(join(options.trustDir, `dev-nca-test-${index}.cer`), der);
      const crl = join(
        options.pkiDir ?? testkit.defaultPkiDir(),
        'nca-test',
        'certs',
        'nca_gost2022_test.crl',
      );
      // The NCA TEST responders are not reachable from a developer's machine: its CRL is how revocation is checked.
      await copyFile(crl, join(options.trustDir, 'dev-nca-test.crl')).catch(() => undefined);
    }
  } catch (error) {
    await dev.close();
    throw error;
  }
  let timestamping: TimestampAuthority;
  try {
    timestamping = await startDevTsa(testkit, options.trustDir);
  } catch (error) {
    await dev.close();
    throw error;
  }
  const source = dev.source === 'nca-test' ? 'NCA RK TEST keys' : 'generated test keys';
  return {
    url: dev.url,
    label: source,
    keys: dev.signers.map((s) =>
      [s.kind, s.iin && `IIN ${s.iin}`, s.bin && `BIN ${s.bin}`, s.organisation].filter(Boolean).join(', '),
    ),
    timestamping,
    close: () => dev.close(),
  };
}

/**
 * A test TSA of its own small PKI, whose CAs and CRL go to `<trustDir>/dev-tsa`. Its CRL is current for a day
 * from this start (the TSA's status comes from it): restart `npm start` daily, as the test CAs' CRLs need anyway.
 */
async function startDevTsa(
  testkit: typeof import('@qoltanba/testkit'),
  trustDir: string,
): Promise<TimestampAuthority> {
  const pki = testkit.createTestPki({ seed: 'qoltanba-dev-tsa' });
  const tsa = pki.issueTsa('ecdsa');
  const dir = join(trustDir, 'dev-tsa');
  await mkdir(dir, { recursive: true });
  await pki.writeTrustDir(dir);
  return { stamp: async (data) => testkit.timestampToken({ tsa, data }) };
}
