import {
  apiPath,
  PARTNER_PATHS,
  SIGNING_PATHS,
  verifyWebhookSignature,
  type WebhookDelivery,
  type WebhookPayload,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { COMPANIES } from '../../testing/documents.js';
import { testDatabases } from '../../testing/test-databases.js';
import { usePartnerSuite } from './test-support/partner-suite.js';

const { sender, signer, outsider } = COMPANIES;

// Webhooks: signed with the key's secret, retried after the back-off, posted once with two runners, sent to every
// participating company with a key.
describe.each(testDatabases())('partner webhooks on $name', (backend) => {
  const { suite, webhooks, round, createKey } = usePartnerSuite(backend);

  it('delivers a webhook signed with the key, retries a 500 after the back-off, and posts once with two runners', async () => {
    const key = await createKey(sender.bin, suite.tokens.sender, {
      webhookUrl: `${webhooks.recorder.origin}/hook`,
    });
    const webhookSecret = key.webhookSecret ?? '';
    webhooks.recorder.requests.length = 0;
    webhooks.answers = [500];
    const document = await suite.document();
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    const clock = suite.clock.now;

    // Two instances' rounds at once: the first attempt is posted once (and answered 500).
    await Promise.all([round(), round()]);
    expect(webhooks.recorder.requests.map((r) => r.headers['qoltanba-event']).sort()).toEqual([
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
    expect(webhooks.recorder.requests).toHaveLength(2);
    suite.clock.advance(10);
    await Promise.all([round(), round()]);
    expect(webhooks.recorder.requests).toHaveLength(3);
    expect((await log()).map((d) => [d.status, d.attempts]).sort()).toEqual([
      ['delivered', 1],
      ['delivered', 2],
    ]);

    const retried = webhooks.recorder.requests[2];
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
      webhookUrl: `${webhooks.recorder.origin}/s`,
    });
    await createKey(signer.bin, suite.tokens.signer, { webhookUrl: `${webhooks.recorder.origin}/r` });
    await createKey(outsider.bin, suite.tokens.outsider, { webhookUrl: `${webhooks.recorder.origin}/o` });
    webhooks.recorder.requests.length = 0;
    webhooks.answers = [];
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
    expect(webhooks.recorder.requests.map((r) => r.url).sort()).toEqual(['/r', '/s']);
    const payload = JSON.parse(webhooks.recorder.requests[0]?.body ?? '{}') as WebhookPayload;
    expect(payload).toMatchObject({
      event: 'document.rejected',
      data: { documentId: document.id, status: 'REJECTED', signer: { bin: signer.bin } },
    });
    expect(senderKey.apiKey.id).toBeTruthy();
  });

  it('reports approvals and reminders to the participating companies: asked, approved, reminded, declined', async () => {
    await createKey(sender.bin, suite.tokens.sender, { webhookUrl: `${webhooks.recorder.origin}/s` });
    await createKey(outsider.bin, suite.tokens.outsider, { webhookUrl: `${webhooks.recorder.origin}/o` });
    webhooks.recorder.requests.length = 0;
    webhooks.answers = [];
    const approver = 'approver@example.kz';
    const withApprover = {
      signers: [
        {
          identityNumber: signer.bin,
          email: 'signer@example.kz',
          nameRu: signer.nameRu,
          approverEmail: approver,
        },
      ],
    };
    /** The newest approval link's token e-mailed to the approver. */
    const approvalToken = async () => {
      await suite.server.services.outbox.drain();
      const token = /\/approve\/([A-Za-z0-9_-]+)/.exec((await suite.mails(approver))[0]?.body ?? '')?.[1];
      if (!token) throw new Error('no approval link e-mailed');
      return token;
    };
    const decide = (token: string, path: string, body: object) =>
      call(suite.server, 'POST', apiPath(path, { token }), { body });

    const approved = await suite.document(withApprover);
    expect((await decide(await approvalToken(), SIGNING_PATHS.approvalLinkApprove, {})).statusCode).toBe(200);
    const reminded = await suite.request(
      suite.tokens.sender,
      'POST',
      apiPath(SIGNING_PATHS.reminders, { bin: sender.bin, id: String(approved.id) }),
      {},
    );
    expect(reminded.statusCode).toBe(200);
    const declined = await suite.document(withApprover);
    const comment = 'Сумма договора неверна';
    const decline = await decide(await approvalToken(), SIGNING_PATHS.approvalLinkDecline, { comment });
    expect(decline.statusCode).toBe(200);

    await round();
    expect(new Set(webhooks.recorder.requests.map((r) => r.url))).toEqual(new Set(['/s']));
    const told = webhooks.recorder.requests.map((r) => JSON.parse(r.body) as WebhookPayload);
    const of = (documentId: number) =>
      told
        .filter((p) => p.data.documentId === documentId && p.event !== 'document.rejected')
        .map((p) => [p.event, p.data])
        .sort(([a], [b]) => String(a).localeCompare(String(b)));
    const asked = { identityNumber: signer.bin, comment: null };
    expect(of(approved.id)).toEqual([
      ['document.approval_requested', { documentId: approved.id, status: 'AT_SIGNING', approval: asked }],
      ['document.approved', { documentId: approved.id, status: 'AT_SIGNING', approval: asked }],
      [
        'document.reminded',
        {
          documentId: approved.id,
          status: 'AT_SIGNING',
          reminded: { identityNumbers: [signer.bin], automatic: false },
        },
      ],
    ]);
    expect(of(declined.id)).toEqual([
      ['document.approval_requested', { documentId: declined.id, status: 'AT_SIGNING', approval: asked }],
      [
        'document.declined',
        { documentId: declined.id, status: 'REJECTED', approval: { identityNumber: signer.bin, comment } },
      ],
    ]);
    // The decline rejects the document, as a rejection does: its webhook too.
    expect(told.filter((p) => p.data.documentId === declined.id).map((p) => p.event)).toContain(
      'document.rejected',
    );
  });
});
