import {
  type ApiKey,
  type ApiKeyCreated,
  apiPath,
  DOCUMENT_PATHS,
  EMBED_PATHS,
  type EmbedSession,
  type EmbedSessionView,
  type EmbedTokenIssued,
  type HistoryEvent,
  PARTNER_PATHS,
  type PartnerDocument,
  SIGNING_PATHS,
  verifyWebhookSignature,
  type WebhookDelivery,
  type WebhookPayload,
} from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { addMembership, userIdOf } from '../../testing/companies.js';
import { COMPANIES, testDraft, uploadParts } from '../../testing/documents.js';
import { type HttpRecorder, startHttpRecorder } from '../../testing/http-recorder.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { webhookSecrets } from './webhook-secrets.js';
import { runWebhookRound } from './webhooks.js';

const { sender, signer, outsider } = COMPANIES;
const PUBLIC_URL = 'https://qoltanba.example.kz';
const PARTNER = 'https://shop.partner.kz';
const OTHER_SITE = 'https://evil.example.com';
const pki = createSigningPki();

describe.each(testDatabases())('partner API and embedding on $name', (backend) => {
  const suite = useSigningSuite(backend, {
    pki,
    // The receiver is on 127.0.0.1: private addresses allowed here (webhook-ssrf.test.ts refuses them).
    env: {
      QOLTANBA_PUBLIC_URL: PUBLIC_URL,
      QOLTANBA_WEBHOOK_INTERVAL_SECONDS: '0',
      QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'true',
    },
  });
  /** One delivery round as the partner module's job runs it. */
  const round = () =>
    runWebhookRound(suite.server.services.database.db, {
      clock: suite.clock.now,
      secrets: webhookSecrets(suite.server.config.tokenSecret),
      policy: suite.server.config.webhookTargets,
      resolve: suite.server.services.resolveHost,
    });
  let receiver: HttpRecorder;
  let answers: number[] = [];
  beforeAll(async () => {
    receiver = await startHttpRecorder(() => ({ status: answers.shift() ?? 200, json: { ok: true } }));
  });
  afterAll(async () => {
    await receiver.close();
  });

  const keysPath = (bin: string) => apiPath(PARTNER_PATHS.apiKeys, { bin });
  const keyPath = (bin: string, keyId: string) => apiPath(PARTNER_PATHS.apiKey, { bin, keyId });

  /** Creates a key of company `bin` through the portal route as its administrator (a member of only that company). */
  async function createKey(
    bin: string,
    token: string,
    input: { name?: string; allowedOrigins?: string[]; webhookUrl?: string | null } = {},
  ): Promise<ApiKeyCreated> {
    const res = await suite.request(token, 'POST', `${keysPath(bin)}?lang=en`, {
      name: 'Shop',
      allowedOrigins: [PARTNER],
      ...input,
    });
    if (res.statusCode !== 201) throw new Error(`createApiKey: ${res.statusCode} ${res.body}`);
    return res.json();
  }
  const partner = (key: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(suite.server, method, `${path}?lang=en`, { token: key, body });
  const embedToken = async (key: string, body: Record<string, unknown>) => {
    const res = await partner(key, 'POST', PARTNER_PATHS.embedTokens, body);
    return res;
  };
  const exchange = (token: string, origin: string | null = PARTNER) =>
    call(suite.server, 'POST', `${EMBED_PATHS.sessions}?lang=en`, {
      body: { token },
      headers: origin ? { origin } : {},
    });
  const session = (bearer: string, method: 'GET' | 'POST', path: string, body?: unknown, origin = PARTNER) =>
    call(suite.server, method, `${path}?lang=en`, { token: bearer, body, headers: { origin } });

  it('the administrator creates a key shown once and stored hashed; other members and strangers are refused', async () => {
    const created = await createKey(sender.bin, suite.tokens.sender, {
      webhookUrl: `${receiver.origin}/hook`,
    });
    expect(created.secret).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
    expect(created.webhookSecret).toMatch(/^whsec_/);
    expect(created.apiKey).toMatchObject({
      name: 'Shop',
      prefix: created.secret.slice(0, 11),
      allowedOrigins: [PARTNER],
      revokedAt: null,
      lastUsedAt: null,
    });
    const list = await suite.request(suite.tokens.sender, 'GET', keysPath(sender.bin));
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain(created.webhookSecret);
    const { db } = suite.server.services.database;
    const stored = await db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(stored.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    // The webhook secret is sealed (AES-256-GCM, versioned), not stored in clear.
    expect(stored.webhook_secret).toMatch(/^enc1\./);
    expect(JSON.stringify(stored)).not.toContain(created.webhookSecret);
    expect(JSON.stringify(stored)).not.toContain(created.webhookSecret?.slice(6));

    // A second member of the company is not its administrator; a stranger is not even a member.
    const memberToken = await suite.user('member@example.kz', []);
    await addMembership(suite.server, userIdOf(memberToken), sender.bin);
    const member = await suite.request(memberToken, 'GET', `${keysPath(sender.bin)}?lang=en`);
    expect([member.statusCode, member.json().code]).toEqual([403, 'API_KEY_FORBIDDEN']);
    const stranger = await suite.request(suite.tokens.outsider, 'GET', keysPath(sender.bin));
    expect([stranger.statusCode, stranger.json().code]).toEqual([403, 'FORBIDDEN']);
    const foreignKey = await suite.request(
      suite.tokens.outsider,
      'DELETE',
      keyPath(outsider.bin, created.apiKey.id),
    );
    expect([foreignKey.statusCode, foreignKey.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
  });

  it('refuses bad origins and webhook URLs with their codes, and edits a key', async () => {
    const bad = await suite.request(suite.tokens.sender, 'POST', `${keysPath(sender.bin)}?lang=en`, {
      name: 'x',
      allowedOrigins: ['https://*.partner.kz'],
    });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'ORIGIN_INVALID']);
    const insecure = await suite.request(suite.tokens.sender, 'POST', `${keysPath(sender.bin)}?lang=en`, {
      name: 'x',
      allowedOrigins: [PARTNER],
      webhookUrl: 'http://partner.kz/hook',
    });
    expect([insecure.statusCode, insecure.json().code]).toEqual([400, 'WEBHOOK_URL_INVALID']);
    const created = await createKey(sender.bin, suite.tokens.sender);
    expect(created.webhookSecret).toBeNull();
    const res = await call(suite.server, 'PATCH', keyPath(sender.bin, created.apiKey.id), {
      token: suite.tokens.sender,
      body: {
        name: 'Shop 2',
        allowedOrigins: [PARTNER, 'http://localhost:5173'],
        webhookUrl: 'https://a.kz/h',
      },
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as ApiKey;
    expect(updated).toMatchObject({ name: 'Shop 2', webhookUrl: 'https://a.kz/h' });
    expect(updated.webhookSecret).toMatch(/^whsec_/);
  });

  it('refuses a forged key and a revoked key with API_KEY_INVALID', async () => {
    const created = await createKey(sender.bin, suite.tokens.sender);
    const document = await suite.document();
    const path = apiPath(PARTNER_PATHS.document, { id: String(document.id) });
    expect((await partner(created.secret, 'GET', path)).statusCode).toBe(200);
    const forged = `${created.secret.slice(0, -4)}AAAA`;
    for (const key of [forged, 'qk_nothing', 'not-a-key', '']) {
      const res = await partner(key, 'GET', path);
      expect([res.statusCode, res.json().code]).toEqual([401, 'API_KEY_INVALID']);
    }
    const revoked = await suite.request(
      suite.tokens.sender,
      'DELETE',
      keyPath(sender.bin, created.apiKey.id),
    );
    expect(revoked.statusCode).toBe(204);
    const after = await partner(created.secret, 'GET', path);
    expect([after.statusCode, after.json().code]).toEqual([401, 'API_KEY_INVALID']);
    const listed = (await suite.request(suite.tokens.sender, 'GET', keysPath(sender.bin))).json() as ApiKey[];
    expect(listed[0]?.revokedAt).not.toBeNull();
  });

  it("a key of company A cannot touch company B's document", async () => {
    const document = await suite.document();
    const foreign = await createKey(outsider.bin, suite.tokens.outsider);
    const id = String(document.id);
    for (const [method, path] of [
      ['GET', apiPath(PARTNER_PATHS.document, { id })],
      ['POST', apiPath(PARTNER_PATHS.send, { id })],
      ['GET', apiPath(PARTNER_PATHS.signedPackage, { id })],
    ] as const) {
      const res = await partner(foreign.secret, method, path);
      expect([method, path, res.statusCode, res.json().code]).toEqual([
        method,
        path,
        404,
        'ENTITY_NOT_FOUND',
      ]);
    }
    const token = await embedToken(foreign.secret, { purpose: 'status', documentId: document.id });
    expect([token.statusCode, token.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
  });

  it('creates a document from files and signers, sends it, reads its status and notes the key in the history', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender, { name: 'CRM' });
    const created = await suite.upload(
      key.secret,
      PARTNER_PATHS.documents,
      uploadParts(testDraft({ name: 'Договор от партнёра' }), [
        { filename: 'a.pdf', bytes: Buffer.from('%PDF-1.4\n%partner\n%%EOF\n') },
      ]),
    );
    expect(created.statusCode).toBe(201);
    const draft = created.json() as PartnerDocument;
    expect(draft).toMatchObject({ name: 'Договор от партнёра', status: 'DRAFT', sentAt: null });
    const sent = await partner(key.secret, 'POST', apiPath(PARTNER_PATHS.send, { id: String(draft.id) }));
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'AT_SIGNING',
      signers: [{ identityNumber: signer.bin, status: 'PENDING', signedAt: null }],
    });
    expect((sent.json() as PartnerDocument).sentAt).toBe(suite.clock.now().toISOString());
    const history = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(DOCUMENT_PATHS.history, { bin: sender.bin, id: String(draft.id) }),
    );
    const events = history.json() as HistoryEvent[];
    expect(events.find((e) => e.type === 'CREATE')?.details).toContain('CRM');
    expect(events.find((e) => e.type === 'SEND')?.details).toContain('CRM');
    // The signer got the personal link e-mail as with a send from the portal.
    expect(await suite.mails('signer@example.kz')).toHaveLength(1);
    const noPackage = await partner(
      key.secret,
      'GET',
      apiPath(PARTNER_PATHS.signedPackage, { id: String(draft.id) }),
    );
    expect(noPackage.json().code).toBe('DOCUMENT_NOT_SIGNED');
  });

  it('an embed token is exchanged once, from its origins only, for a session that signs as its signer', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender);
    const document = await suite.document();
    const issued = await embedToken(key.secret, {
      purpose: 'sign',
      documentId: document.id,
      signer: signer.bin,
    });
    expect(issued.statusCode).toBe(201);
    const { token, url, allowedOrigins } = issued.json() as EmbedTokenIssued;
    expect(token).toMatch(/^qe_/);
    expect(url).toBe(`${PUBLIC_URL}/embed/${token}`);
    expect(allowedOrigins).toEqual([PARTNER]);

    // A wrong origin is refused before the token is spent; no origin at all too. The refusal (a code, nothing of the
    // grant) is readable there, so an element on that page names the cause instead of a network error.
    const wrong = await exchange(token, OTHER_SITE);
    expect([wrong.statusCode, wrong.json().code]).toEqual([403, 'EMBED_ORIGIN_NOT_ALLOWED']);
    expect(wrong.headers['access-control-allow-origin']).toBe(OTHER_SITE);
    expect((await exchange(token, null)).json().code).toBe('EMBED_ORIGIN_NOT_ALLOWED');

    const first = await exchange(token);
    expect(first.statusCode).toBe(201);
    expect(first.headers['access-control-allow-origin']).toBe(PARTNER);
    const embed = first.json() as EmbedSession;
    expect(embed).toMatchObject({ purpose: 'sign', documentId: document.id, signer: signer.bin });
    const reused = await exchange(token);
    expect([reused.statusCode, reused.json().code]).toEqual([409, 'EMBED_TOKEN_USED']);
    expect(reused.headers['access-control-allow-origin']).toBe(PARTNER);

    const view = await session(embed.session, 'GET', EMBED_PATHS.session);
    expect(view.statusCode).toBe(200);
    expect((view.json() as EmbedSessionView).document?.signer.identityNumber).toBe(signer.bin);
    const fromElsewhere = await session(embed.session, 'GET', EMBED_PATHS.session, undefined, OTHER_SITE);
    expect([fromElsewhere.statusCode, fromElsewhere.json().code]).toEqual([403, 'EMBED_ORIGIN_NOT_ALLOWED']);

    const body = await suite.signBody(document, pki.head(signer.bin));
    const signed = await session(embed.session, 'POST', EMBED_PATHS.sign, body);
    expect(signed.statusCode).toBe(200);
    expect((signed.json() as EmbedSessionView).document?.signer.state).toBe('SIGNED');
    const status = await partner(
      key.secret,
      'GET',
      apiPath(PARTNER_PATHS.document, { id: String(document.id) }),
    );
    expect(status.json()).toMatchObject({ status: 'SIGNED', signers: [{ status: 'SIGNED' }] });
    const pack = await partner(
      key.secret,
      'GET',
      apiPath(PARTNER_PATHS.signedPackage, { id: String(document.id) }),
    );
    expect([pack.statusCode, pack.headers['content-type']]).toEqual([200, 'application/zip']);
  });

  it('outside production 127.0.0.1, localhost and [::1] are one origin; a refusal names the expected origin', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender, {
      allowedOrigins: ['http://localhost:5173'],
    });
    const document = await suite.document();
    const tokenFor = async () =>
      (
        (
          await embedToken(key.secret, { purpose: 'sign', documentId: document.id, signer: signer.bin })
        ).json() as EmbedTokenIssued
      ).token;
    for (const origin of ['http://127.0.0.1:5173', 'http://[::1]:5173']) {
      const exchanged = await exchange(await tokenFor(), origin);
      expect(exchanged.statusCode, exchanged.body).toBe(201);
      expect(exchanged.headers['access-control-allow-origin']).toBe(origin);
    }
    // Another port is another origin, and the refusal says which one was expected.
    const refused = await exchange(await tokenFor(), 'http://127.0.0.1:5174');
    expect(refused.json()).toMatchObject({
      code: 'EMBED_ORIGIN_NOT_ALLOWED',
      params: { origin: 'http://127.0.0.1:5174', expected: 'http://localhost:5173' },
      message:
        'This site (http://127.0.0.1:5174) is not allowed to embed Qoltanba. Expected: http://localhost:5173',
    });
    // The embed page may be framed by either spelling.
    const page = await call(suite.server, 'GET', `/embed/${await tokenFor()}`);
    expect(page.headers['content-security-policy']).toContain('http://127.0.0.1:5173');
    expect(page.headers['content-security-policy']).toContain('http://localhost:5173');
  });

  it('refuses an expired token, an unknown one, the wrong purpose, a signer not in the document and foreign origins', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender);
    const document = await suite.document();
    const notSigner = await embedToken(key.secret, {
      purpose: 'sign',
      documentId: document.id,
      signer: outsider.bin,
    });
    expect([notSigner.statusCode, notSigner.json().code]).toEqual([403, 'BIN_NOT_AMONG_SIGNERS']);
    const foreignOrigin = await embedToken(key.secret, { purpose: 'verify', origins: [OTHER_SITE] });
    expect([foreignOrigin.statusCode, foreignOrigin.json().code]).toEqual([403, 'EMBED_ORIGIN_NOT_ALLOWED']);

    const short = (
      await embedToken(key.secret, { purpose: 'verify', ttlSeconds: 60 })
    ).json() as EmbedTokenIssued;
    suite.clock.advance(61);
    const expired = await exchange(short.token);
    expect([expired.statusCode, expired.json().code]).toEqual([401, 'EMBED_TOKEN_EXPIRED']);
    const unknown = await exchange(`qe_${'A'.repeat(43)}`);
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'EMBED_TOKEN_INVALID']);

    const verify = (await embedToken(key.secret, { purpose: 'verify' })).json() as EmbedTokenIssued;
    const verifySession = (await exchange(verify.token)).json() as EmbedSession;
    const body = await suite.signBody(document, pki.head(signer.bin));
    const mismatch = await session(verifySession.session, 'POST', EMBED_PATHS.sign, body);
    expect([mismatch.statusCode, mismatch.json().code]).toEqual([403, 'EMBED_PURPOSE_MISMATCH']);
    const file = apiPath(EMBED_PATHS.file, { fileId: String(document.files[0]?.id ?? 0) });
    expect((await session(verifySession.session, 'GET', file)).json().code).toBe('EMBED_PURPOSE_MISMATCH');
    expect((await session(verifySession.session, 'GET', EMBED_PATHS.session)).json()).toMatchObject({
      purpose: 'verify',
      document: null,
    });
    suite.clock.advance(30 * 60);
    const late = await session(verifySession.session, 'GET', EMBED_PATHS.session);
    expect([late.statusCode, late.json().code]).toEqual([401, 'EMBED_SESSION_EXPIRED']);
  });

  it("a 'status' session shows the document read-only and its files, and cannot sign", async () => {
    const key = await createKey(sender.bin, suite.tokens.sender);
    const document = await suite.document();
    const issued = (await embedToken(key.secret, { purpose: 'status', documentId: document.id })).json();
    const status = (await exchange((issued as EmbedTokenIssued).token)).json() as EmbedSession;
    const view = (await session(status.session, 'GET', EMBED_PATHS.session)).json() as EmbedSessionView;
    expect(view.document?.document).toMatchObject({
      id: document.id,
      status: 'AT_SIGNING',
      allowedActions: [],
    });
    expect(view.document?.signer.identityNumber).toBe(signer.bin);
    const fileId = String(document.files[0]?.id ?? 0);
    const file = await session(status.session, 'GET', apiPath(EMBED_PATHS.file, { fileId }));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(await suite.fileBytes(document, Number(fileId)));
    const body = await suite.signBody(document, pki.head(signer.bin));
    expect((await session(status.session, 'POST', EMBED_PATHS.sign, body)).json().code).toBe(
      'EMBED_PURPOSE_MISMATCH',
    );
  });

  it('answers CORS preflights of the embed API only, and echoes only allowed origins', async () => {
    const preflight = await call(suite.server, 'OPTIONS', EMBED_PATHS.sessions, {
      headers: { origin: OTHER_SITE, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(OTHER_SITE);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    // The QR events stream an embedded signer follows is readable from any page (its id is the capability).
    const events = await call(
      suite.server,
      'GET',
      apiPath(SIGNING_PATHS.qrSigningEvents, { sessionId: 'x'.repeat(43) }),
      {
        headers: { origin: OTHER_SITE },
      },
    );
    expect(events.headers['access-control-allow-origin']).toBe('*');
    const partnerPreflight = await call(suite.server, 'OPTIONS', PARTNER_PATHS.embedTokens, {
      headers: { origin: OTHER_SITE, 'access-control-request-method': 'POST' },
    });
    expect(partnerPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  // Outside production the loopback spellings of an allowed origin are one origin (localhost, 127.0.0.1, [::1]).
  const LOOPBACK_ANCESTORS = `${PARTNER} http://localhost:5173 http://127.0.0.1:5173 http://[::1]:5173`;

  it("frames /embed/:token exactly for the token's origins (also when spent) and nothing else anywhere", async () => {
    const key = await createKey(sender.bin, suite.tokens.sender, {
      allowedOrigins: [PARTNER, 'http://localhost:5173'],
    });
    const { token } = (await embedToken(key.secret, { purpose: 'verify' })).json() as EmbedTokenIssued;
    const page = async (path: string) => {
      const res = await call(suite.server, 'GET', path, { headers: { accept: 'text/html' } });
      const csp = String(res.headers['content-security-policy']);
      return { res, frameAncestors: /frame-ancestors ([^;]*)/.exec(csp)?.[1] };
    };
    const embed = await page(`/embed/${token}`);
    expect(embed.res.statusCode).toBe(200);
    expect(embed.frameAncestors).toBe(LOOPBACK_ANCESTORS);
    expect(embed.res.headers['x-frame-options']).toBeUndefined();
    expect(embed.res.headers['referrer-policy']).toBe('no-referrer');
    await exchange(token);
    expect((await page(`/embed/${token}`)).frameAncestors).toBe(LOOPBACK_ANCESTORS);
    const unknown = await page(`/embed/qe_${'B'.repeat(43)}`);
    expect(unknown.frameAncestors).toBe("'none'");
    for (const path of ['/', '/cabinet', EMBED_PATHS.session, '/sign/abc']) {
      const other = await page(path);
      expect([path, other.frameAncestors, other.res.headers['x-frame-options']]).toEqual([
        path,
        "'none'",
        'DENY',
      ]);
    }
  });

  it('delivers a webhook signed with the key, retries a 500 after the back-off, and posts once with two runners', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender, { webhookUrl: `${receiver.origin}/hook` });
    const webhookSecret = key.webhookSecret ?? '';
    receiver.requests.length = 0;
    answers = [500];
    const document = await suite.document();
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    const clock = suite.clock.now;

    // Two instances' rounds at once: the first attempt is posted once (and answered 500).
    await Promise.all([round(), round()]);
    expect(receiver.requests.map((r) => r.headers['qoltanba-event']).sort()).toEqual([
      'document.completed',
      'document.signed',
    ]);
    const deliveriesPath = apiPath(PARTNER_PATHS.webhookDeliveries, {
      bin: sender.bin,
      keyId: key.apiKey.id,
    });
    const log = async () =>
      (await suite.request(suite.tokens.sender, 'GET', deliveriesPath)).json() as WebhookDelivery[];
    const failedOnce = (await log()).find((d) => d.lastStatusCode === 500);
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    expect(failedOnce?.nextAttemptAt).toBe(new Date(clock().getTime() + 10_000).toISOString());

    // Not due yet: nothing is posted; after the back-off it is, once, even with two runners.
    await round();
    expect(receiver.requests).toHaveLength(2);
    suite.clock.advance(10);
    await Promise.all([round(), round()]);
    expect(receiver.requests).toHaveLength(3);
    expect((await log()).map((d) => [d.status, d.attempts]).sort()).toEqual([
      ['delivered', 1],
      ['delivered', 2],
    ]);

    const retried = receiver.requests[2];
    if (!retried) throw new Error('no retry');
    expect(retried.url).toBe('/hook');
    expect(retried.headers['qoltanba-delivery']).toBe(failedOnce?.id);
    const header = String(retried.headers['qoltanba-signature']);
    expect(await verifyWebhookSignature(webhookSecret, header, retried.body, clock())).toBe(true);
    expect(await verifyWebhookSignature('whsec_other', header, retried.body, clock())).toBe(false);
    // A replay six minutes later is refused by the receiver's check.
    expect(
      await verifyWebhookSignature(webhookSecret, header, retried.body, clock().getTime() + 360_000),
    ).toBe(false);
    const payload = JSON.parse(retried.body) as WebhookPayload;
    expect(payload.data.documentId).toBe(document.id);
    expect(payload.id).toBe(failedOnce?.id);
  });

  it('reports a rejection to the webhooks of every participating company with a key', async () => {
    const senderKey = await createKey(sender.bin, suite.tokens.sender, {
      webhookUrl: `${receiver.origin}/s`,
    });
    await createKey(signer.bin, suite.tokens.signer, { webhookUrl: `${receiver.origin}/r` });
    await createKey(outsider.bin, suite.tokens.outsider, { webhookUrl: `${receiver.origin}/o` });
    receiver.requests.length = 0;
    answers = [];
    const document = await suite.document();
    const rejected = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.reject, {
        bin: signer.bin,
        id: String(document.id),
      }),
      { reason: 'Не наш договор' },
    );
    expect(rejected.statusCode).toBe(200);
    await round();
    expect(receiver.requests.map((r) => r.url).sort()).toEqual(['/r', '/s']);
    const payload = JSON.parse(receiver.requests[0]?.body ?? '{}') as WebhookPayload;
    expect(payload).toMatchObject({
      event: 'document.rejected',
      data: { documentId: document.id, status: 'REJECTED', signer: { bin: signer.bin } },
    });
    expect(senderKey.apiKey.id).toBeTruthy();
  });
});
