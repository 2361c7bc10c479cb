import {
  apiKeyCreatedSchema,
  type DocumentDraft,
  type EmbedTokenIssued,
  type EmbedTokenRequest,
  PARTNER_PATHS,
} from '@qoltanba/core';
import { ALFA, BETA, type TestServer, testServerPerFile } from '@qoltanba/server/testing';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../api/apiError';
import { createDocument, sendDocument } from '../documents/documentsApi';
import { createEmbedClient, exchangeEmbedToken } from '../embed/embedClient';
import { createEmbedDocument } from '../embed/embedDocument';
import { pdfFile } from '../test-support/files';
import { loggedInOn } from '../test-support/real-server';
import { $apiKeys } from './apiKeyStore';
import { createApiKey, listApiKeys, listWebhookDeliveries, revokeApiKey, updateApiKey } from './partnerApi';

const codeOf = (pending: Promise<unknown>) =>
  pending.then(
    () => 'resolved',
    (error: unknown) => (isApiError(error) ? `${error.status} ${error.code}` : String(error)),
  );

// BETA signs (bolat holds its certificate in the test PKI); another company than the key's ALFA.
const SIGNER = BETA.bin;
const draft: DocumentDraft = {
  name: 'Договор поставки',
  signingMethod: 'PARALLEL',
  signers: [{ identityNumber: SIGNER, email: 'office@beta.kz', nameRu: 'АО Бета Финанс' }],
};
// The partner's webhook host resolves to a public address (the test server asks no real DNS).
const test = testServerPerFile({
  app: { resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] },
});

/** The server's fetch as the partner's page calls it: from an origin the key allows. */
const fromShop =
  (server: TestServer): typeof fetch =>
  (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('origin', 'https://shop.kz');
    return server.fetch(input, { ...init, headers });
  };

/** A partner backend's embed token for ALFA: a fresh API key of ALFA's administrator, then `createEmbedToken`. */
async function issueToken(
  server: TestServer,
  request: Partial<EmbedTokenRequest>,
): Promise<EmbedTokenIssued> {
  const { secret } = await createApiKey(
    { name: 'Backend', allowedOrigins: ['https://shop.kz'] },
    { bin: ALFA.bin },
  );
  const response = await server.directFetch(`${server.baseUrl}${PARTNER_PATHS.embedTokens}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
  });
  if (!response.ok) throw new Error(`createEmbedToken: ${response.status} ${await response.text()}`);
  return (await response.json()) as EmbedTokenIssued;
}

describe('partner API keys', () => {
  it("manages the acting company's keys: create (secrets once), list, edit, revoke, delivery log", async () => {
    const { server } = await loggedInOn(test.server);
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
    // A signature of an ALFA document queues a delivery; the partner's endpoint answers 500 once.
    await server.documents.signedByFirst({ signers: [BETA] });
    const round = await server.deliverWebhooks(async () => ({ status: 500 }));
    expect(round).toBeDefined();
    const deliveries = await listWebhookDeliveries(created.apiKey.id);
    // The only signer signed: the document is completed too, so both events were posted and refused.
    expect(deliveries.map((d) => [d.event, d.attempts, d.lastStatusCode, d.deliveredAt]).sort()).toEqual([
      ['document.completed', 1, 500, null],
      ['document.signed', 1, 500, null],
    ]);
    await revokeApiKey(created.apiKey.id);
    expect((await listApiKeys())[0]?.revokedAt).not.toBeNull();
    expect(
      await codeOf(updateApiKey(created.apiKey.id, { name: 'x', allowedOrigins: ['https://a.kz'] })),
    ).toBe('401 API_KEY_INVALID');
  });

  it('refuses bad origins, a member who is not the administrator, and a key of another company', async () => {
    await loggedInOn(test.server);
    expect(await codeOf(createApiKey({ name: 'x', allowedOrigins: ['https://*.kz'] }))).toBe(
      '400 ORIGIN_INVALID',
    );
    expect(
      await codeOf(createApiKey({ name: 'x', allowedOrigins: ['https://a.kz'], webhookUrl: 'http://a.kz' })),
    ).toBe('400 WEBHOOK_URL_INVALID');
    expect(await codeOf(listApiKeys({ bin: '070940000718' }))).toBe('403 FORBIDDEN');
    const own = await createApiKey({ name: 'Beta', allowedOrigins: ['https://a.kz'] }, { bin: BETA.bin });
    // The server answers a key of another company as if it did not exist.
    expect(await codeOf(revokeApiKey(own.apiKey.id, { bin: ALFA.bin }))).toBe('404 ENTITY_NOT_FOUND');
    // bolat is a member of BETA but not its administrator (aigerim attached it first).
    await loggedInOn(test.server, 'bolat');
    expect(await codeOf(listApiKeys({ bin: BETA.bin }))).toBe('403 API_KEY_FORBIDDEN');
  });

  it('$apiKeys loads the list when watched and reloads after each action', async () => {
    await loggedInOn(test.server);
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

describe('embed sessions on the server', () => {
  it('exchanges a token once and signs as its signer through the session', async () => {
    const { server } = await loggedInOn(test.server);
    const { id } = await createDocument(draft, [pdfFile()]);
    await sendDocument(id);
    const { token } = await issueToken(server, { purpose: 'sign', documentId: id, signer: SIGNER });
    const options = { fetch: fromShop(server) };
    const session = await exchangeEmbedToken(server.baseUrl, token, options);
    expect(session).toMatchObject({ purpose: 'sign', documentId: id, signer: SIGNER });
    expect(await codeOf(exchangeEmbedToken(server.baseUrl, token, options))).toBe('409 EMBED_TOKEN_USED');
    expect(await codeOf(exchangeEmbedToken(server.baseUrl, 'qe_unknown', options))).toBe(
      '401 EMBED_TOKEN_INVALID',
    );
    const client = createEmbedClient({
      baseUrl: server.baseUrl,
      session: session.session,
      fetch: fromShop(server),
    });
    const view = await client.getSession();
    expect(view.document?.signer.identityNumber).toBe(SIGNER);
    const fileId = view.document?.document.files[0]?.id ?? 0;
    expect((await client.downloadFile(fileId)).size).toBeGreaterThan(0);
    const bytes = new Uint8Array(await (await client.downloadFile(fileId)).arrayBuffer());
    const cms = server.world
      .certificate('bolat', BETA)
      .signCms({ content: bytes, detached: true, signingTime: server.clock.now() });
    const signed = await client.sign({ signatures: [{ fileId, cms: Buffer.from(cms).toString('base64') }] });
    expect(signed.document?.signer.state).toBe('SIGNED');
    expect((await server.documents.view({ id }, { user: 'aigerim', company: ALFA })).status).toBe('SIGNED');
  });

  it('refuses an expired token and a session used for another purpose', async () => {
    const { server } = await loggedInOn(test.server);
    const expiring = await issueToken(server, { purpose: 'verify', ttlSeconds: 60 });
    server.clock.advance(61);
    const options = { fetch: fromShop(server) };
    expect(await codeOf(exchangeEmbedToken(server.baseUrl, expiring.token, options))).toBe(
      '401 EMBED_TOKEN_EXPIRED',
    );
    const verify = await exchangeEmbedToken(
      server.baseUrl,
      (await issueToken(server, { purpose: 'verify' })).token,
      options,
    );
    const client = createEmbedClient({
      baseUrl: server.baseUrl,
      session: verify.session,
      fetch: fromShop(server),
    });
    expect((await client.getSession()).document).toBeNull();
    expect(await codeOf(client.reject({ reason: 'Не наш договор' }))).toBe('403 EMBED_PURPOSE_MISMATCH');
  });

  it("a 'create' session makes one document for the token's company, sent, with the named signer", async () => {
    const { server } = await loggedInOn(test.server);
    const options = { fetch: fromShop(server) };
    const open = async (grant: { signer?: string }) => {
      const { token } = await issueToken(server, { purpose: 'create', ...grant });
      const session = await exchangeEmbedToken(server.baseUrl, token, options);
      return { baseUrl: server.baseUrl, session: session.session, fetch: fromShop(server) };
    };
    // A grant naming a signer (daniyar, an individual) the draft does not list.
    const named = await open({ signer: '920715401122' });
    expect(await codeOf(createEmbedDocument(named, draft, [pdfFile()]))).toBe('403 BIN_NOT_AMONG_SIGNERS');

    const session = await open({});
    const created = await createEmbedDocument(session, draft, [pdfFile()]);
    expect(created).toMatchObject({ name: draft.name, status: 'AT_SIGNING' });
    const stored = await server.documents.view(
      { id: created.documentId },
      { user: 'aigerim', company: ALFA },
    );
    expect(stored.sender.bin).toBe(ALFA.bin);
    expect(await codeOf(createEmbedDocument(session, draft, [pdfFile()]))).toBe('409 EMBED_DOCUMENT_CREATED');
    const client = createEmbedClient(session);
    const view = await client.getSession();
    expect(view).toMatchObject({ purpose: 'create', document: null, company: { bin: ALFA.bin } });
    expect(await codeOf(client.downloadFile(1))).toBe('403 EMBED_PURPOSE_MISMATCH');
  });
});
