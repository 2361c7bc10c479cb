import { apiPath, type Document, type HistoryEvent, SIGNING_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { COMPANIES, documentPaths, listPath, testDraft } from '../../testing/documents.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { signaturesOf } from './signature-store.js';

const { sender, signer, second } = COMPANIES;
const REASON = 'Сумма договора неверна';
const pki = createSigningPki();

describe.each(testDatabases())('rejecting and revoking on $name', (backend) => {
  const suite = useSigningSuite(backend, { pki });
  const reject = (document: Document, bin: string, token: string, reason: unknown = REASON) =>
    suite.request(token, 'POST', apiPath(SIGNING_PATHS.reject, { bin, id: String(document.id) }), {
      reason,
      lang: 'en',
    });
  const revoke = (document: Document, bin: string, token: string) =>
    suite.request(
      token,
      'POST',
      `${apiPath(SIGNING_PATHS.revoke, { bin, id: String(document.id) })}?lang=en`,
    );
  const history = async (document: Document) =>
    (
      await suite.request(suite.tokens.sender, 'GET', documentPaths(sender.bin, document.id).history)
    ).json() as HistoryEvent[];

  it('a signer rejects with a reason: REJECTED, the rejection on the card, REJECT in history, canceled in lists', async () => {
    const document = await suite.document();
    const res = await reject(document, signer.bin, suite.tokens.signer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'REJECTED',
      rejection: { identityNumber: signer.bin, reason: REASON },
    });
    const seen = await suite.view(document, sender.bin);
    expect(seen.signers[0]?.state).toBe('REJECTED');
    const events = await history(document);
    expect(events.filter((e) => e.type !== 'VIEW').at(-1)).toMatchObject({
      type: 'REJECT',
      details: REASON,
      company: { bin: signer.bin },
    });
    for (const [bin, token, box] of [
      [sender.bin, suite.tokens.sender, 'outgoing'],
      [signer.bin, suite.tokens.signer, 'incoming'],
    ] as const) {
      const list = await suite.request(token, 'GET', listPath(bin, { box, filter: 'canceled' }));
      expect(list.json().items.map((d: Document) => d.id)).toEqual([document.id]);
      const inProcess = await suite.request(token, 'GET', listPath(bin, { box, filter: 'inProcess' }));
      expect(inProcess.json().items).toEqual([]);
    }
  });

  it('refuses a reason outside 5 to 100 characters', async () => {
    const document = await suite.document();
    for (const reason of ['abc', 'x'.repeat(101)]) {
      const res = await reject(document, signer.bin, suite.tokens.signer, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('REJECT_COMMENT_LENGTH');
    }
    expect((await suite.view(document, sender.bin)).status).toBe('AT_SIGNING');
  });

  it('only while AT_SIGNING, only by a listed signer who has not signed', async () => {
    const document = await suite.document(twoSigners());
    const bySender = await reject(document, sender.bin, suite.tokens.sender);
    expect([bySender.statusCode, bySender.json().code]).toEqual([403, 'BIN_NOT_AMONG_SIGNERS']);
    expect(bySender.json().message).toBe('This BIN/IIN is not among the signers');
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    const afterSigning = await reject(document, signer.bin, suite.tokens.signer);
    expect([afterSigning.statusCode, afterSigning.json().code]).toEqual([409, 'ALREADY_SIGNED_BY_BIN']);
    expect((await reject(document, second.bin, suite.tokens.second)).statusCode).toBe(200);
    const again = await reject(document, second.bin, suite.tokens.second);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { code: 'ONLY_IN_PROGRESS_CAN_BE_REJECTED', message: 'Only documents in progress can be rejected' },
    ]);
  });

  it('the sender revokes while nobody signed: REVOKED, REVOKE in history, canceled for everyone', async () => {
    const document = await suite.document();
    const res = await revoke(document, sender.bin, suite.tokens.sender);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('REVOKED');
    expect((await history(document)).at(-1)).toMatchObject({ type: 'REVOKE', company: { bin: sender.bin } });
    const incoming = await suite.request(
      suite.tokens.signer,
      'GET',
      listPath(signer.bin, { box: 'incoming', filter: 'canceled' }),
    );
    expect(incoming.json().items.map((d: Document) => d.status)).toEqual(['REVOKED']);
    const signing = await suite.sign(document, signer.bin);
    expect(signing.json().code).toBe('DOCUMENT_CHANGE_FORBIDDEN');
  });

  it('refuses revoking by a signer, after a signature, and of a draft', async () => {
    const document = await suite.document(twoSigners());
    const bySigner = await revoke(document, signer.bin, suite.tokens.signer);
    expect([bySigner.statusCode, bySigner.json().code]).toEqual([403, 'REVOKE_ONLY_BY_SENDER']);
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    const afterSignature = await revoke(document, sender.bin, suite.tokens.sender);
    expect([afterSignature.statusCode, afterSignature.json().code]).toEqual([
      409,
      'DOCUMENT_REVOKE_FORBIDDEN',
    ]);
    const draft = await suite.document({}, { send: false });
    const ofDraft = await revoke(draft, sender.bin, suite.tokens.sender);
    expect([ofDraft.statusCode, ofDraft.json().code]).toEqual([409, 'DOCUMENT_REVOKE_FORBIDDEN']);
  });

  it('a sender who signed its draft cannot revoke it any more', async () => {
    const draft = await suite.document({}, { send: false });
    expect((await suite.sign(draft, sender.bin)).statusCode).toBe(200);
    const res = await revoke(draft, sender.bin, suite.tokens.sender);
    expect(res.json().code).toBe('DOCUMENT_REVOKE_FORBIDDEN');
  });

  it('a rejected document edited back into a draft starts over: the sender and the signers who signed sign again', async () => {
    const draft = await suite.document(twoSigners(), { send: false, files: 2 });
    expect((await suite.sign(draft, sender.bin)).statusCode).toBe(200);
    expect((await suite.sign(draft, signer.bin)).statusCode).toBe(200);
    expect((await reject(draft, second.bin, suite.tokens.second)).statusCode).toBe(200);
    const [kept, dropped] = draft.files;
    // Deleting a file edits it back into a draft and keeps the list of signers as it was.
    const res = await suite.request(
      suite.tokens.sender,
      'DELETE',
      documentPaths(sender.bin, draft.id).file(dropped?.id ?? 0),
    );
    expect(res.statusCode).toBe(200);
    const reopened = res.json() as Document;
    expect(reopened).toMatchObject({ status: 'DRAFT', rejection: null });
    expect(reopened.allowedActions).toEqual(['update', 'send', 'sign', 'copy', 'trash']);
    expect(reopened.signers.map((s) => [s.identityNumber, s.state, s.signedAt])).toEqual([
      [signer.bin, 'WAITING', null],
      [second.bin, 'WAITING', null],
    ]);
    const signedByMe = await suite.request(
      suite.tokens.sender,
      'GET',
      listPath(sender.bin, { box: 'outgoing', filter: 'signedByMe' }),
    );
    expect(signedByMe.json().items).toEqual([]);
    expect((await suite.sign(reopened, sender.bin)).json().status).toBe('AT_SIGNING');
    expect((await suite.sign(reopened, signer.bin)).json().status).toBe('AT_SIGNING');
    expect((await suite.sign(reopened, second.bin)).json().status).toBe('SIGNED');
    // Only the new round's signatures are kept: one per party over the remaining file.
    const stored = await signaturesOf(suite.server.services.database.db, draft.id);
    expect(stored.map((s) => [s.file_id, s.identity_number])).toEqual([
      [kept?.id, sender.bin],
      [kept?.id, signer.bin],
      [kept?.id, second.bin],
    ]);
    expect((await history(draft)).map((e) => e.type)).toEqual([
      'CREATE',
      'SEND',
      'RECEIVE',
      'RECEIVE',
      'SIGN',
      'SIGN',
      'REJECT',
      'UPDATE',
      'SEND',
      'RECEIVE',
      'RECEIVE',
      'SIGN',
      'SIGN',
      'SIGN',
      'COMPLETE',
    ]);
  });

  it('a sender who signed, then edited the rejected document, is offered to sign it again', async () => {
    const draft = await suite.document({}, { send: false });
    expect((await suite.sign(draft, sender.bin)).statusCode).toBe(200);
    expect((await reject(draft, signer.bin, suite.tokens.signer)).statusCode).toBe(200);
    const edited = await suite.request(
      suite.tokens.sender,
      'PUT',
      documentPaths(sender.bin, draft.id).document,
      testDraft(),
    );
    expect(edited.statusCode).toBe(200);
    expect((await suite.view(draft, sender.bin)).allowedActions).toContain('sign');
    const resent = await suite.sign(draft, sender.bin);
    expect([resent.statusCode, resent.json().status]).toEqual([200, 'AT_SIGNING']);
    expect((await suite.sign(draft, signer.bin)).json().status).toBe('SIGNED');
  });

  it('a company that takes no part gets the answer of a missing document', async () => {
    const document = await suite.document();
    const res = await reject(document, COMPANIES.outsider.bin, suite.tokens.outsider);
    expect([res.statusCode, res.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const revoking = await revoke(document, COMPANIES.outsider.bin, suite.tokens.outsider);
    expect([revoking.statusCode, revoking.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
  });
});
