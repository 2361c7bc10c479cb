import {
  apiPath,
  type Document,
  errorMessage,
  type HistoryEvent,
  SIGNING_PATHS,
  type SignatureReport,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { COMPANIES, documentPaths, listPath } from '../../testing/documents.js';
import { gateForAll, twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki, PERSON } from '../../testing/signing-pki.js';
import { testDatabasesAndStorage } from '../../testing/test-storage.js';
import { runDocumentPurge } from '../documents/index.js';
import { forgetDocuments, signaturesOf } from './signature-store.js';

const { sender, signer, second, outsider } = COMPANIES;
// Real CMS verified by the engine: ECDSA where the algorithm does not matter, GOST 2015 and RSA where named.
const pki = createSigningPki(['gost2015', 'rsa']);

describe.each(testDatabasesAndStorage())('signing a document on $name, $storage', (backend) => {
  const suite = useSigningSuite(backend, { pki });
  const history = async (document: Document) =>
    (
      (
        await suite.request(suite.tokens.sender, 'GET', documentPaths(sender.bin, document.id).history)
      ).json() as HistoryEvent[]
    ).filter((event) => event.type !== 'VIEW');
  /** The refusal of a response: status, code, and the catalogue's Kazakh text (the default language). */
  const refusal = (res: { statusCode: number; json(): { code: string; message: string } }) => {
    const body = res.json();
    expect(body.message).toBe(errorMessage(body.code as never, 'kk'));
    return [res.statusCode, body.code];
  };

  it('the last signer completes it with GOST 2015: SIGNED, SIGN and COMPLETE in history, the report stored', async () => {
    const document = await suite.document();
    const res = await suite.sign(document, signer.bin, pki.head(signer.bin, 'gost2015'));
    expect(res.statusCode).toBe(200);
    const signed = res.json() as Document;
    expect(signed.status).toBe('SIGNED');
    expect(signed.signers[0]).toMatchObject({ state: 'SIGNED', signedAt: suite.clock.now().toISOString() });
    expect((await history(document)).map((e) => e.type)).toEqual([
      'CREATE',
      'SEND',
      'RECEIVE',
      'SIGN',
      'COMPLETE',
    ]);
    const stored = await signaturesOf(suite.server.services.database.db, document.id);
    expect(stored.map((s) => [s.file_id, s.identity_number, s.method])).toEqual([
      [document.files[0]?.id, signer.bin, 'NCALAYER'],
    ]);
    expect(stored[0]?.report).toMatchObject({
      indication: 'TOTAL_PASSED',
      signatureType: 'GOST2015',
      signer: { bin: signer.bin, iin: PERSON.iin, role: 'first_head' },
      signingTime: suite.clock.now().toISOString(),
    });
    const list = await suite.request(
      suite.tokens.signer,
      'GET',
      listPath(signer.bin, { box: 'incoming', filter: 'signedByAll' }),
    );
    expect(list.json().items.map((d: Document) => d.id)).toEqual([document.id]);
  });

  it('refuses a certificate of a company that is not among the signers', async () => {
    const document = await suite.document();
    const res = await suite.sign(document, signer.bin, pki.head(outsider.bin));
    expect(refusal(res)).toEqual([403, 'BIN_NOT_AMONG_SIGNERS']);
  });

  it('refuses an acting company that takes no part in the document as a missing document', async () => {
    const document = await suite.document();
    const res = await suite.sign(document, outsider.bin);
    expect(refusal(res)).toEqual([404, 'ENTITY_NOT_FOUND']);
  });

  it("refuses another listed signer's certificate", async () => {
    const document = await suite.document(twoSigners());
    const res = await suite.sign(document, signer.bin, pki.head(second.bin));
    expect(refusal(res)).toEqual([403, 'SIGNATURE_MISMATCH']);
    expect((await suite.view(document, sender.bin)).signers.map((s) => s.state)).toEqual([
      'WAITING',
      'WAITING',
    ]);
  });

  it('an individual signs with the IIN of the certificate', async () => {
    const { iin } = PERSON;
    const document = await suite.document({
      signers: [{ identityNumber: iin, email: 'person@example.kz', nameRu: 'Иванова А.' }],
    });
    const person = await suite.user('person@example.kz', [{ bin: iin, nameRu: 'Иванова А.', nameKk: null }]);
    suite.tokens.outsider = person;
    const individual = pki.issue({ bin: undefined, organisation: undefined, kind: 'individual' });
    const res = await suite.sign(document, iin, individual);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('SIGNED');
  });

  it('refuses a second signature of the same signer', async () => {
    const document = await suite.document(twoSigners());
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    expect(refusal(await suite.sign(document, signer.bin))).toEqual([409, 'ALREADY_SIGNED_BY_BIN']);
  });

  it('refuses a signature over other bytes than the stored file', async () => {
    const document = await suite.document();
    const res = await suite.sign(document, signer.bin, pki.head(signer.bin), (_id, bytes) =>
      Buffer.concat([bytes, Buffer.from(' ')]),
    );
    expect(refusal(res)).toEqual([400, 'SIGNED_FILE_MISMATCH']);
    expect(errorMessage('SIGNED_FILE_MISMATCH', 'en')).toBe(
      'The file in the signature differs from the original file',
    );
  });

  it('needs one signature for every file, each once', async () => {
    const document = await suite.document({}, { files: 2 });
    const onlyFirst = { ...document, files: document.files.slice(0, 1) };
    expect(refusal(await suite.sign(onlyFirst, signer.bin))).toEqual([400, 'SIGNATURE_MISSING']);
    const twice = { ...document, files: [document.files[0], document.files[0]] } as Document;
    expect(refusal(await suite.sign(twice, signer.bin))).toEqual([400, 'SIGNED_FILE_MISMATCH']);
    expect((await suite.sign(document, signer.bin)).json().status).toBe('SIGNED');
  });

  it('refuses a revoked certificate, an authentication certificate and one of an untrusted CA', async () => {
    const document = await suite.document();
    expect(refusal(await suite.sign(document, signer.bin, pki.revoked))).toEqual([
      400,
      'CERTIFICATE_REVOKED',
    ]);
    expect(refusal(await suite.sign(document, signer.bin, pki.authentication))).toEqual([
      400,
      'SIGNATURE_INVALID',
    ]);
    expect(refusal(await suite.sign(document, signer.bin, pki.untrusted))).toEqual([
      400,
      'SIGNATURE_INVALID',
    ]);
    expect(await signaturesOf(suite.server.services.database.db, document.id)).toEqual([]);
    expect((await suite.view(document, sender.bin)).status).toBe('AT_SIGNING');
  });

  it('refuses a CMS that is not one', async () => {
    const document = await suite.document();
    const file = document.files[0]?.id ?? 0;
    const res = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.sign, { bin: signer.bin, id: String(document.id) }),
      { signatures: [{ fileId: file, cms: Buffer.from('not a CMS').toString('base64') }] },
    );
    expect(refusal(res)).toEqual([400, 'SIGNATURE_INVALID']);
  });

  it('refuses a rejected document and a signed one', async () => {
    const rejected = await suite.document(twoSigners());
    const path = documentPaths(sender.bin, rejected.id).document.replace(sender.bin, second.bin);
    expect(
      (await suite.request(suite.tokens.second, 'POST', `${path}/reject`, { reason: 'Не согласны' }))
        .statusCode,
    ).toBe(200);
    expect(refusal(await suite.sign(rejected, signer.bin))).toEqual([
      409,
      'REJECTED_DOCUMENT_SIGNING_FORBIDDEN',
    ]);
    const signed = await suite.document();
    expect((await suite.sign(signed, signer.bin)).statusCode).toBe(200);
    expect(refusal(await suite.sign(signed, signer.bin))).toEqual([409, 'DOCUMENT_ALREADY_SIGNED']);
  });

  it('sequential: each signer in the listed order; the later one is offered nothing, then sign and reject', async () => {
    const document = await suite.document(twoSigners('SEQUENTIAL'));
    expect((await suite.view(document, second.bin)).allowedActions).toEqual(['trash']);
    expect(refusal(await suite.sign(document, second.bin))).toEqual([409, 'NOT_SIGNERS_TURN']);
    expect((await suite.sign(document, signer.bin)).json().status).toBe('AT_SIGNING');
    expect((await suite.view(document, second.bin)).allowedActions).toEqual(['sign', 'reject', 'trash']);
    const last = await suite.sign(document, second.bin, pki.head(second.bin, 'rsa'));
    expect(last.json().status).toBe('SIGNED');
    const stored = await signaturesOf(suite.server.services.database.db, document.id);
    expect(stored.map((s) => [s.identity_number, (s.report as SignatureReport).signatureType])).toEqual([
      [signer.bin, 'ECDSA'],
      [second.bin, 'RSA'],
    ]);
  });

  it('the sender signs its draft, which sends it; later it cannot sign again', async () => {
    const draft = await suite.document({}, { send: false });
    expect((await suite.view(draft, sender.bin)).allowedActions).toEqual([
      'update',
      'send',
      'sign',
      'copy',
      'trash',
    ]);
    const res = await suite.sign(draft, sender.bin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'AT_SIGNING', allowedActions: ['copy', 'trash'] });
    expect((await history(draft)).map((e) => e.type)).toEqual(['CREATE', 'SEND', 'RECEIVE', 'SIGN']);
    const outgoing = await suite.request(
      suite.tokens.sender,
      'GET',
      listPath(sender.bin, { box: 'outgoing', filter: 'signedByMe' }),
    );
    expect(outgoing.json().items.map((d: Document) => d.id)).toEqual([draft.id]);
    expect(refusal(await suite.sign(draft, sender.bin))).toEqual([409, 'ALREADY_SIGNED_BY_BIN']);
    // Sending by signing e-mails each signer a personal link, as sending does.
    expect((await suite.mails('signer@example.kz')).map((m) => m.body)).toEqual([
      expect.stringContaining('/sign/'),
    ]);
    expect((await suite.sign(draft, signer.bin)).json().status).toBe('SIGNED');
  });

  it('the sender signs a document it sent, once; the signers still complete it', async () => {
    const document = await suite.document();
    expect(document.allowedActions).toEqual(['sign', 'revoke', 'copy', 'trash']);
    const res = await suite.sign(document, sender.bin, pki.head(sender.bin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'AT_SIGNING', allowedActions: ['copy', 'trash'] });
    expect(refusal(await suite.sign(document, sender.bin))).toEqual([409, 'ALREADY_SIGNED_BY_BIN']);
    expect((await suite.sign(document, signer.bin)).json().status).toBe('SIGNED');
  });

  it('the same signer twice at once: one signs, the other is told the document is being signed', async () => {
    const document = await suite.document(twoSigners());
    const gate = gateForAll(2);
    suite.beforeCheck = () => gate.arrive();
    const responses = await Promise.all(
      [0, 1].map(() =>
        suite.sign(document, signer.bin).then((res) => {
          gate.answered();
          return res;
        }),
      ),
    );
    expect(gate.arrived).toBe(1);
    const codes = responses.map((res) => (res.statusCode === 200 ? 'OK' : res.json().code)).sort();
    expect(codes).toEqual(['DOCUMENT_SIGNING_LOCKED', 'OK']);
    const locked = responses.find((res) => res.statusCode !== 200);
    expect(locked?.json().message).toBe(errorMessage('DOCUMENT_SIGNING_LOCKED', 'kk'));
    expect(errorMessage('DOCUMENT_SIGNING_LOCKED', 'en')).toMatch(/another user/i);
    // The lock is released: the other signer signs at once.
    expect((await suite.sign(document, second.bin)).json().status).toBe('SIGNED');
  });

  it('two signers at once in parallel mode both succeed, and the document completes once', async () => {
    const document = await suite.document(twoSigners());
    const gate = gateForAll(2);
    suite.beforeCheck = () => gate.arrive();
    const responses = await Promise.all(
      [signer.bin, second.bin].map((bin) =>
        suite.sign(document, bin).then((res) => {
          gate.answered();
          return res;
        }),
      ),
    );
    expect(gate.arrived).toBe(2);
    expect(responses.map((res) => res.statusCode)).toEqual([200, 200]);
    const final = await suite.view(document, sender.bin);
    expect([final.status, final.signers.map((s) => s.state)]).toEqual(['SIGNED', ['SIGNED', 'SIGNED']]);
    expect((await history(document)).map((e) => e.type).filter((t) => t === 'COMPLETE')).toEqual([
      'COMPLETE',
    ]);
  });

  it('a lock left by a crashed signing expires by itself', async () => {
    const document = await suite.document();
    const { db } = suite.server.services.database;
    await db
      .insertInto('signing_locks')
      .values({
        document_id: document.id,
        identity_number: signer.bin,
        holder: 'crashed',
        locked_until: new Date(suite.clock.now().getTime() + 60_000),
      })
      .execute();
    expect(refusal(await suite.sign(document, signer.bin))).toEqual([409, 'DOCUMENT_SIGNING_LOCKED']);
    suite.clock.advance(61);
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
  });

  it('the purge of a document deletes its signatures and links too', async () => {
    const document = await suite.document();
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    for (const [bin, token] of [
      [sender.bin, suite.tokens.sender],
      [signer.bin, suite.tokens.signer],
    ] as const) {
      const trash = documentPaths(bin, document.id).trash;
      expect((await suite.request(token, 'POST', trash)).statusCode).toBe(200);
    }
    suite.clock.advance(31 * 24 * 3600);
    const { db } = suite.server.services.database;
    const round = await runDocumentPurge(db, suite.server.services.blobs, suite.clock.now(), {
      retentionDays: 30,
      onDocumentsDeleted: (trx, ids) => forgetDocuments(trx, ids),
    });
    expect(round.documents).toBe(1);
    expect(await signaturesOf(db, document.id)).toEqual([]);
    expect(await db.selectFrom('signing_links').select('id').execute()).toEqual([]);
  });
});
