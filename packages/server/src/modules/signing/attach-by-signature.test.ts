import { type AttachChallenge, type Company, PROFILE_PATHS, SIGNING_PATHS } from '@qoltanba/core';
import type { TestSigner } from '@qoltanba/testkit';
import { describe, expect, it } from 'vitest';
import { validBin } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';

/** A legal entity of the fixture register. */
const REGISTERED_BIN = '150940001238';
/** A legal entity the register does not know. */
const UNKNOWN_BIN = validBin(50);
const CERTIFICATE_NAME = 'ТОО «Имя Из Сертификата»';

const pki = createSigningPki(['gost2015']);
const holders = {
  firstHead: pki.issue({ bin: REGISTERED_BIN, organisation: CERTIFICATE_NAME }, 'gost2015'),
  rightToSign: pki.issue({ bin: UNKNOWN_BIN, organisation: CERTIFICATE_NAME, kind: 'right_to_sign' }),
  employee: pki.issue({ bin: REGISTERED_BIN, organisation: CERTIFICATE_NAME, kind: 'employee' }),
  individual: pki.issue({ bin: undefined, organisation: undefined, kind: 'individual' }),
};

describe.each(testDatabases())('attaching a company by its signature on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki });
  const challenge = async (token = suite.tokens.outsider) => {
    const res = await suite.request(token, 'POST', SIGNING_PATHS.attachChallenge);
    expect(res.statusCode).toBe(201);
    return res.json() as AttachChallenge;
  };
  const attach = (
    issued: AttachChallenge,
    by: TestSigner,
    bytes = Buffer.from(issued.data, 'base64'),
    token = suite.tokens.outsider,
  ) =>
    suite.request(token, 'POST', `${SIGNING_PATHS.attachBySignature}?lang=en`, {
      challengeId: issued.challengeId,
      cms: suite.cms(bytes, by),
    });

  it("attaches the GOST 2015 first head's company with the register's names, and the challenge works once", async () => {
    const issued = await challenge();
    expect(Buffer.from(issued.data, 'base64')).toHaveLength(32);
    const res = await attach(issued, holders.firstHead);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Company[]).find((c) => c.bin === REGISTERED_BIN)).toMatchObject({
      nameRu: 'ТОО «Дала Софт»',
    });
    const again = await attach(issued, holders.firstHead);
    expect([again.statusCode, again.json().code]).toEqual([400, 'ATTACH_CHALLENGE_INVALID']);
  });

  it('takes a signatory with the right to sign; a company missing from the register gets its certificate name', async () => {
    const res = await attach(await challenge(), holders.rightToSign);
    expect(res.statusCode).toBe(200);
    expect((res.json() as Company[]).find((c) => c.bin === UNKNOWN_BIN)?.nameRu).toBe(CERTIFICATE_NAME);
  });

  it("refuses an individual's certificate and an employee without the right to sign", async () => {
    const individual = await attach(await challenge(), holders.individual);
    expect([individual.statusCode, individual.json().code]).toEqual([403, 'ATTACH_SIGNATURE_ROLE']);
    const employee = await attach(await challenge(), holders.employee);
    expect([employee.statusCode, employee.json().code]).toEqual([403, 'ATTACH_SIGNATURE_ROLE']);
  });

  it('refuses a revoked certificate, an authentication certificate and an untrusted CA', async () => {
    const codes = [];
    for (const by of [pki.revoked, pki.authentication, pki.untrusted]) {
      codes.push((await attach(await challenge(), by)).json().code);
    }
    expect(codes).toEqual(['CERTIFICATE_REVOKED', 'SIGNATURE_INVALID', 'SIGNATURE_INVALID']);
  });

  it("refuses other bytes, an expired challenge and another user's challenge", async () => {
    const other = await attach(await challenge(), holders.firstHead, Buffer.from('not the challenge'));
    expect(other.json().code).toBe('SIGNED_FILE_MISMATCH');
    const stale = await challenge();
    suite.clock.advance(5 * 60);
    expect((await attach(stale, holders.firstHead)).json().code).toBe('ATTACH_CHALLENGE_INVALID');
    const theirs = await challenge(suite.tokens.signer);
    expect((await attach(theirs, holders.firstHead)).json().code).toBe('ATTACH_CHALLENGE_INVALID');
    const companies = await suite.request(suite.tokens.outsider, 'GET', PROFILE_PATHS.companies);
    expect(companies.statusCode).toBe(200);
    expect((companies.json() as Company[]).map((c) => c.bin)).not.toContain(REGISTERED_BIN);
  });
});
