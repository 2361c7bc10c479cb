import { apiPath, DOCUMENT_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { ALFA, BETA, samplePdf, testServerPerFile } from '../../testing/test-server/index.js';

// The contract table's draft refusals that no other server test covered, on the real server in-process.
const test = testServerPerFile();

describe('a draft with a signer listed twice', () => {
  it('is refused with SIGNER_DUPLICATE', async () => {
    const { server } = test;
    const { access_token } = await server.world.login('aigerim');
    const signer = { identityNumber: BETA.bin, email: 'bolat@example.kz', nameRu: BETA.nameRu };
    const form = new FormData();
    form.append(
      'document',
      JSON.stringify({ name: 'Договор', signingMethod: 'PARALLEL', signers: [signer, signer] }),
    );
    form.append('files', new Blob([new Uint8Array(samplePdf())], { type: 'application/pdf' }), 'a.pdf');
    const url = `${server.baseUrl}${apiPath(DOCUMENT_PATHS.documents, { bin: ALFA.bin })}`;
    const headers = { authorization: `Bearer ${access_token}` };
    const res = await server.fetch(`${url}?lang=en`, { method: 'POST', headers, body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'SIGNER_DUPLICATE' });
  });
});
