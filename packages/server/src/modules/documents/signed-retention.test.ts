import { apiPath, DOCUMENT_PATHS, type Document, SIGNING_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { blobFiles, COMPANIES, documentPaths, testDraft } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { signaturesOf } from '../signing/index.js';
import { usedStorage } from './company-counters.js';
import { runDocumentPurge } from './trash-purge.js';

const { sender, signer } = COMPANIES;
const DAY = 24 * 3600;

const pki = createSigningPki();

describe.each(testDatabases())('signed-document retention on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki });
  const db = () => suite.server.services.database.db;
  const purge = (signedRetentionDays = 90) =>
    runDocumentPurge(db(), suite.server.services.blobs, suite.clock.now(), {
      retentionDays: 30,
      signedRetentionDays,
    });

  async function signedDocument(): Promise<Document> {
    const document = await suite.document({}, { files: 2 });
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    return suite.view(document, sender.bin);
  }

  it('deletes the originals of a signed document after the retention and keeps what verification needs', async () => {
    const document = await signedDocument();
    expect(document.status).toBe('SIGNED');
    expect(document.files.map((f) => f.stored)).toEqual([true, true]);
    const cmsBefore = await signaturesOf(db(), document.id);
    expect(cmsBefore).toHaveLength(2);

    suite.clock.advance(90 * DAY - 60);
    expect(await purge()).toMatchObject({ filesReleased: 0, blobsDeleted: 0 });
    suite.clock.advance(120);
    expect(await purge()).toMatchObject({ ran: true, filesReleased: 2, documents: 0, blobsDeleted: 2 });
    expect(await blobFiles(suite)).toEqual([]);
    expect(await usedStorage(db(), sender.bin)).toBe(0);

    const [senderToken, signerToken] = [
      await suite.login('sender@example.kz'),
      await suite.login('signer@example.kz'),
    ];
    const card = (
      await suite.request(senderToken, 'GET', documentPaths(sender.bin, document.id).document)
    ).json();
    expect(card.status).toBe('SIGNED');
    expect(card.files).toEqual(document.files.map((file) => ({ ...file, stored: false })));
    for (const path of [
      documentPaths(signer.bin, document.id).file,
      documentPaths(signer.bin, document.id).preview,
    ]) {
      const res = await suite.request(signerToken, 'GET', path(document.files[0]?.id ?? 0));
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('FILE_NOT_RETAINED');
    }
    // Every CMS stays with the signing module, and the history with its chain.
    expect(await signaturesOf(db(), document.id)).toEqual(cmsBefore);
    const chain = await suite.request(
      senderToken,
      'GET',
      apiPath(DOCUMENT_PATHS.historyVerify, { bin: sender.bin, id: String(document.id) }),
    );
    expect(chain.json()).toMatchObject({ valid: true, brokenAt: null });
    const copy = await suite.request(senderToken, 'POST', documentPaths(sender.bin, document.id).copy);
    expect(copy.json().code).toBe('FILE_NOT_RETAINED');

    // A later round has nothing left to do; the full purge later gives no bytes back twice.
    expect(await purge()).toMatchObject({ filesReleased: 0, blobsDeleted: 0 });
    await suite.request(senderToken, 'POST', documentPaths(sender.bin, document.id).trash);
    await suite.request(signerToken, 'POST', documentPaths(signer.bin, document.id).trash);
    suite.clock.advance(31 * DAY);
    expect(await purge()).toMatchObject({ documents: 1 });
    expect(await usedStorage(db(), sender.bin)).toBe(0);
  });

  it('leaves documents still at signing, and keeps everything forever with 0 days', async () => {
    const atSigning = await suite.document();
    const signed = await signedDocument();
    suite.clock.advance(365 * DAY);
    const token = await suite.login('sender@example.kz');
    const stored = async (document: Document) => {
      const card: Document = (
        await suite.request(token, 'GET', documentPaths(sender.bin, document.id).document)
      ).json();
      return card.files.map((f) => f.stored);
    };
    expect(await purge(0)).toMatchObject({ filesReleased: 0 });
    expect(await stored(signed)).toEqual([true, true]);
    expect(await purge()).toMatchObject({ filesReleased: 2 });
    expect(await stored(atSigning)).toEqual([true]);
    expect(await stored(signed)).toEqual([false, false]);
  });

  it('releases the files of a rejected document, which then cannot be sent again', async () => {
    const document = await suite.document();
    const rejected = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.reject, { bin: signer.bin, id: String(document.id) }),
      { reason: 'Не та сумма' },
    );
    expect(rejected.statusCode).toBe(200);
    suite.clock.advance(91 * DAY);
    expect(await purge()).toMatchObject({ filesReleased: 1 });
    const token = await suite.login('sender@example.kz');
    const paths = documentPaths(sender.bin, document.id);
    expect((await suite.request(token, 'PUT', paths.document, testDraft())).statusCode).toBe(200);
    const sent = await suite.request(token, 'POST', paths.send);
    expect(sent.statusCode).toBe(410);
    expect(sent.json().code).toBe('FILE_NOT_RETAINED');
  });
});
