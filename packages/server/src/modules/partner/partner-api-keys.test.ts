import {
  type ApiKey,
  apiPath,
  DOCUMENT_PATHS,
  type HistoryEvent,
  PARTNER_PATHS,
  type PartnerDocument,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { addMembership, userIdOf } from '../../testing/companies.js';
import { COMPANIES, testDraft, uploadParts } from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import { PARTNER_ORIGIN, usePartnerSuite } from './test-support/partner-suite.js';

const { sender, signer, outsider } = COMPANIES;

// API keys: made and seen by a company's administrator only, refused forged or revoked or for another company's
// document; and the document API a key drives (create from files, send, status).
describe.each(testDatabases())('partner API keys on $name', (backend) => {
  const { suite, webhooks, createKey, partner, embedToken, keysPath, keyPath } = usePartnerSuite(backend);

  it('the administrator creates a key shown once and stored hashed; other members and strangers are refused', async () => {
    const created = await createKey(sender.bin, suite.tokens.sender, {
      webhookUrl: `${webhooks.recorder.origin}/hook`,
    });
    expect(created.secret).toMatch(/^qk_[A-Za-z0-9_-]{43}$/);
    expect(created.webhookSecret).toMatch(/^whsec_/);
    expect(created.apiKey).toMatchObject({
      name: 'Shop',
      prefix: created.secret.slice(0, 11),
      allowedOrigins: [PARTNER_ORIGIN],
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
      allowedOrigins: [PARTNER_ORIGIN],
      webhookUrl: 'http://partner.kz/hook',
    });
    expect([insecure.statusCode, insecure.json().code]).toEqual([400, 'WEBHOOK_URL_INVALID']);
    const created = await createKey(sender.bin, suite.tokens.sender);
    expect(created.webhookSecret).toBeNull();
    const res = await call(suite.server, 'PATCH', keyPath(sender.bin, created.apiKey.id), {
      token: suite.tokens.sender,
      body: {
        name: 'Shop 2',
        allowedOrigins: [PARTNER_ORIGIN, 'http://localhost:5173'],
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
});
