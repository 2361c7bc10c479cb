import {
  type ApiKeyCreated,
  apiPath,
  DOCUMENT_PATHS,
  type Document,
  EMBED_PATHS,
  type EmbedCreatedDocument,
  type EmbedSession,
  type EmbedTokenIssued,
  type HistoryEvent,
  PARTNER_PATHS,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { COMPANIES, testDraft, uploadParts } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';

const { sender, signer, second, outsider } = COMPANIES;
const PARTNER = 'https://shop.partner.kz';
const PDF = { filename: 'contract.pdf', bytes: Buffer.from('%PDF-1.4\n%embed\n%%EOF\n') };
const pki = createSigningPki();

describe.each(testDatabases())("a 'create' embed on $name", (backend) => {
  const suite = useSigningSuite(backend, {
    pki,
    env: { QOLTANBA_PUBLIC_URL: 'https://qoltanba.example.kz', QOLTANBA_WEBHOOK_INTERVAL_SECONDS: '0' },
  });

  async function createKey(bin = sender.bin, token = suite.tokens.sender): Promise<ApiKeyCreated> {
    const res = await suite.request(token, 'POST', `${apiPath(PARTNER_PATHS.apiKeys, { bin })}?lang=en`, {
      name: 'Shop',
      allowedOrigins: [PARTNER],
    });
    if (res.statusCode !== 201) throw new Error(`createApiKey: ${res.statusCode} ${res.body}`);
    return res.json();
  }
  const issue = (key: string, body: Record<string, unknown>) =>
    call(suite.server, 'POST', `${PARTNER_PATHS.embedTokens}?lang=en`, { token: key, body });
  /** A live session for a new token of `key` (`body` adds to the purpose). */
  async function openSession(key: string, body: Record<string, unknown> = { purpose: 'create' }) {
    const issued = await issue(key, body);
    expect(issued.statusCode, issued.body).toBe(201);
    const exchanged = await call(suite.server, 'POST', `${EMBED_PATHS.sessions}?lang=en`, {
      body: { token: (issued.json() as EmbedTokenIssued).token },
      headers: { origin: PARTNER },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(201);
    return (exchanged.json() as EmbedSession).session;
  }
  const create = (session: string, draft: unknown = testDraft({ name: 'Договор из встраивания' })) =>
    suite.upload(session, `${EMBED_PATHS.document}?lang=en`, uploadParts(draft, [PDF]));
  const asSender = (id: number) =>
    suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(DOCUMENT_PATHS.document, { bin: sender.bin, id: String(id) }),
    );

  it("creates and sends one document for the token's company, as the key's member, noting the key and the embed", async () => {
    const key = await createKey();
    const session = await openSession(key.secret);
    const res = await create(session);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as EmbedCreatedDocument;
    expect(created).toMatchObject({ name: 'Договор из встраивания', status: 'AT_SIGNING' });

    const document = (await asSender(created.documentId)).json() as Document;
    expect(document).toMatchObject({ number: created.number, status: 'AT_SIGNING', role: 'sender' });
    expect(document.sender.bin).toBe(sender.bin);
    expect(document.signers.map((s) => s.identityNumber)).toEqual([signer.bin]);
    const history = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(DOCUMENT_PATHS.history, { bin: sender.bin, id: String(created.documentId) }),
    );
    const events = history.json() as HistoryEvent[];
    for (const type of ['CREATE', 'SEND'])
      expect(events.find((event) => event.type === type)?.details).toBe(
        `API key «Shop» (${key.apiKey.prefix}…), embed`,
      );
    // The signer is asked to sign exactly as after a send from the portal or the partner API.
    expect(await suite.mails('signer@example.kz')).toHaveLength(1);
    // The partner's backend reads it with its key.
    const partner = await call(
      suite.server,
      'GET',
      apiPath(PARTNER_PATHS.document, { id: String(created.documentId) }),
      { token: key.secret },
    );
    expect(partner.json()).toMatchObject({ id: created.documentId, status: 'AT_SIGNING' });

    // One document per session.
    const again = await create(session);
    expect([again.statusCode, again.json().code]).toEqual([409, 'EMBED_DOCUMENT_CREATED']);
  });

  it('reads no document: the view holds none, and file routes refuse even the document it made', async () => {
    const key = await createKey();
    const other = await suite.document();
    const session = await openSession(key.secret);
    const made = (await create(session)).json() as EmbedCreatedDocument;
    const view = await call(suite.server, 'GET', EMBED_PATHS.session, { token: session });
    expect(view.json()).toMatchObject({
      purpose: 'create',
      document: null,
      company: { bin: sender.bin, nameRu: sender.nameRu },
      requiredSigner: null,
    });
    const madeFiles = ((await asSender(made.documentId)).json() as Document).files;
    for (const fileId of [other.files[0]?.id, madeFiles[0]?.id]) {
      for (const template of [EMBED_PATHS.file, EMBED_PATHS.filePreview]) {
        const res = await call(
          suite.server,
          'GET',
          `${apiPath(template, { fileId: String(fileId) })}?lang=en`,
          {
            token: session,
          },
        );
        expect([res.statusCode, res.json().code]).toEqual([403, 'EMBED_PURPOSE_MISMATCH']);
      }
    }
    const signing = await call(suite.server, 'POST', `${EMBED_PATHS.sign}?lang=en`, {
      token: session,
      body: await suite.signBody(other, pki.head(signer.bin)),
    });
    expect(signing.json().code).toBe('EMBED_PURPOSE_MISMATCH');
  });

  it("creates only for the token's company: another company's key makes its own document, which the first cannot see", async () => {
    const foreignKey = await createKey(outsider.bin, suite.tokens.outsider);
    const made = (await create(await openSession(foreignKey.secret))).json() as EmbedCreatedDocument;
    const outsiders = await suite.request(
      suite.tokens.outsider,
      'GET',
      apiPath(DOCUMENT_PATHS.document, { bin: outsider.bin, id: String(made.documentId) }),
    );
    expect((outsiders.json() as Document).sender.bin).toBe(outsider.bin);
    const senders = await asSender(made.documentId);
    expect([senders.statusCode, senders.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
  });

  it('refuses other purposes, a document in a create token, bad input (then lets the user try again) and a revoked key', async () => {
    const key = await createKey();
    const document = await suite.document();
    const signSession = await openSession(key.secret, {
      purpose: 'sign',
      documentId: document.id,
      signer: signer.bin,
    });
    const wrongPurpose = await create(signSession);
    expect([wrongPurpose.statusCode, wrongPurpose.json().code]).toEqual([403, 'EMBED_PURPOSE_MISMATCH']);
    const withDocument = await issue(key.secret, { purpose: 'create', documentId: document.id });
    expect([withDocument.statusCode, withDocument.json().code]).toEqual([400, 'VALIDATION_FAILED']);

    const session = await openSession(key.secret);
    const self = await create(
      session,
      testDraft({ signers: [{ identityNumber: sender.bin, email: 'me@example.kz', nameRu: sender.nameRu }] }),
    );
    expect([self.statusCode, self.json().code]).toEqual([400, 'SELF_AS_SIGNER']);
    const noFile = await suite.upload(
      session,
      `${EMBED_PATHS.document}?lang=en`,
      uploadParts(testDraft(), []),
    );
    expect(noFile.statusCode).toBe(400);
    expect((await create(session)).statusCode).toBe(201);

    const revoked = await openSession(key.secret);
    await suite.request(
      suite.tokens.sender,
      'DELETE',
      apiPath(PARTNER_PATHS.apiKey, { bin: sender.bin, keyId: key.apiKey.id }),
    );
    const afterRevoke = await create(revoked);
    expect([afterRevoke.statusCode, afterRevoke.json().code]).toEqual([401, 'API_KEY_INVALID']);
  });

  it('a token that names a signer needs that signer in the document', async () => {
    const key = await createKey();
    const session = await openSession(key.secret, { purpose: 'create', signer: second.bin });
    const view = await call(suite.server, 'GET', EMBED_PATHS.session, { token: session });
    expect(view.json()).toMatchObject({ purpose: 'create', requiredSigner: second.bin });
    const without = await create(session);
    expect([without.statusCode, without.json().code]).toEqual([403, 'BIN_NOT_AMONG_SIGNERS']);
    const withIt = await create(
      session,
      testDraft({
        signers: [{ identityNumber: second.bin, email: 'second@example.kz', nameRu: second.nameRu }],
      }),
    );
    expect(withIt.statusCode, withIt.body).toBe(201);
  });

  it('a send that fails puts its draft in the trash and frees the session: the user tries again and it is sent', async () => {
    const key = await createKey();
    const session = await openSession(key.secret);
    // A draft without signers is made, then refused at the send.
    const failed = await create(session, testDraft({ name: 'Без подписантов', signers: [] }));
    expect([failed.statusCode, failed.json().code]).toEqual([400, 'SIGNERS_REQUIRED']);
    const retried = await create(session);
    expect(retried.statusCode, retried.body).toBe(201);
    const made = retried.json() as EmbedCreatedDocument;
    expect(made.status).toBe('AT_SIGNING');
    // Sent once, the session has made its one document.
    expect((await create(session)).json().code).toBe('EMBED_DOCUMENT_CREATED');

    const box = async (name: string) =>
      (
        await suite.request(
          suite.tokens.sender,
          'GET',
          `${apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin })}?box=${name}`,
        )
      ).json() as { items: Array<{ id: number; name: string; status: string }> };
    expect((await box('outgoing')).items.map((item) => item.id)).toEqual([made.documentId]);
    expect((await box('draft')).items).toEqual([]);
    // Nothing is lost: the failed draft waits in the company's trash, restorable there; nobody else saw it.
    const trashed = (await box('trash')).items;
    expect(trashed.map(({ name, status }) => ({ name, status }))).toEqual([
      { name: 'Без подписантов', status: 'TRASH' },
    ]);
    const history = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(DOCUMENT_PATHS.history, { bin: sender.bin, id: String(trashed[0]?.id) }),
    );
    expect((history.json() as HistoryEvent[]).map((event) => event.type)).toEqual(['CREATE', 'TRASH']);
    expect(await suite.mails('signer@example.kz')).toHaveLength(1);
  });

  it('two creations at once make one document', async () => {
    const key = await createKey();
    const session = await openSession(key.secret);
    const answers = await Promise.all([create(session), create(session)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const listed = await suite.request(
      suite.tokens.sender,
      'GET',
      `${apiPath(DOCUMENT_PATHS.documents, { bin: sender.bin })}?box=outgoing`,
    );
    expect((listed.json() as { items: unknown[] }).items).toHaveLength(1);
  });
});
