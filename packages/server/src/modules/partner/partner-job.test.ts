import { apiPath, PARTNER_PATHS, verifyWebhookSignature } from '@qoltanba/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { registerMember } from '../../testing/companies.js';
import { type HttpRecorder, startHttpRecorder } from '../../testing/http-recorder.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { testDatabases } from '../../testing/test-databases.js';

describe.each(testDatabases())('the webhook delivery job on $name', (backend) => {
  let server: TestApp;
  let receiver: HttpRecorder;
  beforeAll(async () => {
    receiver = await startHttpRecorder(() => ({ json: {} }));
    // The receiver is on 127.0.0.1, which only an explicit QOLTANBA_WEBHOOKS_ALLOW_PRIVATE lets webhooks reach.
    server = await createTestApp({
      backend,
      env: { QOLTANBA_WEBHOOK_INTERVAL_SECONDS: '1', QOLTANBA_WEBHOOKS_ALLOW_PRIVATE: 'true' },
    });
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  it('posts a queued delivery on its own within a few rounds, and closes with the app', async () => {
    const admin = await registerMember(server, 'admin@example.kz', '990340005977');
    const created = await call(server, 'POST', apiPath(PARTNER_PATHS.apiKeys, { bin: admin.bin }), {
      token: admin.token,
      body: { name: 'Job', allowedOrigins: ['https://a.kz'], webhookUrl: `${receiver.origin}/job` },
    });
    const { apiKey, webhookSecret } = created.json() as { apiKey: { id: string }; webhookSecret: string };
    const now = server.services.clock();
    const payload = JSON.stringify({
      id: 'job-1',
      event: 'document.completed',
      createdAt: now.toISOString(),
    });
    await server.services.database.db
      .insertInto('webhook_deliveries')
      .values({
        id: 'job-1',
        api_key_id: apiKey.id,
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
    for (let waited = 0; receiver.requests.length === 0 && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const [posted] = receiver.requests;
    expect(posted?.body).toBe(payload);
    const header = String(posted?.headers['qoltanba-signature']);
    expect(await verifyWebhookSignature(webhookSecret, header, payload)).toBe(true);
  });
});
