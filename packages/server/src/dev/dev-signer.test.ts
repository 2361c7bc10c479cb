import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultPkiDir } from '@qoltanba/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createVerifier } from '../pki/index.js';
import { startDevSigner } from './dev-signer.js';

const scratch = mkdtempSync(join(tmpdir(), 'dev-signer-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Asks the emulator to sign like the portal does (detached CMS) and returns the base64 CMS. */
async function signThroughEmulator(url: string, data: Uint8Array): Promise<string> {
  const socket = new WebSocket(url);
  const messages: unknown[] = [];
  const answer = new Promise<unknown>((resolve, reject) => {
    socket.on('message', (raw) => {
      messages.push(JSON.parse(raw.toString()));
      if (messages.length === 2) resolve(messages[1]);
    });
    socket.once('error', reject);
  });
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(
    JSON.stringify({
      module: 'kz.gov.pki.knca.basics',
      method: 'sign',
      args: {
        allowedStorages: ['PKCS12'],
        format: 'cms',
        data: Buffer.from(data).toString('base64'),
        signingParams: { decode: true, encapsulate: false, digested: false, tsaProfile: {} },
        signerParams: { extKeyUsageOids: ['1.3.6.1.5.5.7.3.4'], chain: [] },
        locale: 'ru',
      },
    }),
  );
  const reply = (await answer) as { status: boolean; body: { result: string[] } };
  socket.close();
  expect(reply.status).toBe(true);
  const [cms] = reply.body.result;
  if (!cms) throw new Error('no CMS in the answer');
  return cms;
}

async function signAndVerify(options: { pkiDir: string; trustDir: string }) {
  const signer = await startDevSigner({ ...options, port: 0 });
  if (!signer) throw new Error('the testkit is a dev dependency of the server, so it must load here');
  try {
    const content = new TextEncoder().encode('a document to sign');
    const cms = await signThroughEmulator(signer.url, content);
    const verifier = await createVerifier({
      trustDir: options.trustDir,
      offline: true,
      acceptTestIdentities: true,
      timestamping: signer.timestamping,
    });
    // As `npm start` keeps it: stamped by the development TSA, whose CA and CRL are in the trust folder too.
    const { verification: result } = await verifier.secureCms({ cms: Buffer.from(cms, 'base64'), content });
    return { signer, result };
  } finally {
    await signer.close();
  }
}

describe('development signer', () => {
  it('signs with generated keys when there is no NCA TEST folder, and its CAs and CRL make the signature verify', async () => {
    const trustDir = join(scratch, 'trust-generated');
    const { signer, result } = await signAndVerify({ pkiDir: join(scratch, 'no-pki-here'), trustDir });
    // The badge reads 'Test signer: generated test keys', never 'Test signer: Test signer (…)'.
    expect(signer.label).toBe('generated test keys');
    expect(signer.keys.length).toBeGreaterThan(0);
    expect(readdirSync(trustDir).some((name) => name.endsWith('.crl'))).toBe(true);
    expect(result.report.verdict).toBe('TOTAL_PASSED');
    expect(result.report.signatures[0]?.timestamp?.indication).toBe('TOTAL_PASSED');
  });

  it.skipIf(!existsSync(defaultPkiDir()) && !process.env.CI)(
    'signs with the NCA RK TEST keys when their folder is there, verified offline through the copied CRL',
    async () => {
      const trustDir = join(scratch, 'trust-nca');
      const { signer, result } = await signAndVerify({ pkiDir: defaultPkiDir(), trustDir });
      expect(signer.label).toMatch(/NCA RK TEST/);
      expect(readdirSync(trustDir)).toContain('dev-nca-test.crl');
      expect(result.report.verdict).toBe('TOTAL_PASSED');
      expect(result.report.signatures[0]?.signatureType).toBe('GOST2015');
      expect(result.report.signatures[0]?.revocation.source).toBe('crl');
    },
  );
});
