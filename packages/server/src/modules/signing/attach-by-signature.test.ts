import { type AttachChallenge, type Company, PROFILE_PATHS, SIGNING_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { type FakeCms, fakeCms } from '../../testing/fake-verifier.js';
import { PERSON_IIN, useSigningSuite } from '../../testing/signing.js';
import { testDatabases } from '../../testing/test-databases.js';

/** A legal entity of the fixture register. */
const REGISTERED_BIN = '150940001238';

describe.each(testDatabases())('attaching a company by its signature on $name', (backend) => {
  const suite = useSigningSuite(backend);
  const challenge = async (token = suite.tokens.outsider) => {
    const res = await suite.request(token, 'POST', SIGNING_PATHS.attachChallenge);
    expect(res.statusCode).toBe(201);
    return res.json() as AttachChallenge;
  };
  const attach = (
    issued: AttachChallenge,
    certificate: Omit<FakeCms, 'sha256' | 'content'>,
    bytes = Buffer.from(issued.data, 'base64'),
    token = suite.tokens.outsider,
  ) =>
    suite.request(token, 'POST', `${SIGNING_PATHS.attachBySignature}?lang=en`, {
      challengeId: issued.challengeId,
      cms: fakeCms(bytes, certificate),
    });
  const firstHead = (bin: string): Omit<FakeCms, 'sha256' | 'content'> => ({
    iin: PERSON_IIN,
    bin,
    roles: ['legal_entity', 'first_head'],
  });

  it("attaches the certificate's company with the register's names, and the challenge works once", async () => {
    const issued = await challenge();
    expect(Buffer.from(issued.data, 'base64')).toHaveLength(32);
    const res = await attach(issued, firstHead(REGISTERED_BIN));
    expect(res.statusCode).toBe(200);
    expect((res.json() as Company[]).find((c) => c.bin === REGISTERED_BIN)).toMatchObject({
      nameRu: 'ТОО «Дала Софт»',
    });
    const again = await attach(issued, firstHead(REGISTERED_BIN));
    expect([again.statusCode, again.json().code]).toEqual([400, 'ATTACH_CHALLENGE_INVALID']);
  });

  it('takes a signatory with the right to sign; a company missing from the register gets its certificate name', async () => {
    const unknownBin = '200140099991';
    const res = await attach(await challenge(), {
      iin: PERSON_IIN,
      bin: unknownBin,
      roles: ['legal_entity', 'right_to_sign'],
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Company[]).find((c) => c.bin === unknownBin)?.nameRu).toBe('ТОО «Тест»');
  });

  it("refuses an individual's certificate and an employee without the right to sign", async () => {
    const individual = await attach(await challenge(), { iin: PERSON_IIN, bin: null });
    expect([individual.statusCode, individual.json().code]).toEqual([403, 'ATTACH_SIGNATURE_ROLE']);
    const employee = await attach(await challenge(), {
      iin: PERSON_IIN,
      bin: REGISTERED_BIN,
      roles: ['legal_entity', 'employee'],
    });
    expect([employee.statusCode, employee.json().code]).toEqual([403, 'ATTACH_SIGNATURE_ROLE']);
  });

  it("refuses other bytes, an expired challenge and another user's challenge", async () => {
    const other = await attach(
      await challenge(),
      firstHead(REGISTERED_BIN),
      Buffer.from('not the challenge'),
    );
    expect(other.json().code).toBe('SIGNED_FILE_MISMATCH');
    const stale = await challenge();
    suite.clock.advance(5 * 60);
    expect((await attach(stale, firstHead(REGISTERED_BIN))).json().code).toBe('ATTACH_CHALLENGE_INVALID');
    const theirs = await challenge(suite.tokens.signer);
    expect((await attach(theirs, firstHead(REGISTERED_BIN))).json().code).toBe('ATTACH_CHALLENGE_INVALID');
    const companies = await suite.request(suite.tokens.outsider, 'GET', PROFILE_PATHS.companies);
    expect(companies.statusCode).toBe(200);
    expect((companies.json() as Company[]).map((c) => c.bin)).not.toContain(REGISTERED_BIN);
  });
});
