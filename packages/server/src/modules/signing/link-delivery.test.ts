import {
  apiPath,
  DOCUMENT_PATHS,
  type Document,
  formatDateTime,
  SIGNING_PATHS,
  type SigningLinkView,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import type { EmailMessage } from '../../outbox/messages.js';
import { COMPANIES } from '../../testing/documents.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';

const pki = createSigningPki();

describe.each(testDatabases())('delivery of personal links on $name', (backend) => {
  const mail = {
    down: false,
    sent: [] as EmailMessage[],
    async send(message: EmailMessage) {
      if (mail.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      mail.sent.push(message);
    },
  };
  const suite = useSigningSuite(backend, { pki, mailer: mail });
  const { sender, signer, second } = COMPANIES;

  const senderView = async (document: Document) => {
    const res = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(DOCUMENT_PATHS.document, { bin: sender.bin, id: String(document.id) }),
    );
    return res.json() as Document;
  };

  it('with the mail server down the send succeeds, the links wait, and go out once when it is back', async () => {
    mail.sent.length = 0;
    mail.down = true;
    const document = await suite.document(twoSigners());
    expect(document.lifecycleStatus).toBe('AT_SIGNING');
    expect(mail.sent).toEqual([]);
    // The answer of the send already says the links did not go out yet.
    for (const view of [document, await senderView(document)]) {
      expect(
        view.signers.map((s) => [s.identityNumber, s.linkDelivery?.state, s.linkDelivery?.sentAt]),
      ).toEqual([
        [signer.bin, 'RETRYING', null],
        [second.bin, 'RETRYING', null],
      ]);
      expect(view.signers[0]?.linkDelivery?.nextAttemptAt).not.toBeNull();
    }
    // Signers do not see the sender's mail.
    const signerView = await suite.view(document, signer.bin);
    expect(signerView.signers.every((s) => s.linkDelivery === undefined)).toBe(true);

    mail.down = false;
    suite.clock.advance(120);
    await suite.server.services.outbox.drain();
    await suite.server.services.outbox.drain();
    expect(mail.sent.map((m) => m.to).sort()).toEqual(['second@example.kz', 'signer@example.kz']);
    suite.tokens.sender = await suite.login('sender@example.kz');
    const after = await senderView(document);
    expect(after.signers.map((s) => [s.linkDelivery?.state, s.linkDelivery?.sentAt])).toEqual([
      ['SENT', suite.clock.now().toISOString()],
      ['SENT', suite.clock.now().toISOString()],
    ]);
  });

  it('a send with the mail server up shows each link sent in its answer', async () => {
    mail.sent.length = 0;
    mail.down = false;
    const document = await suite.document();
    expect(mail.sent.map((m) => m.to)).toEqual(['signer@example.kz']);
    expect(document.signers[0]?.linkDelivery).toMatchObject({
      state: 'SENT',
      attempts: 1,
      nextAttemptAt: null,
    });
    const draft = await suite.document({}, { send: false });
    expect((await senderView(draft)).signers[0]?.linkDelivery).toBeUndefined();
  });

  it("the e-mail gives the link's expiry as the page does: the same day and time, in Kazakhstan's zone", async () => {
    mail.sent.length = 0;
    mail.down = false;
    await suite.document();
    const text = mail.sent[0]?.text ?? '';
    const token = /\/sign\/([^\s]+)/.exec(text)?.[1] ?? '';
    const res = await suite.request('', 'GET', apiPath(SIGNING_PATHS.signingLink, { token }));
    expect(res.statusCode).toBe(200);
    const view = res.json() as SigningLinkView;
    expect(text).toContain(`Сілтеме ${formatDateTime(view.expiresAt, 'kk')} дейін жарамды.`);
    expect(text).toContain(`Ссылка действует до ${formatDateTime(view.expiresAt, 'ru')}.`);
    expect(text).toContain(`The link is valid until ${formatDateTime(view.expiresAt, 'en')}.`);
    expect(formatDateTime(view.expiresAt, 'ru')).toMatch(/\(UTC\+5\)$/);
  });
});
