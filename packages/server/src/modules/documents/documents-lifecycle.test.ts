import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPANIES, documentPaths, testDraft, useDocumentsSuite } from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';

const { sender, signer, second, outsider } = COMPANIES;
const DAY = 24 * 60 * 60;

describe.each(testDatabases())('document access and lifecycle on $name', (backend) => {
  const suite = useDocumentsSuite(backend);
  const db = () => suite.server.services.database.db;

  async function people() {
    return {
      alice: await suite.user('alice@example.kz', [sender]),
      bob: await suite.user('bob@example.kz', [signer]),
      eve: await suite.user('eve@example.kz', [outsider]),
    };
  }

  it('shows a draft to the sender only, answering others exactly like a document that does not exist', async () => {
    const { alice, bob, eve } = await people();
    const { id } = await suite.create(alice, sender.bin);
    const missing = await suite.request(bob, 'GET', documentPaths(signer.bin, 999).document);
    expect(missing.statusCode).toBe(404);
    for (const [token, bin] of [
      [bob, signer.bin],
      [eve, outsider.bin],
    ] as const) {
      const paths = documentPaths(bin, id);
      for (const url of [paths.document, paths.history, paths.file(1), paths.preview(1)]) {
        const res = await suite.request(token, 'GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).toBe(missing.body);
      }
      expect((await suite.request(token, 'POST', paths.trash)).body).toBe(missing.body);
    }
    // Acting for a company one does not belong to is refused before anything is looked up.
    const foreign = await suite.request(eve, 'GET', documentPaths(sender.bin, id).document);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('FORBIDDEN');
    expect((await suite.request(eve, 'GET', documentPaths(sender.bin, 999).document)).statusCode).toBe(403);
    expect((await suite.request(alice, 'GET', documentPaths(sender.bin, id).document)).statusCode).toBe(200);
  });

  it('sends a draft: the signer companies see it, everybody else still does not', async () => {
    const { alice, bob, eve } = await people();
    const { id, files } = await suite.create(alice, sender.bin);
    const sent = await suite.request(alice, 'POST', documentPaths(sender.bin, id).send);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'AT_SIGNING',
      lifecycleStatus: 'AT_SIGNING',
      role: 'sender',
    });
    expect(sent.json().allowedActions).toEqual(['sign', 'revoke', 'copy', 'trash']);
    const seen = await suite.request(bob, 'GET', documentPaths(signer.bin, id).document);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ role: 'signer', status: 'AT_SIGNING', sender: { bin: sender.bin } });
    expect(seen.json().allowedActions).toEqual(['sign', 'reject', 'trash']);
    const fileId = (files as Array<{ id: number }>)[0]?.id ?? 0;
    expect((await suite.request(bob, 'GET', documentPaths(signer.bin, id).file(fileId))).statusCode).toBe(
      200,
    );
    expect((await suite.request(eve, 'GET', documentPaths(outsider.bin, id).document)).statusCode).toBe(404);
    expect((await suite.request(eve, 'GET', documentPaths(outsider.bin, id).file(fileId))).statusCode).toBe(
      404,
    );
    // Only the sender changes a document.
    for (const [method, url] of [
      ['PUT', documentPaths(signer.bin, id).document],
      ['POST', documentPaths(signer.bin, id).send],
      ['POST', documentPaths(signer.bin, id).copy],
      ['DELETE', documentPaths(signer.bin, id).file(fileId)],
    ] as const) {
      const draft = testDraft({
        signers: [{ identityNumber: second.bin, email: 'x@example.kz', nameRu: 'X' }],
      });
      const res = await suite.request(bob, method, url, method === 'PUT' ? draft : undefined);
      expect(res.json().code, `${method} ${url}`).toBe('DOCUMENT_CHANGE_FORBIDDEN');
    }
  });

  it('enforces the state machine: send once, no edits after sending or signing, rejected documents become drafts', async () => {
    const { alice, bob } = await people();
    const { id } = await suite.create(alice, sender.bin);
    const paths = documentPaths(sender.bin, id);
    const edited = await suite.request(
      alice,
      'PUT',
      paths.document,
      testDraft({
        name: 'Договор аренды',
        signingMethod: 'SEQUENTIAL',
        signers: [
          { identityNumber: second.bin, email: 'second@example.kz', nameRu: second.nameRu },
          {
            identityNumber: signer.bin,
            email: 'signer@example.kz',
            nameRu: signer.nameRu,
            approverEmail: 'boss@example.kz',
          },
        ],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Договор аренды',
      signingMethod: 'SEQUENTIAL',
      status: 'DRAFT',
    });
    expect(
      edited
        .json()
        .signers.map((s: { identityNumber: string; order: number }) => [s.identityNumber, s.order]),
    ).toEqual([
      [second.bin, 1],
      [signer.bin, 2],
    ]);
    expect((await suite.request(alice, 'POST', paths.send)).statusCode).toBe(200);
    expect((await suite.request(alice, 'POST', paths.send)).json().code).toBe('DOCUMENT_CHANGE_FORBIDDEN');
    const late = await suite.request(alice, 'PUT', paths.document, testDraft());
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('DOCUMENT_CHANGE_FORBIDDEN');
    // Sequential: the second signer waits for the first to sign, and may not reject before its turn either.
    expect(
      (await suite.request(bob, 'GET', documentPaths(signer.bin, id).document)).json().allowedActions,
    ).toEqual(['trash']);

    await db().updateTable('documents').set({ status: 'SIGNED' }).where('id', '=', id).execute();
    expect((await suite.request(alice, 'PUT', paths.document, testDraft())).json().code).toBe(
      'DOCUMENT_CHANGE_FORBIDDEN',
    );

    await db()
      .updateTable('documents')
      .set({
        status: 'REJECTED',
        rejected_by: signer.bin,
        rejection_reason: 'Неверная сумма',
        rejected_at: suite.clock.now(),
      })
      .where('id', '=', id)
      .execute();
    const rejected = await suite.request(alice, 'GET', paths.document);
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      rejection: { identityNumber: signer.bin, reason: 'Неверная сумма' },
    });
    const reopened = await suite.request(alice, 'PUT', paths.document, testDraft());
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'DRAFT', rejection: null });
    // A draft again: the signers do not see it until it is sent anew.
    expect((await suite.request(bob, 'GET', documentPaths(signer.bin, id).document)).statusCode).toBe(404);
    expect((await suite.request(alice, 'POST', paths.send)).statusCode).toBe(200);
    expect((await suite.request(bob, 'GET', documentPaths(signer.bin, id).document)).statusCode).toBe(200);
  });

  it('refuses to send without signers, without a finished file, and while a file is still uploading', async () => {
    const { alice } = await people();
    const { id } = await suite.create(alice, sender.bin, testDraft({ signers: [] }));
    const paths = documentPaths(sender.bin, id);
    const noSigners = await suite.request(alice, 'POST', paths.send);
    expect(noSigners.statusCode).toBe(400);
    expect(noSigners.json().code).toBe('SIGNERS_REQUIRED');
    await suite.request(alice, 'PUT', paths.document, testDraft());
    await db()
      .insertInto('document_files')
      .values({ document_id: id, state: 'UPLOADING', name: '', uploaded_at: suite.clock.now() })
      .execute();
    const uploading = await suite.request(alice, 'POST', paths.send);
    expect(uploading.statusCode).toBe(409);
    expect(uploading.json().code).toBe('FILES_STILL_UPLOADING');
    // An upload silent for over an hour is abandoned: it no longer holds the document back.
    suite.clock.advance(61 * 60);
    const later = await suite.login('alice@example.kz');
    await db()
      .deleteFrom('document_files')
      .where('document_id', '=', id)
      .where('state', '=', 'READY')
      .execute();
    expect((await suite.request(later, 'POST', paths.send)).json().code).toBe('DOCUMENT_WITHOUT_FILE');
  });

  it('copies a document into a new draft with the same signers and its own copies of the files', async () => {
    const { alice } = await people();
    const original = await suite.create(alice, sender.bin);
    await suite.request(alice, 'POST', documentPaths(sender.bin, original.id).send);
    const res = await suite.request(alice, 'POST', documentPaths(sender.bin, original.id).copy);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ number: 2, name: original.name, status: 'DRAFT', role: 'sender' });
    expect(copy.id).not.toBe(original.id);
    expect(copy.signers).toEqual(
      (original.signers as unknown[]).map((s) => ({ ...(s as object), state: 'WAITING' })),
    );
    expect(copy.files.map((f: { sha256: string }) => f.sha256)).toEqual(
      (original.files as Array<{ sha256: string }>).map((f) => f.sha256),
    );
    const keys = await db().selectFrom('document_files').select('blob_key').execute();
    expect(new Set(keys.map((k) => k.blob_key)).size).toBe(2);
    const blobs = await readdir(join(suite.server.config.dataDir, 'blobs'), {
      recursive: true,
      withFileTypes: true,
    });
    expect(blobs.filter((entry) => entry.isFile())).toHaveLength(2);
    const history = await suite.request(alice, 'GET', documentPaths(sender.bin, copy.id).history);
    expect(history.json().map((e: { type: string; details: string }) => [e.type, e.details])).toEqual([
      ['COPY', `copy of ${original.id}`],
    ]);
  });

  it('records history with actor, company, time and address; one VIEW per company and day', async () => {
    const { alice, bob } = await people();
    const start = suite.clock.now().getTime();
    const { id } = await suite.create(alice, sender.bin);
    const paths = documentPaths(sender.bin, id);
    suite.clock.advance(60);
    await suite.request(alice, 'PUT', paths.document, testDraft({ name: 'Договор поставки №2' }));
    await suite.request(alice, 'POST', paths.send);
    await suite.request(alice, 'GET', paths.document);
    await suite.request(alice, 'GET', paths.document);
    await suite.request(bob, 'GET', documentPaths(signer.bin, id).document);
    suite.clock.advance(DAY);
    await suite.request(await suite.login('alice@example.kz'), 'GET', paths.document);
    const history = await suite.request(
      await suite.login('bob@example.kz'),
      'GET',
      documentPaths(signer.bin, id).history,
    );
    expect(history.statusCode).toBe(200);
    const events = history.json() as Array<Record<string, unknown>>;
    expect(events.map((e) => [e.type, (e.company as { bin: string }).bin])).toEqual([
      ['CREATE', sender.bin],
      ['UPDATE', sender.bin],
      ['SEND', sender.bin],
      ['RECEIVE', signer.bin],
      ['VIEW', sender.bin],
      ['VIEW', signer.bin],
      ['VIEW', sender.bin],
    ]);
    expect(events[0]).toMatchObject({
      actor: { firstname: 'Айгерим', lastname: 'alice' },
      company: { bin: sender.bin, nameRu: sender.nameRu, nameKk: sender.nameKk },
      ip: '10.255.0.1',
      at: new Date(start).toISOString(),
    });
    expect(events[1]?.at).toBe(new Date(start + 60_000).toISOString());
  });
});
