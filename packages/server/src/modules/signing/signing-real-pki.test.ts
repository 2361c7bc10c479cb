import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AttachChallenge,
  apiPath,
  type Company,
  type Document,
  type EgovDocumentsToSign,
  type EgovQrDescription,
  type QrSigningSession,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, type Verifier } from '../../pki/index.js';
import { type Leaf, OpensslPki } from '../../pki/test-support/openssl-pki.js';
import type { CmsVerifier } from '../../signature-verifier.js';
import { call } from '../../testing/accounts.js';
import { COMPANIES } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { testDatabases } from '../../testing/test-databases.js';
import { signaturesOf } from './signature-store.js';

// The flows with real CMS: an openssl-made RSA/ECDSA test PKI with KZ-format subjects and role OIDs, verified by
// the engine offline against its CRL. (The testkit's PKI replaces it once it lands.)

const { sender, signer, outsider } = COMPANIES;
const FIRST_HEAD = 'emailProtection,1.2.398.3.3.4.1.2,1.2.398.3.3.4.1.2.1';
const subjectOf = (bin: string, organisation: string) =>
  `/CN=ТЕСТОВ ТЕСТ/SN=ТЕСТОВ/serialNumber=IIN123456789011/C=KZ/O=${organisation}/OU=BIN${bin}/GN=ТЕСТОВИЧ`;

let pki: OpensslPki;
let engine: Verifier | undefined;
const leaves: Record<'signer' | 'ecdsa' | 'revoked' | 'outsider' | 'employee', Leaf> = {} as never;

beforeAll(async () => {
  pki = new OpensslPki();
  leaves.signer = pki.issue({
    name: 'signer',
    subject: subjectOf(signer.bin, 'ТОО Береке Строй'),
    extendedKeyUsage: FIRST_HEAD,
  });
  leaves.ecdsa = pki.issue({ name: 'ecdsa', key: 'ec', subject: subjectOf(signer.bin, 'ТОО Береке Строй') });
  leaves.revoked = pki.issue({ name: 'revoked', subject: subjectOf(signer.bin, 'ТОО Береке Строй') });
  leaves.outsider = pki.issue({ name: 'outsider', subject: subjectOf(outsider.bin, 'ТОО Посторонний') });
  leaves.employee = pki.issue({
    name: 'employee',
    subject: subjectOf(outsider.bin, 'ТОО Посторонний'),
    extendedKeyUsage: 'emailProtection,1.2.398.3.3.4.1.2,1.2.398.3.3.4.1.2.5',
  });
  pki.revoke(leaves.revoked);
  writeFileSync(join(pki.trustDir, 'issuing.crl'), pki.crl());
  engine = await createVerifier({ trustDir: pki.trustDir, offline: true, acceptTestIdentities: true });
});
afterAll(() => pki.dispose());

/** The engine, made in beforeAll (the test app is created before it exists). */
const verifier: CmsVerifier = {
  verifyCms(input) {
    if (!engine) throw new Error('the engine is made in beforeAll');
    return engine.verifyCms(input);
  },
};

describe.each(testDatabases())('signing with real CMS on $name', (backend) => {
  const suite = useSigningSuite(backend, { verifier, env: { QOLTANBA_PUBLIC_URL: 'https://q.example.kz' } });

  async function signWith(document: Document, leaf: Leaf, bytes?: (b: Buffer) => Uint8Array) {
    const signatures = [];
    for (const file of document.files) {
      const original = await suite.fileBytes(document, file.id);
      const cms = pki.cmsSign(bytes ? bytes(original) : original, [leaf]);
      signatures.push({ fileId: file.id, cms: Buffer.from(cms).toString('base64') });
    }
    return suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.sign, { bin: signer.bin, id: String(document.id) }),
      { signatures },
    );
  }

  it("accepts the signer company's RSA signature over every file and stores the engine's report", async () => {
    const document = await suite.document({}, { files: 2 });
    const res = await signWith(document, leaves.signer);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('SIGNED');
    const stored = await signaturesOf(suite.server.services.database.db, document.id);
    expect(stored).toHaveLength(2);
    expect(stored[0]?.report).toMatchObject({
      indication: 'TOTAL_PASSED',
      signer: { bin: signer.bin, role: 'first_head' },
    });
  });

  it('accepts ECDSA; refuses a revoked certificate, other bytes and another company', async () => {
    const revoked = await signWith(await suite.document(), leaves.revoked);
    expect(revoked.json().code).toBe('CERTIFICATE_REVOKED');
    const tampered = await signWith(await suite.document(), leaves.signer, (b) =>
      Buffer.concat([b, Buffer.from('!')]),
    );
    expect(tampered.json().code).toBe('SIGNED_FILE_MISMATCH');
    const foreign = await signWith(await suite.document(), leaves.outsider);
    expect(foreign.json().code).toBe('BIN_NOT_AMONG_SIGNERS');
    expect((await signWith(await suite.document(), leaves.ecdsa)).json().status).toBe('SIGNED');
  });

  it('eGov mobile puts CMS_WITH_DATA signatures', async () => {
    const document = await suite.document();
    const started = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.qrSigning, { bin: signer.bin, id: String(document.id) }),
    );
    const session = started.json() as QrSigningSession;
    const api1 = (
      await call(suite.server, 'GET', apiPath(SIGNING_PATHS.egovApi1, session))
    ).json() as EgovQrDescription;
    const api2 = apiPath(SIGNING_PATHS.egovApi2, session);
    const headers = { authorization: `Bearer ${api1.document.auth_token}` };
    const fetched = (await call(suite.server, 'GET', api2, { headers })).json() as EgovDocumentsToSign;
    const body: EgovDocumentsToSign = {
      signMethod: 'CMS_WITH_DATA',
      documentsToSign: fetched.documentsToSign.map((item) => {
        const cms = pki.cmsSign(Buffer.from(item.document.file.data, 'base64'), [leaves.signer], {
          attached: true,
        });
        return {
          ...item,
          document: { file: { ...item.document.file, data: Buffer.from(cms).toString('base64') } },
        };
      }),
    };
    const put = await call(suite.server, 'PUT', api2, { headers, body });
    expect([put.statusCode, put.body]).toEqual([200, '{"signed":true}']);
    expect((await suite.view(document, sender.bin)).status).toBe('SIGNED');
  });

  it("attaches the first head's company by a signed challenge, not an employee's", async () => {
    const issued = (
      await suite.request(suite.tokens.outsider, 'POST', SIGNING_PATHS.attachChallenge)
    ).json() as AttachChallenge;
    const cms = pki.cmsSign(Buffer.from(issued.data, 'base64'), [leaves.signer]);
    const res = await suite.request(suite.tokens.outsider, 'POST', SIGNING_PATHS.attachBySignature, {
      challengeId: issued.challengeId,
      cms: Buffer.from(cms).toString('base64'),
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Company[]).map((c) => c.bin)).toContain(signer.bin);
    const employee = (
      await suite.request(suite.tokens.outsider, 'POST', SIGNING_PATHS.attachChallenge)
    ).json() as AttachChallenge;
    const refused = await suite.request(suite.tokens.outsider, 'POST', SIGNING_PATHS.attachBySignature, {
      challengeId: employee.challengeId,
      cms: Buffer.from(pki.cmsSign(Buffer.from(employee.data, 'base64'), [leaves.outsider])).toString(
        'base64',
      ),
    });
    // The default leaf carries legal_entity and first_head; the outsider's too, so its company is attached.
    expect(refused.statusCode).toBe(200);
  });
});
