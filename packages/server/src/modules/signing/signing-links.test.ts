import { apiPath, type HistoryEvent, SIGNING_PATHS, type SigningLinkView } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { COMPANIES, documentPaths } from '../../testing/documents.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { signaturesOf } from './signature-store.js';

const { sender, signer, second } = COMPANIES;
const PUBLIC_URL = 'https://qoltanba.example.kz';
const pki = createSigningPki();

describe.each(testDatabases())('personal signing links on $name', (backend) => {
  // Resends at once: the cooldown has its own tests (signing-link-resends.test.ts).
  const suite = useSigningSuite(backend, {
    pki,
    env: { QOLTANBA_PUBLIC_URL: PUBLIC_URL, QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS: '0' },
  });

  /** The token of the newest link e-mailed to the address. */
  async function linkToken(email: string): Promise<string> {
    const [mail] = await suite.mails(email);
    const match = mail?.body.match(/https:\/\/qoltanba\.example\.kz\/sign\/([A-Za-z0-9_-]{43})\b/);
    if (!match?.[1]) throw new Error(`no link in ${mail?.body}`);
    return match[1];
  }
  const anonymous = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) =>
    call(suite.server, method, `${apiPath(path, { token })}?lang=en`, { body });

  it('sending e-mails each signer a link that opens the document as that signer sees it, without an account', async () => {
    const document = await suite.document(twoSigners());
    const [mail] = await suite.mails('signer@example.kz');
    expect(mail?.subject).toContain(document.name);
    expect(mail?.body).toContain(`${PUBLIC_URL}/sign/`);
    const token = await linkToken('signer@example.kz');
    expect(await linkToken('second@example.kz')).not.toBe(token);
    const res = await anonymous('GET', SIGNING_PATHS.signingLink, token);
    expect(res.statusCode).toBe(200);
    const view = res.json() as SigningLinkView;
    expect(view.signer).toMatchObject({ identityNumber: signer.bin, state: 'WAITING' });
    expect(view.document).toMatchObject({ id: document.id, role: 'signer', folderId: null, trash: null });
    expect(view.document.allowedActions).toEqual(['sign', 'reject']);
    expect(new Date(view.expiresAt).getTime() - suite.clock.now().getTime()).toBe(30 * 24 * 3600 * 1000);
    const file = document.files[0];
    if (!file) throw new Error('no file');
    const download = await anonymous(
      'GET',
      SIGNING_PATHS.signingLinkFile.replace(':fileId', String(file.id)),
      token,
    );
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(await suite.fileBytes(document, file.id));
    const preview = await anonymous(
      'GET',
      SIGNING_PATHS.signingLinkFilePreview.replace(':fileId', String(file.id)),
      token,
    );
    expect([preview.statusCode, preview.headers['content-type']]).toEqual([200, 'application/pdf']);
  });

  it('an unknown or expired link answers 404 SIGNING_LINK_NOT_FOUND; a file of another document is not found', async () => {
    const document = await suite.document();
    const token = await linkToken('signer@example.kz');
    const other = await suite.document();
    const unknown = await anonymous('GET', SIGNING_PATHS.signingLink, 'x'.repeat(43));
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { code: 'SIGNING_LINK_NOT_FOUND', message: 'The signing link was not found or has expired' },
    ]);
    const otherFile = other.files[0]?.id ?? 0;
    const foreign = await anonymous(
      'GET',
      SIGNING_PATHS.signingLinkFile.replace(':fileId', String(otherFile)),
      token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(document.id).not.toBe(other.id);
    suite.clock.advance(30 * 24 * 3600);
    const expired = await anonymous('GET', SIGNING_PATHS.signingLink, token);
    expect([expired.statusCode, expired.json().code]).toEqual([404, 'SIGNING_LINK_NOT_FOUND']);
  });

  it("signs free of charge through the link with the signer's own certificate only", async () => {
    const document = await suite.document();
    const token = await linkToken('signer@example.kz');
    const wrong = await anonymous(
      'POST',
      SIGNING_PATHS.signingLinkSign,
      token,
      await suite.signBody(document, pki.head(COMPANIES.outsider.bin)),
    );
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'BIN_NOT_AMONG_SIGNERS']);
    const res = await anonymous(
      'POST',
      SIGNING_PATHS.signingLinkSign,
      token,
      await suite.signBody(document, pki.head(signer.bin)),
    );
    expect(res.statusCode).toBe(200);
    expect((res.json() as SigningLinkView).document.status).toBe('SIGNED');
    const [stored] = await signaturesOf(suite.server.services.database.db, document.id);
    expect(stored).toMatchObject({ identity_number: signer.bin, user_id: null, method: 'NCALAYER' });
    expect(stored?.link_id).toEqual(expect.any(Number));
    const history = (
      await suite.request(suite.tokens.sender, 'GET', documentPaths(sender.bin, document.id).history)
    ).json() as HistoryEvent[];
    expect(history.find((e) => e.type === 'SIGN')).toMatchObject({
      actor: null,
      company: { bin: signer.bin },
    });
  });

  it("the link's page carries the history: after signing it shows the sending and the signature", async () => {
    const document = await suite.document();
    const token = await linkToken('signer@example.kz');
    const signed = await anonymous(
      'POST',
      SIGNING_PATHS.signingLinkSign,
      token,
      await suite.signBody(document, pki.head(signer.bin)),
    );
    expect(signed.statusCode).toBe(200);
    for (const view of [
      signed.json() as SigningLinkView,
      (await anonymous('GET', SIGNING_PATHS.signingLink, token)).json() as SigningLinkView,
    ]) {
      const types = (view.history ?? []).map((event) => event.type);
      expect(types).toContain('SEND');
      expect(view.history?.find((event) => event.type === 'SIGN')).toMatchObject({
        company: { bin: signer.bin },
      });
    }
  });

  it("e-mails a later sequential signer its link at its turn, whatever its company's trash holds", async () => {
    const document = await suite.document(twoSigners('SEQUENTIAL'));
    const trash = documentPaths(second.bin, document.id).trash;
    expect((await suite.request(suite.tokens.second, 'POST', trash)).statusCode).toBe(200);
    expect(await suite.mails('second@example.kz')).toEqual([]);
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    await suite.server.services.outbox.drain();
    const token = await linkToken('second@example.kz');
    const view = (await anonymous('GET', SIGNING_PATHS.signingLink, token)).json() as SigningLinkView;
    expect(view.document).toMatchObject({
      status: 'AT_SIGNING',
      trash: null,
      allowedActions: ['sign', 'reject'],
    });
  });

  it('rejects through the link', async () => {
    await suite.document();
    const token = await linkToken('signer@example.kz');
    const res = await anonymous('POST', SIGNING_PATHS.signingLinkReject, token, { reason: 'Не наш договор' });
    expect(res.statusCode).toBe(200);
    expect((res.json() as SigningLinkView).document).toMatchObject({
      status: 'REJECTED',
      rejection: { identityNumber: signer.bin, reason: 'Не наш договор' },
    });
  });

  it('the sender sends a new link (the old one stops working); nobody else can', async () => {
    const document = await suite.document(twoSigners());
    const old = await linkToken('second@example.kz');
    const path = apiPath(SIGNING_PATHS.resendSigningLink, { bin: sender.bin, id: String(document.id) });
    const res = await suite.request(suite.tokens.sender, 'POST', path, { identityNumber: second.bin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ identityNumber: second.bin, email: 'second@example.kz' });
    const fresh = await linkToken('second@example.kz');
    expect(fresh).not.toBe(old);
    expect((await anonymous('GET', SIGNING_PATHS.signingLink, old)).statusCode).toBe(404);
    expect((await anonymous('GET', SIGNING_PATHS.signingLink, fresh)).statusCode).toBe(200);
    const bySigner = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.resendSigningLink, { bin: signer.bin, id: String(document.id) }),
      { identityNumber: second.bin },
    );
    expect(bySigner.json().code).toBe('DOCUMENT_CHANGE_FORBIDDEN');
    const notSigner = await suite.request(suite.tokens.sender, 'POST', path, {
      identityNumber: COMPANIES.outsider.bin,
    });
    expect(notSigner.json().code).toBe('BIN_NOT_AMONG_SIGNERS');
  });
});
