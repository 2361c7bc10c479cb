import { apiPath, DOCUMENT_PATHS, PROFILE_PATHS } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/accounts.js';
import { type CompanyMember, registerMember } from '../testing/companies.js';
import { validBin } from '../testing/documents.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('strict parsing of tokens and path ids', () => {
  let server: TestApp;
  let member: CompanyMember;
  beforeAll(async () => {
    server = await createTestApp();
    member = await registerMember(server, 'strict@example.kz', validBin(3));
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses an access token in any spelling but the one issued (401)', async () => {
    expect((await call(server, 'GET', PROFILE_PATHS.user, { token: member.token })).statusCode).toBe(200);
    for (const token of [`${member.token}=`, `${member.token}==`]) {
      const res = await call(server, 'GET', PROFILE_PATHS.user, { token });
      expect(res.statusCode, token.slice(-3)).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });

  it('reads a numeric path id only from canonical decimal digits', async () => {
    const document = (id: string) => `${apiPath(DOCUMENT_PATHS.documents, { bin: member.bin })}/${id}`;
    const unknown = await call(server, 'GET', document('16'), { token: member.token });
    expect(unknown.statusCode).toBe(404);
    for (const id of ['0x10', '016', '1e1', '%2B16', '%2016', '16.0']) {
      const res = await call(server, 'GET', document(id), { token: member.token });
      expect(res.statusCode, id).toBe(400);
      expect(res.json(), id).toMatchObject({ code: 'VALIDATION_FAILED', params: { field: 'id' } });
    }
    const folder = `${apiPath(DOCUMENT_PATHS.folderById, { bin: member.bin, folderId: '1' }).slice(0, -1)}0x1`;
    expect((await call(server, 'DELETE', folder, { token: member.token })).statusCode).toBe(400);
  });
});
