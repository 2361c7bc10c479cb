import { apiPath, SIGNING_PATHS } from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { COMPANIES } from '../../testing/documents.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';

const pki = createSigningPki();

describe.each(testDatabases())('resending personal links on $name', (backend) => {
  const suite = useSigningSuite(backend, {
    pki,
    env: { QOLTANBA_SIGNING_LINK_RESEND_COOLDOWN_SECONDS: '600', QOLTANBA_SIGNING_LINK_RESENDS_PER_DAY: '3' },
  });
  const { sender, signer, second } = COMPANIES;

  const resend = (documentId: number, identityNumber: string) =>
    suite.request(
      suite.tokens.sender,
      'POST',
      apiPath(SIGNING_PATHS.resendSigningLink, { bin: sender.bin, id: String(documentId) }),
      { identityNumber },
    );

  it('refuses a resend within the cooldown with 429, retryAfter and Retry-After; other signers are unaffected', async () => {
    const document = await suite.document(twoSigners());
    // The send's e-mail counts: right after it, a resend is too early.
    const early = await resend(document.id, signer.bin);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({
      code: 'SIGNING_LINK_RESEND_TOO_EARLY',
      params: { retryAfter: 600 },
    });
    expect(early.headers['retry-after']).toBe('600');

    suite.clock.advance(600);
    expect((await resend(document.id, signer.bin)).statusCode).toBe(200);
    suite.clock.advance(60);
    const again = await resend(document.id, signer.bin);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'SIGNING_LINK_RESEND_TOO_EARLY',
      params: { retryAfter: 540 },
    });
    expect(again.headers['retry-after']).toBe('540');
    // Another signer of the same document has its own cooldown.
    expect((await resend(document.id, second.bin)).statusCode).toBe(200);
    expect(await suite.mails('signer@example.kz')).toHaveLength(2);
    expect(await suite.mails('second@example.kz')).toHaveLength(2);
  });

  it('caps the resends of a company per 24 hours', async () => {
    const first = await suite.document(twoSigners());
    const other = await suite.document(twoSigners());
    suite.clock.advance(600);
    for (const [documentId, bin] of [
      [first.id, signer.bin],
      [first.id, second.bin],
      [other.id, signer.bin],
    ] as const) {
      expect((await resend(documentId, bin)).statusCode).toBe(200);
    }
    suite.clock.advance(3600);
    // The access token of the morning has expired.
    suite.tokens.sender = await suite.login('sender@example.kz');
    const capped = await resend(other.id, second.bin);
    expect(capped.statusCode).toBe(429);
    // The oldest resend of the window leaves it 24 hours after it was made.
    const retryAfter = 24 * 3600 - 3600;
    expect(capped.json()).toMatchObject({ code: 'SIGNING_LINK_RESEND_LIMIT', params: { retryAfter } });
    expect(capped.headers['retry-after']).toBe(String(retryAfter));
    expect(await suite.mails('second@example.kz')).toHaveLength(3);

    suite.clock.advance(retryAfter);
    suite.tokens.sender = await suite.login('sender@example.kz');
    expect((await resend(other.id, second.bin)).statusCode).toBe(200);
  });
});
