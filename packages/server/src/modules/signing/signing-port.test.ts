import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPath, type Document, SIGNING_PATHS } from '@qoltanba/core';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { COMPANIES } from '../../testing/documents.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { type DocumentSigningPort, type SigningChange, signingPort } from '../documents/index.js';

// The documents/signing boundary for "who signs and when": one port, and each signing, rejection and revocation
// crosses it a fixed, small number of times (a signing asks once and tells once; the others only tell).

const { sender, signer, second } = COMPANIES;
const pki = createSigningPki();
const SIGNING_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Names the signing module's own files (tests aside) import from the documents module's front door. */
async function namesFromDocuments(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of await readdir(SIGNING_DIR)) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = await readFile(join(SIGNING_DIR, file), 'utf8');
    const imports = source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'\.\.\/documents\/index\.js'/g);
    for (const [, typeOnly, list] of imports) {
      if (typeOnly) continue;
      for (const name of (list ?? '').split(',').map((part) => part.trim()))
        if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  return names;
}

describe('the signing port', () => {
  it('is the only value the signing module takes from the documents module', async () => {
    expect([...(await namesFromDocuments())]).toEqual(['signingPort']);
  });

  it('offers reads before any lock and one telling per change', () => {
    expect(Object.keys(signingPort).sort()).toEqual([
      'linkHistory',
      'linkView',
      'partyView',
      'recordApproval',
      'recordRejection',
      'recordRevocation',
      'recordSigned',
      'sentDocument',
      'signedFile',
      'signingTarget',
    ]);
  });
});

describe.each(testDatabases())('crossing the signing port on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki });
  const spies: Array<[keyof DocumentSigningPort, MockInstance]> = [];
  beforeEach(() => {
    for (const name of Object.keys(signingPort) as Array<keyof DocumentSigningPort>)
      spies.push([name, vi.spyOn(signingPort, name)]);
  });
  afterEach(() => {
    for (const [, spy] of spies.splice(0)) spy.mockRestore();
  });
  /** Runs `act` and answers the port's calls it made, in order. */
  async function crossings(act: () => Promise<{ statusCode: number }>): Promise<string[]> {
    for (const [, spy] of spies) spy.mockClear();
    expect((await act()).statusCode).toBe(200);
    return spies
      .flatMap(([name, spy]) => spy.mock.invocationCallOrder.map((order) => [order, name] as const))
      .sort(([a], [b]) => a - b)
      .map(([, name]) => name);
  }
  /** What the last telling answered. */
  async function lastChange(name: 'recordSigned' | 'recordRejection' | 'recordRevocation') {
    const spy = spies.find(([spied]) => spied === name)?.[1];
    return (await spy?.mock.results.at(-1)?.value) as SigningChange;
  }
  const post = (path: string, bin: string, id: number, body: object, token: string) =>
    suite.request(token, 'POST', apiPath(path, { bin, id: String(id) }), body);

  it('a signature asks once and tells once; the change says whose turn began, then that it completed', async () => {
    const document = await suite.document(twoSigners('SEQUENTIAL'));
    const first = await crossings(() => suite.sign(document, signer.bin));
    // The route's answer (partyView) is read after the signature committed.
    expect(first).toEqual(['signingTarget', 'recordSigned', 'partyView']);
    expect(await lastChange('recordSigned')).toMatchObject({
      status: 'AT_SIGNING',
      identityNumber: signer.bin,
      sent: false,
      completed: false,
      turn: [{ identityNumber: second.bin, email: 'second@example.kz' }],
    });
    expect(await crossings(() => suite.sign(document, second.bin))).toEqual(first);
    expect(await lastChange('recordSigned')).toMatchObject({ status: 'SIGNED', completed: true, turn: [] });
  });

  it("the sender's signature sends its draft: the sent document is read once for the links", async () => {
    const draft = await suite.document(twoSigners('PARALLEL'), { send: false });
    expect(await crossings(() => suite.sign(draft, sender.bin))).toEqual([
      'signingTarget',
      'recordSigned',
      'sentDocument',
      'partyView',
    ]);
    const change = await lastChange('recordSigned');
    expect(change).toMatchObject({ status: 'AT_SIGNING', sent: true, completed: false, signer: null });
    expect(change.turn.map((s) => s.identityNumber)).toEqual([signer.bin, second.bin]);
  });

  it('a rejection and a revocation only tell', async () => {
    const rejected = await suite.document();
    const reject = () =>
      post(SIGNING_PATHS.reject, signer.bin, rejected.id, { reason: 'Сумма неверна' }, suite.tokens.signer);
    expect(await crossings(reject)).toEqual(['recordRejection', 'partyView']);
    expect(await lastChange('recordRejection')).toMatchObject({
      status: 'REJECTED',
      signer: { identityNumber: signer.bin, nameRu: signer.nameRu },
      turn: [],
    });
    const revoked: Document = await suite.document();
    const revoke = () => post(SIGNING_PATHS.revoke, sender.bin, revoked.id, {}, suite.tokens.sender);
    expect(await crossings(revoke)).toEqual(['recordRevocation', 'partyView']);
    expect(await lastChange('recordRevocation')).toMatchObject({ status: 'REVOKED', signer: null });
  });
});
