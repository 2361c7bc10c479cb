import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AttachChallenge,
  apiPath,
  type Company,
  type Document,
  type QrSigningSession,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { createTestPki, signWithEgovMobile, type TestPki, type TestSigner } from '@qoltanba/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, type Verifier } from '../../pki/index.js';
import type { CmsVerifier } from '../../signature-verifier.js';
import { COMPANIES } from '../../testing/documents.js';
import { type SigningSuite, useSigningSuite } from '../../testing/signing.js';
import { testDatabases } from '../../testing/test-databases.js';
import { signaturesOf } from './signature-store.js';

// The flows with real CMS: the testkit's KZ-format PKI (GOST 34.10-2015, RSA, ECDSA), verified by the engine
// offline against the CRLs of its trust folder; eGov mobile is the testkit's emulator.

const { sender, signer, outsider } = COMPANIES;
const PUBLIC_URL = 'https://q.example.kz';
const person = { iin: '880101300123', surname: 'ТЕСТОВ', givenName: 'ТЕСТ', patronymic: 'ТЕСТОВИЧ' };

let pki: TestPki;
let trustDir: string;
let engine: Verifier | undefined;
let signers: Record<'gost' | 'rsa' | 'ecdsa' | 'revoked' | 'outsider' | 'employee', TestSigner>;

beforeAll(async () => {
  pki = createTestPki({ seed: 'qoltanba-signing-flows' });
  const company = { ...person, bin: signer.bin, organisation: 'ТОО "Береке Строй"' };
  signers = {
    gost: pki.issue({ ...company, algorithm: 'gost2015', kind: 'first_head', usage: 'sign' }),
    rsa: pki.issue({ ...company, algorithm: 'rsa', kind: 'right_to_sign', usage: 'sign' }),
    ecdsa: pki.issue({ ...company, algorithm: 'ecdsa', kind: 'first_head', usage: 'sign' }),
    revoked: pki.issue({ ...company, algorithm: 'gost2015', kind: 'first_head', usage: 'sign' }),
    outsider: pki.issue({
      ...person,
      bin: outsider.bin,
      organisation: 'ТОО "Посторонний"',
      algorithm: 'gost2015',
      kind: 'first_head',
      usage: 'sign',
    }),
    employee: pki.issue({ ...company, algorithm: 'gost2015', kind: 'employee', usage: 'sign' }),
  };
  pki.revoke(signers.revoked);
  trustDir = await mkdtemp(join(tmpdir(), 'qoltanba-signing-trust-'));
  await pki.writeTrustDir(trustDir);
  engine = await createVerifier({ trustDir, offline: true, acceptTestIdentities: true });
});
afterAll(async () => {
  await rm(trustDir, { recursive: true, force: true });
});

/** The engine, made in beforeAll (the test app is created before it exists). */
const verifier: CmsVerifier = {
  verifyCms(input) {
    if (!engine) throw new Error('the engine is made in beforeAll');
    return engine.verifyCms(input);
  },
};

/** A fetch for the eGov emulator that goes to the test app instead of the network. */
function fetchVia(suite: SigningSuite): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input));
    const res = await suite.server.app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      ...(init?.body ? { payload: String(init.body) } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

describe.each(testDatabases())('signing with real CMS on $name', (backend) => {
  const suite = useSigningSuite(backend, { verifier, env: { QOLTANBA_PUBLIC_URL: PUBLIC_URL } });

  async function signWith(document: Document, by: TestSigner, tamper = false) {
    const signatures = [];
    for (const file of document.files) {
      const original = await suite.fileBytes(document, file.id);
      const content = tamper ? Buffer.concat([original, Buffer.from('!')]) : original;
      signatures.push({ fileId: file.id, cms: Buffer.from(by.signCms({ content })).toString('base64') });
    }
    return suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.sign, { bin: signer.bin, id: String(document.id) }),
      { signatures },
    );
  }

  it("accepts the signer company's GOST 2015 signature over every file and stores the engine's report", async () => {
    const document = await suite.document({}, { files: 2 });
    const res = await signWith(document, signers.gost);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('SIGNED');
    const stored = await signaturesOf(suite.server.services.database.db, document.id);
    expect(stored).toHaveLength(2);
    expect(stored[0]?.report).toMatchObject({
      indication: 'TOTAL_PASSED',
      signatureType: 'GOST2015',
      signer: { bin: signer.bin, iin: person.iin, role: 'first_head' },
    });
  });

  it('accepts RSA and ECDSA; refuses a revoked certificate, other bytes and another company', async () => {
    expect((await signWith(await suite.document(), signers.revoked)).json().code).toBe('CERTIFICATE_REVOKED');
    expect((await signWith(await suite.document(), signers.gost, true)).json().code).toBe(
      'SIGNED_FILE_MISMATCH',
    );
    expect((await signWith(await suite.document(), signers.outsider)).json().code).toBe(
      'BIN_NOT_AMONG_SIGNERS',
    );
    expect((await signWith(await suite.document(), signers.rsa)).json().status).toBe('SIGNED');
    expect((await signWith(await suite.document(), signers.ecdsa)).json().status).toBe('SIGNED');
  });

  it('eGov mobile (the emulator) signs through API #1 and #2; a wrong document is refused with 403', async () => {
    const start = async (document: Document) =>
      (
        await suite.request(
          suite.tokens.signer,
          'POST',
          apiPath(SIGNING_PATHS.qrSigning, { bin: signer.bin, id: String(document.id) }),
        )
      ).json() as QrSigningSession;
    // The emulator signs at the real time (its signingTime must fall within the certificate's validity).
    suite.clock.advance(Math.ceil((Date.now() - suite.clock.now().getTime()) / 1000));
    suite.tokens.sender = await suite.login('sender@example.kz');
    suite.tokens.signer = await suite.login('signer@example.kz');
    const document = await suite.document();
    const wrong = await signWithEgovMobile({
      qr: (await start(document)).qrPayload,
      signer: signers.gost,
      action: 'wrong-document',
      fetch: fetchVia(suite),
    });
    expect(wrong.status).toBe(403);
    const outcome = await signWithEgovMobile({
      qr: (await start(document)).qrPayload,
      signer: signers.gost,
      fetch: fetchVia(suite),
    });
    expect(outcome.status).toBe(200);
    expect(outcome.description.organisation.bin).toBe(sender.bin);
    expect((await suite.view(document, sender.bin)).status).toBe('SIGNED');
  });

  it("attaches the first head's company by a signed challenge, not an employee's", async () => {
    const attach = async (by: TestSigner) => {
      const issued = (
        await suite.request(suite.tokens.outsider, 'POST', SIGNING_PATHS.attachChallenge)
      ).json() as AttachChallenge;
      const cms = by.signCms({ content: Buffer.from(issued.data, 'base64') });
      return suite.request(suite.tokens.outsider, 'POST', SIGNING_PATHS.attachBySignature, {
        challengeId: issued.challengeId,
        cms: Buffer.from(cms).toString('base64'),
      });
    };
    const res = await attach(signers.gost);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Company[]).map((c) => c.bin)).toContain(signer.bin);
    const refused = await attach(signers.employee);
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ATTACH_SIGNATURE_ROLE']);
  });
});
