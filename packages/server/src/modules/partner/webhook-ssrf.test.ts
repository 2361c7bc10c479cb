import {
  type ApiKey,
  type ApiKeyCreated,
  apiPath,
  errorMessage,
  PARTNER_PATHS,
  type WebhookDelivery,
} from '@qoltanba/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../../net/resolve-host.js';
import { call } from '../../testing/accounts.js';
import { type CompanyMember, registerMember } from '../../testing/companies.js';
import { type HttpRecorder, startHttpRecorder } from '../../testing/http-recorder.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';
import { createApiKey } from './api-keys.js';
import type { WebhookPost } from './webhook-post.js';
import { webhookSecrets } from './webhook-secrets.js';
import type { WebhookTarget } from './webhook-target.js';
import { runWebhookRound } from './webhooks.js';

const PUBLIC_V4 = '93.184.215.14';
const BIN = '990340005977';

describe.each(testDatabases())('webhook destinations on $name', (backend) => {
  // The server's DNS, as the tests set it; every lookup is counted.
  const dns: Record<string, ResolvedAddress[]> = {};
  const lookups: string[] = [];
  let server: TestApp;
  let admin: CompanyMember;
  let receiver: HttpRecorder;
  let redirected: HttpRecorder;
  beforeAll(async () => {
    redirected = await startHttpRecorder(() => ({ json: {} }));
    receiver = await startHttpRecorder(() => ({
      status: 302,
      json: {},
      headers: { location: `${redirected.origin}/elsewhere` },
    }));
    // NODE_ENV=test: private addresses are refused unless QOLTANBA_WEBHOOKS_ALLOW_PRIVATE says otherwise.
    server = await createTestApp({
      backend,
      resolveHost: async (hostname) => {
        lookups.push(hostname);
        const found = dns[hostname];
        if (!found)
          throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
        return found;
      },
    });
    admin = await registerMember(server, 'admin@example.kz', BIN);
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
    await redirected.close();
  });
  beforeEach(() => {
    for (const name of Object.keys(dns)) delete dns[name];
    lookups.length = 0;
  });

  const keysPath = apiPath(PARTNER_PATHS.apiKeys, { bin: BIN });
  const createKey = (webhookUrl: string | undefined, lang = 'en') =>
    call(server, 'POST', `${keysPath}?lang=${lang}`, {
      token: admin.token,
      body: { name: 'Shop', allowedOrigins: ['https://shop.kz'], ...(webhookUrl ? { webhookUrl } : {}) },
    });
  const listKeys = async () =>
    (await call(server, 'GET', keysPath, { token: admin.token })).json() as ApiKey[];
  const secrets = () => webhookSecrets(server.config.tokenSecret);

  /** Queues one delivery of key `apiKeyId`, due at `now`. */
  async function queueDelivery(apiKeyId: string, id: string, now: Date): Promise<void> {
    await server.services.database.db
      .insertInto('webhook_deliveries')
      .values({
        id,
        api_key_id: apiKeyId,
        event: 'document.completed',
        document_id: 1,
        payload: JSON.stringify({ id }),
        status: 'pending',
        last_status_code: null,
        last_error: null,
        created_at: now,
        delivered_at: null,
        next_attempt_at: now,
        leased_until: null,
      })
      .execute();
  }
  async function deliveryLog(apiKeyId: string): Promise<WebhookDelivery[]> {
    const path = apiPath(PARTNER_PATHS.webhookDeliveries, { bin: BIN, keyId: apiKeyId });
    return (await call(server, 'GET', path, { token: admin.token })).json() as WebhookDelivery[];
  }

  it('refuses private destinations at registration with WEBHOOK_URL_PRIVATE, on create and on update', async () => {
    dns['metadata.partner.test'] = [{ address: '169.254.169.254', family: 4 }];
    dns['internal.partner.test'] = [{ address: 'fd00::1', family: 6 }];
    dns['mapped.partner.test'] = [{ address: '::ffff:10.0.0.1', family: 6 }];
    const before = (await listKeys()).length;
    for (const url of [
      'http://127.0.0.1:3000/webhooks/qoltanba',
      'http://localhost:3000/hook',
      'https://[::1]/hook',
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://0177.0.0.1/',
      'https://api.localhost/',
      'https://metadata.partner.test/hook',
      'https://internal.partner.test/hook',
      'https://mapped.partner.test/hook',
    ]) {
      const res = await createKey(url);
      expect([url, res.statusCode, res.json()]).toEqual([
        url,
        400,
        { code: 'WEBHOOK_URL_PRIVATE', message: errorMessage('WEBHOOK_URL_PRIVATE', 'en') },
      ]);
    }
    expect(await listKeys()).toHaveLength(before);
    for (const lang of ['ru', 'kk'] as const) {
      const res = await createKey('https://metadata.partner.test/', lang);
      expect(res.json().message).toBe(errorMessage('WEBHOOK_URL_PRIVATE', lang));
    }

    const created = (await createKey(undefined)).json() as ApiKeyCreated;
    const update = await call(
      server,
      'PATCH',
      `${apiPath(PARTNER_PATHS.apiKey, { bin: BIN, keyId: created.apiKey.id })}?lang=en`,
      {
        token: admin.token,
        body: {
          name: 'Shop',
          allowedOrigins: ['https://shop.kz'],
          webhookUrl: 'https://metadata.partner.test/',
        },
      },
    );
    expect([update.statusCode, update.json().code]).toEqual([400, 'WEBHOOK_URL_PRIVATE']);
    expect((await listKeys()).find((key) => key.id === created.apiKey.id)?.webhookUrl).toBeNull();

    // A public name is taken; one DNS cannot answer yet is too (every delivery checks it again).
    dns['hooks.partner.test'] = [{ address: PUBLIC_V4, family: 4 }];
    expect((await createKey('https://hooks.partner.test/hook')).statusCode).toBe(201);
    expect((await createKey('https://later.partner.test/hook')).statusCode).toBe(201);
  });

  it('checks again at each delivery: refused once DNS answers a private address, posted to the checked address after', async () => {
    dns['hooks.partner.test'] = [{ address: PUBLIC_V4, family: 4 }];
    const created = (await createKey('https://hooks.partner.test/hook')).json() as ApiKeyCreated;
    const now = new Date();
    await queueDelivery(created.apiKey.id, 'rebind-1', now);

    // The attacker's DNS now answers the cloud metadata address.
    dns['hooks.partner.test'] = [{ address: '169.254.169.254', family: 4 }];
    lookups.length = 0;
    const posted: WebhookTarget[] = [];
    const post: WebhookPost = async (target) => {
      posted.push(target);
      return { status: 200 };
    };
    const round = (at: Date) =>
      runWebhookRound(server.services.database.db, {
        clock: () => at,
        secrets: secrets(),
        policy: server.config.webhookTargets,
        resolve: server.services.resolveHost,
        post,
      });
    expect(await round(now)).toMatchObject({ attempted: 1, delivered: 0 });
    expect(posted).toEqual([]);
    expect(lookups).toEqual(['hooks.partner.test']);
    const [refused] = await deliveryLog(created.apiKey.id);
    expect(refused).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: null,
      lastError: 'WEBHOOK_URL_PRIVATE: hooks.partner.test resolves to a link-local address',
    });

    // Public again: the retry resolves once and posts to exactly the address it checked.
    dns['hooks.partner.test'] = [{ address: PUBLIC_V4, family: 4 }];
    lookups.length = 0;
    expect(await round(new Date(now.getTime() + 11_000))).toMatchObject({ attempted: 1, delivered: 1 });
    expect(lookups).toEqual(['hooks.partner.test']);
    expect(posted.map(({ address, name, url }) => [address, name, url.href])).toEqual([
      [PUBLIC_V4, 'hooks.partner.test', 'https://hooks.partner.test/hook'],
    ]);
  });

  it('never follows a redirect: a 302 is a failed attempt, and its location gets nothing', async () => {
    // Written past the route (its http to a local receiver is only allowed where private addresses are).
    const { row } = await createApiKey(
      server.services.database.db,
      BIN,
      admin.userId,
      { name: 'Local', allowedOrigins: ['https://shop.kz'], webhookUrl: `${receiver.origin}/moved` },
      new Date(),
      secrets(),
    );
    const now = new Date();
    await queueDelivery(row.id, 'redirect-1', now);
    const round = await runWebhookRound(server.services.database.db, {
      clock: () => now,
      secrets: secrets(),
      policy: { allowPrivate: true, requireHttps: false },
      resolve: server.services.resolveHost,
    });
    expect(round).toMatchObject({ attempted: 1, delivered: 0 });
    expect(receiver.requests.map((request) => request.url)).toEqual(['/moved']);
    expect(redirected.requests).toEqual([]);
    expect((await deliveryLog(row.id))[0]).toMatchObject({ lastStatusCode: 302, lastError: 'HTTP 302' });
  });
});
