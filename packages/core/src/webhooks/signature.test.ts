import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature, WEBHOOK_TOLERANCE_SECONDS } from './signature';

const secret = 'whsec_test';
const body = '{"id":"d1","event":"document.signed"}';
const t = 1_767_225_600;
const at = (seconds: number) => new Date(seconds * 1000);

describe('webhook signatures', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256 in hex', async () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(await signWebhookPayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
    expect(await signWebhookPayload(secret, new TextEncoder().encode(body), t)).toBe(`t=${t},v1=${expected}`);
  });

  it('accepts its own signature within the tolerance, either side of the clock', async () => {
    const header = await signWebhookPayload(secret, body, t);
    expect(await verifyWebhookSignature(secret, header, body, at(t))).toBe(true);
    expect(await verifyWebhookSignature(secret, header, body, at(t + WEBHOOK_TOLERANCE_SECONDS))).toBe(true);
    expect(await verifyWebhookSignature(secret, header, body, at(t - WEBHOOK_TOLERANCE_SECONDS))).toBe(true);
    expect(await verifyWebhookSignature(secret, header, body, (t + 10) * 1000)).toBe(true);
  });

  it('refuses a replay older than five minutes, and a timestamp too far ahead', async () => {
    const header = await signWebhookPayload(secret, body, t);
    expect(await verifyWebhookSignature(secret, header, body, at(t + WEBHOOK_TOLERANCE_SECONDS + 1))).toBe(
      false,
    );
    expect(await verifyWebhookSignature(secret, header, body, at(t - WEBHOOK_TOLERANCE_SECONDS - 1))).toBe(
      false,
    );
  });

  it('refuses another secret, a changed body, a changed timestamp and malformed headers', async () => {
    const header = await signWebhookPayload(secret, body, t);
    expect(await verifyWebhookSignature('whsec_other', header, body, at(t))).toBe(false);
    expect(await verifyWebhookSignature(secret, header, `${body} `, at(t))).toBe(false);
    expect(await verifyWebhookSignature(secret, header.replace(`t=${t}`, `t=${t + 1}`), body, at(t))).toBe(
      false,
    );
    for (const bad of [undefined, null, '', 'v1=abc', `t=${t}`, `t=x,v1=00`, 'garbage'])
      expect(await verifyWebhookSignature(secret, bad, body, at(t))).toBe(false);
  });

  it('accepts any one of several v1 entries (secret rotation)', async () => {
    const header = await signWebhookPayload(secret, body, t);
    const v1 = header.split('v1=')[1];
    expect(await verifyWebhookSignature(secret, `t=${t},v1=${'0'.repeat(64)},v1=${v1}`, body, at(t))).toBe(
      true,
    );
  });
});
