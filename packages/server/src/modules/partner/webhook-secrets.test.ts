import { type ApiKeyCreated, apiPath, PARTNER_PATHS, verifyWebhookSignature } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { call } from '../../testing/accounts.js';
import { type CompanyMember, registerMember } from '../../testing/companies.js';
import { type HttpRecorder, startHttpRecorder } from '../../testing/http-recorder.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { webhookSecrets } from './webhook-secrets.js';
import { runWebhookRound } from './webhooks.js';

const BIN = '990340005977';
const TOKEN_SECRET = 'a'.repeat(40);
const OTHER_TOKEN_SECRET = 'b'.repeat(40);

describe.each(testDatabases())('webhook secrets at rest on $name', (backend) => {
  let server: TestApp;
  let admin: CompanyMember;
  let receiver: HttpRecorder;
  beforeAll(async () => {
    receiver = await startHttpRecorder(() => ({ json: {} }));
    server = await createTestApp({
      backend,
      env: { QOLTANBA_TOKEN_SECRET: TOKEN_SECRET, QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'true' },
    });
    admin = await registerMember(server, 'admin@example.kz', BIN);
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  const db = () => server.services.database.db;
  async function createKey(path: string): Promise<ApiKeyCreated> {
    const res = await call(server, 'POST', apiPath(PARTNER_PATHS.apiKeys, { bin: BIN }), {
      token: admin.token,
      body: { name: 'Shop', allowedOrigins: ['https://shop.kz'], webhookUrl: `${receiver.origin}${path}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const storedSecret = async (id: string) =>
    (
      await db()
        .selectFrom('api_keys')
        .select('webhook_secret')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).webhook_secret;
  async function queueDelivery(apiKeyId: string, id: string, now = new Date()): Promise<string> {
    const payload = JSON.stringify({ id, event: 'document.completed' });
    await db()
      .insertInto('webhook_deliveries')
      .values({
        id,
        api_key_id: apiKeyId,
        event: 'document.completed',
        document_id: 1,
        payload,
        status: 'pending',
        last_status_code: null,
        last_error: null,
        created_at: now,
        delivered_at: null,
        next_attempt_at: now,
        leased_until: null,
      })
      .execute();
    return payload;
  }
  const round = (tokenSecret = TOKEN_SECRET) =>
    runWebhookRound(db(), {
      clock: () => new Date(),
      secrets: webhookSecrets(tokenSecret),
      policy: server.config.webhookTargets,
      resolve: server.services.resolveHost,
    });
  /** The signed request the receiver got for `path`, verified with `secret`. */
  async function verifiedAt(path: string, secret: string): Promise<boolean> {
    const posted = receiver.requests.filter((request) => request.url === path).at(-1);
    if (!posted) return false;
    return verifyWebhookSignature(secret, String(posted.headers['qoltanba-signature']), posted.body);
  }

  it('stores the webhook secret sealed, never in clear, and deliveries still verify with it', async () => {
    const key = await createKey('/sealed');
    const secret = key.webhookSecret ?? '';
    const row = await db()
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', key.apiKey.id)
      .executeTakeFirstOrThrow();
    expect(row.webhook_secret).toMatch(/^enc1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));

    await queueDelivery(key.apiKey.id, 'sealed-1');
    expect(await round()).toMatchObject({ attempted: 1, delivered: 1, unreadableSecrets: 0 });
    expect(await verifiedAt('/sealed', secret)).toBe(true);
    expect(await verifiedAt('/sealed', 'whsec_other')).toBe(false);
  });

  it('a secret stored in clear before stays usable and is sealed at the next start', async () => {
    const key = await createKey('/legacy');
    const legacy = `whsec_${'L'.repeat(43)}`;
    await db()
      .updateTable('api_keys')
      .set({ webhook_secret: legacy })
      .where('id', '=', key.apiKey.id)
      .execute();
    await queueDelivery(key.apiKey.id, 'legacy-1');
    expect(await round()).toMatchObject({ delivered: 1 });
    expect(await verifiedAt('/legacy', legacy)).toBe(true);

    // A restart of the server on the same database seals it.
    const restarted = await createApp(server.config, {
      database: server.services.database,
      logStream: { write: () => undefined },
      resolveHost: server.services.resolveHost,
    });
    try {
      const stored = await storedSecret(key.apiKey.id);
      expect(stored).toMatch(/^enc1\./);
      expect(stored).not.toContain(legacy.slice('whsec_'.length));
      await queueDelivery(key.apiKey.id, 'legacy-2');
      expect(await round()).toMatchObject({ delivered: 1 });
      expect(await verifiedAt('/legacy', legacy)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it('with another server secret nothing is posted, unsigned or not: the attempt fails, the job logs an error', async () => {
    const key = await createKey('/wrong');
    await queueDelivery(key.apiKey.id, 'wrong-1');
    const before = receiver.requests.length;
    expect(await round(OTHER_TOKEN_SECRET)).toMatchObject({
      attempted: 1,
      delivered: 0,
      unreadableSecrets: 1,
    });
    expect(receiver.requests).toHaveLength(before);
    const [delivery] = await db()
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', 'wrong-1')
      .execute();
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(delivery?.last_error).toContain('QOLTANBA_TOKEN_SECRET is not the one it was stored with');

    // The delivery job of a server started with another secret says so at error level, every round.
    const logs: string[] = [];
    const restarted = await createApp(
      { ...server.config, tokenSecret: OTHER_TOKEN_SECRET, webhookIntervalSeconds: 1 },
      {
        database: server.services.database,
        logStream: { write: (line) => void logs.push(line) },
        resolveHost: server.services.resolveHost,
        // Past the 10 s back-off of the first attempt.
        clock: () => new Date(Date.now() + 60_000),
      },
    );
    try {
      const alarm = () =>
        logs
          .map((line) => JSON.parse(line) as { level: number; msg: string; unreadableSecrets?: number })
          .find((record) => record.level === 50 && record.unreadableSecrets === 1);
      for (let waited = 0; !alarm() && waited < 10_000; waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(alarm()?.msg).toContain('QOLTANBA_TOKEN_SECRET changed');
    } finally {
      await restarted.close();
    }
    expect(receiver.requests).toHaveLength(before);
  });

  it('removing the webhook URL removes its secret; a URL given again comes with a new one', async () => {
    const key = await createKey('/again');
    const path = apiPath(PARTNER_PATHS.apiKey, { bin: BIN, keyId: key.apiKey.id });
    const patch = (webhookUrl: string | null) =>
      call(server, 'PATCH', path, {
        token: admin.token,
        body: { name: 'Shop', allowedOrigins: ['https://shop.kz'], webhookUrl },
      });
    expect((await patch(null)).json()).toMatchObject({ webhookUrl: null });
    expect(await storedSecret(key.apiKey.id)).toBeNull();
    const again = (await patch(`${receiver.origin}/again`)).json() as { webhookSecret?: string };
    expect(again.webhookSecret).toMatch(/^whsec_/);
    expect(again.webhookSecret).not.toBe(key.webhookSecret);
    // Keeping the URL keeps the secret (none shown).
    expect((await patch(`${receiver.origin}/again`)).json()).not.toHaveProperty('webhookSecret');
  });
});
