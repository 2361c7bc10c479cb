import { apiPath, SIGNING_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { deferred } from '../../testing/deferred.js';
import { COMPANIES } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';

const { signer } = COMPANIES;
const pki = createSigningPki();

describe.each(testDatabases())('signing locks at shutdown on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki });

  it('an instance that closes with a signing still running gives its lock back: the retry elsewhere signs', async () => {
    const document = await suite.document();
    const body = await suite.signBody(document, pki.head(signer.bin));
    const reached = deferred();
    // A second instance on the same database whose signing never gets past its lock (a request cut at shutdown).
    const leaving = await createApp(
      { ...suite.server.config, shutdownMs: 100 },
      {
        database: suite.server.services.database,
        blobs: suite.server.services.blobs,
        clock: suite.clock.now,
        logStream: { write: () => undefined },
        verifyPassword: async () => true,
        beforeSignatureCheck: async () => {
          reached.resolve();
          await new Promise<never>(() => undefined);
        },
      },
    );
    const url = apiPath(SIGNING_PATHS.sign, { bin: signer.bin, id: String(document.id) });
    void leaving.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${suite.tokens.signer}` },
      payload: body,
    });
    await reached.promise;
    const locks = () =>
      suite.server.services.database.db.selectFrom('signing_locks').select('holder').execute();
    expect(await locks()).toHaveLength(1);
    // Meanwhile the signer is told to wait, on any instance.
    expect((await suite.sign(document, signer.bin)).json().code).toBe('DOCUMENT_SIGNING_LOCKED');

    await leaving.close();
    expect(await locks()).toEqual([]);
    const retried = await suite.sign(document, signer.bin);
    expect([retried.statusCode, retried.json().status]).toEqual([200, 'SIGNED']);
  });
});
