import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { defaultPkiDir } from '../pkcs12/nca-test-keys';
import { startDevSigning } from './start-dev-signing';

const empty = mkdtempSync(join(tmpdir(), 'testkit-no-pki-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

async function greeting(url: string): Promise<unknown> {
  const socket = new WebSocket(url);
  const text = await new Promise<string>((resolve, reject) => {
    socket.once('message', (data) => resolve(data.toString()));
    socket.once('error', reject);
  });
  socket.close();
  return JSON.parse(text);
}

describe('startDevSigning', () => {
  it('falls back to generated GOST keys when there is no PKI folder, and says what to trust', async () => {
    const dev = await startDevSigning({ pkiDir: empty });
    try {
      expect(dev.source).toBe('testkit');
      expect(dev.signers.map((s) => [s.algorithm, s.kind])).toEqual([
        ['gost2015', 'individual'],
        ['gost2015', 'first_head'],
        ['gost2015', 'employee'],
      ]);
      expect(dev.trustAnchorsDer).toHaveLength(2);
      expect(await greeting(dev.url)).toEqual({ result: { version: '1.4' } });
    } finally {
      await dev.close();
    }
  });

  it.skipIf(!existsSync(defaultPkiDir()))(
    'uses the valid NCA TEST keys when the PKI folder has them',
    async () => {
      const dev = await startDevSigning();
      try {
        expect(dev.source).toBe('nca-test');
        expect(dev.signers.length).toBe(6);
        expect(dev.signers.every((s) => s.algorithm === 'gost2015')).toBe(true);
        // A page asking for АО "ТЕСТ"'s signing key gets its first head's, as a person acting for it would pick.
        expect(dev.signers.slice(0, 3).map((s) => s.kind)).toEqual([
          'individual',
          'first_head',
          'right_to_sign',
        ]);
        expect(dev.trustAnchorsDer).toHaveLength(2);
      } finally {
        await dev.close();
      }
    },
  );
});
