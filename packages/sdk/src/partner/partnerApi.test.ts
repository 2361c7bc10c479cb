import { apiKeyCreatedSchema, type DocumentDraft } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../api/apiError';
import { createDocument, sendDocument } from '../documents/documentsApi';
import { createEmbedClient, exchangeEmbedToken } from '../embed/embedClient';
import { createEmbedDocument } from '../embed/embedDocument';
import { FAKE_BASE_URL, fakeCms, pdfFile } from '../testing/fakeServer';
import { ALFA_BIN, BETA_BIN, setupLoggedIn } from '../testing/setupSession';
import { $apiKeys } from './apiKeyStore';
import { createApiKey, listApiKeys, listWebhookDeliveries, revokeApiKey, updateApiKey } from './partnerApi';

const codeOf = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: unknown) => (isApiError(error) ? `${error.status} ${error.code}` : String(error)),
  );

const SIGNER = '150940001238';
const draft: DocumentDraft = {
  name: 'Договор поставки',
  signingMethod: 'PARALLEL',
  signers: [{ identityNumber: SIGNER, email: 'office@dala.kz', nameRu: 'ТОО Дала Софт' }],
};

describe('partner API keys', () => {
  it("manages the acting company's keys: create (secrets once), list, edit, revoke, delivery log", async () => {
    const { server } = await setupLoggedIn();
    const created = await createApiKey({ name: 'Shop', allowedOrigins: ['https://shop.kz/'] });
    expect(apiKeyCreatedSchema.parse(created).apiKey.allowedOrigins).toEqual(['https://shop.kz']);
    expect(created.secret).toMatch(/^qk_/);
    expect(created.webhookSecret).toBeNull();
    const listed = await listApiKeys();
    expect(listed.map((key) => key.name)).toEqual(['Shop']);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    const edited = await updateApiKey(created.apiKey.id, {
      name: 'Shop 2',
      allowedOrigins: ['https://shop.kz'],
      webhookUrl: 'https://shop.kz/hooks',
    });
    expect([edited.name, edited.webhookSecret?.startsWith('whsec_')]).toEqual(['Shop 2', true]);
    server.partner.addDelivery(created.apiKey.id, {
      id: 'd1',
      event: 'document.signed',
      documentId: 1,
      status: 'failed',
      attempts: 6,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      createdAt: '2026-11-22T01:00:00.000Z',
      deliveredAt: null,
      nextAttemptAt: null,
    });
    expect((await listWebhookDeliveries(created.apiKey.id)).map((d) => d.status)).toEqual(['failed']);
    await revokeApiKey(created.apiKey.id);
    expect((await listApiKeys())[0]?.revokedAt).not.toBeNull();
    expect(
      await codeOf(updateApiKey(created.apiKey.id, { name: 'x', allowedOrigins: ['https://a.kz'] })),
    ).toBe('401 API_KEY_INVALID');
  });

  it('refuses bad origins, a member who is not the administrator, and a key of another company', async () => {
    const { server } = await setupLoggedIn();
    expect(await codeOf(createApiKey({ name: 'x', allowedOrigins: ['https://*.kz'] }))).toBe(
      '400 ORIGIN_INVALID',
    );
    expect(
      await codeOf(createApiKey({ name: 'x', allowedOrigins: ['https://a.kz'], webhookUrl: 'http://a.kz' })),
    ).toBe('400 WEBHOOK_URL_INVALID');
    const alfa = server.account.companies.find((entry) => entry.bin === ALFA_BIN);
    if (alfa) alfa.isAdmin = false;
    expect(await codeOf(listApiKeys({ bin: ALFA_BIN }))).toBe('403 API_KEY_FORBIDDEN');
    expect(await codeOf(listApiKeys({ bin: '070940000718' }))).toBe('403 FORBIDDEN');
    const own = await createApiKey({ name: 'Beta', allowedOrigins: ['https://a.kz'] }, { bin: BETA_BIN });
    expect(await codeOf(revokeApiKey(own.apiKey.id, { bin: ALFA_BIN }))).toBe('403 API_KEY_FORBIDDEN');
  });

  it('$apiKeys loads the list when watched and reloads after each action', async () => {
    await setupLoggedIn();
    const unsubscribe = $apiKeys.listen(() => undefined);
    await $apiKeys.reload();
    expect($apiKeys.get().status).toBe('loaded');
    const { apiKey } = await $apiKeys.create({ name: 'CRM', allowedOrigins: ['https://crm.kz'] });
    expect($apiKeys.get().items.map((key) => key.id)).toEqual([apiKey.id]);
    await $apiKeys.revoke(apiKey.id);
    expect($apiKeys.get().items[0]?.revokedAt).not.toBeNull();
    unsubscribe();
  });
});

describe('embed sessions on the fake server', () => {
  it('exchanges a token once and signs as its signer through the session', async () => {
    const { server } = await setupLoggedIn();
    const { id } = await createDocument(draft, [pdfFile()]);
    await sendDocument(id);
    const { token } = server.partner.issueToken({ purpose: 'sign', documentId: id, signer: SIGNER });
    const options = { fetch: server.fetch };
    const session = await exchangeEmbedToken(FAKE_BASE_URL, token, options);
    expect(session).toMatchObject({ purpose: 'sign', documentId: id, signer: SIGNER });
    expect(await codeOf(exchangeEmbedToken(FAKE_BASE_URL, token, options))).toBe('409 EMBED_TOKEN_USED');
    expect(await codeOf(exchangeEmbedToken(FAKE_BASE_URL, 'qe_unknown', options))).toBe(
      '401 EMBED_TOKEN_INVALID',
    );
    const client = createEmbedClient({
      baseUrl: FAKE_BASE_URL,
      session: session.session,
      fetch: server.fetch,
    });
    const view = await client.getSession();
    expect(view.document?.signer.identityNumber).toBe(SIGNER);
    const fileId = view.document?.document.files[0]?.id ?? 0;
    expect((await client.downloadFile(fileId)).size).toBeGreaterThan(0);
    const signed = await client.sign({ signatures: [{ fileId, cms: fakeCms('valid') }] });
    expect(signed.document?.signer.state).toBe('SIGNED');
    expect(server.documents.document(id).status).toBe('SIGNED');
  });

  it('refuses an expired token and a session used for another purpose', async () => {
    const { server, clock } = await setupLoggedIn();
    const expiring = server.partner.issueToken({ purpose: 'verify', ttlSeconds: 60 });
    clock.now += 61_000;
    const options = { fetch: server.fetch };
    expect(await codeOf(exchangeEmbedToken(FAKE_BASE_URL, expiring.token, options))).toBe(
      '401 EMBED_TOKEN_EXPIRED',
    );
    const verify = await exchangeEmbedToken(
      FAKE_BASE_URL,
      server.partner.issueToken({ purpose: 'verify' }).token,
      options,
    );
    const client = createEmbedClient({
      baseUrl: FAKE_BASE_URL,
      session: verify.session,
      fetch: server.fetch,
    });
    expect((await client.getSession()).document).toBeNull();
    expect(await codeOf(client.reject({ reason: 'Не наш договор' }))).toBe('403 EMBED_PURPOSE_MISMATCH');
  });

  it("a 'create' session makes one document for the token's company, sent, with the named signer", async () => {
    const { server } = await setupLoggedIn();
    const options = { fetch: server.fetch };
    const open = async (grant: { signer?: string }) => {
      const { token } = server.partner.issueToken({ purpose: 'create', bin: ALFA_BIN, ...grant });
      const session = await exchangeEmbedToken(FAKE_BASE_URL, token, options);
      return { baseUrl: FAKE_BASE_URL, session: session.session, fetch: server.fetch };
    };
    const named = await open({ signer: BETA_BIN });
    expect(await codeOf(createEmbedDocument(named, draft, [pdfFile()]))).toBe('403 BIN_NOT_AMONG_SIGNERS');

    const session = await open({});
    const created = await createEmbedDocument(session, draft, [pdfFile()]);
    expect(created).toMatchObject({ name: draft.name, status: 'AT_SIGNING' });
    expect(server.documents.document(created.documentId).sender.bin).toBe(ALFA_BIN);
    expect(await codeOf(createEmbedDocument(session, draft, [pdfFile()]))).toBe('409 EMBED_DOCUMENT_CREATED');
    const client = createEmbedClient(session);
    const view = await client.getSession();
    expect(view).toMatchObject({ purpose: 'create', document: null, company: { bin: ALFA_BIN } });
    expect(await codeOf(client.downloadFile(1))).toBe('403 EMBED_PURPOSE_MISMATCH');
  });
});
