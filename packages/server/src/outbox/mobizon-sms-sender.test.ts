import { isAppError } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { createMobizonSmsSender } from './mobizon-sms-sender.js';

// Answers in the shape Mobizon documents for message/sendSmsMessage (values made up).
const ACCEPTED = { code: 0, data: { campaignId: '48711234', messageId: '88214459', status: 1 }, message: '' };
const REFUSED = { code: 1, data: { recipient: 'Неверный номер получателя' }, message: 'Проверьте параметры' };

function fakeFetch(answer: unknown, status = 200) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = (async (url: URL | string, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const base = { apiKey: 'kz-test-key', baseUrl: 'https://api.mobizon.kz/service/' };

describe('Mobizon SMS sender', () => {
  it('posts the number without the plus, the text and the alpha name', async () => {
    const { fetch, calls } = fakeFetch(ACCEPTED);
    await createMobizonSmsSender({ ...base, from: 'Qoltanba', fetch }).send({
      to: '+77011234567',
      text: 'Код: 123456',
    });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]?.url ?? '');
    expect(url.origin + url.pathname).toBe('https://api.mobizon.kz/service/message/sendSmsMessage');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      output: 'json',
      api: 'v1',
      apiKey: 'kz-test-key',
    });
    expect(calls[0]?.init?.method).toBe('POST');
    const body = new URLSearchParams(String(calls[0]?.init?.body));
    expect(Object.fromEntries(body)).toEqual({
      recipient: '77011234567',
      text: 'Код: 123456',
      from: 'Qoltanba',
    });
  });

  it('leaves the alpha name out when none is configured', async () => {
    const { fetch, calls } = fakeFetch(ACCEPTED);
    await createMobizonSmsSender({ ...base, fetch }).send({ to: '+77011234567', text: 'x' });
    expect(new URLSearchParams(String(calls[0]?.init?.body)).has('from')).toBe(false);
  });

  it('throws SERVICE_UNAVAILABLE when Mobizon refuses, fails or answers garbage', async () => {
    const failing = [
      fakeFetch(REFUSED).fetch,
      fakeFetch({ error: 'oops' }, 502).fetch,
      (async () => new Response('<html>down</html>', { status: 503 })) as typeof fetch,
      (async () => {
        throw new TypeError('fetch failed');
      }) as typeof fetch,
    ];
    for (const fetch of failing) {
      const error = await createMobizonSmsSender({ ...base, fetch })
        .send({ to: '+77011234567', text: 'x' })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(isAppError(error) && error.code).toBe('SERVICE_UNAVAILABLE');
    }
  });
});
