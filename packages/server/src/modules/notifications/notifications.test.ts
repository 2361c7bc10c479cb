import {
  apiPath,
  type Document,
  formatDateTime,
  NOTIFICATION_PATHS,
  type NotificationPage,
  PROFILE_PATHS,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmailMessage, Mailer } from '../../outbox/messages.js';
import { COMPANIES, documentPaths } from '../../testing/documents.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { queueWaitingMail, usersWithWaitingMail } from './notification-mail.js';

const { sender, signer, second } = COMPANIES;
const REASON = 'Сумма договора неверна';
const pki = createSigningPki();
const PUBLIC_URL = 'https://portal.example.kz';
const historyPath = (bin: string, id: number) => documentPaths(bin, id).history;

/** Records what the outbox hands over; while `down` it refuses, as an unreachable SMTP server would. */
function recordingMailer() {
  const sent: EmailMessage[] = [];
  const state = { down: false, attempts: 0 };
  const mailer: Mailer = {
    async send(message) {
      state.attempts += 1;
      if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      sent.push(message);
    },
  };
  return { mailer, sent, state };
}

describe.each(testDatabases())('notifications on $name', (backend) => {
  const mail = recordingMailer();
  const suite = useSigningSuite(backend, {
    pki,
    mailer: mail.mailer,
    env: { QOLTANBA_NOTIFICATION_MAIL_SECONDS: '0', QOLTANBA_PUBLIC_URL: PUBLIC_URL },
  });
  beforeEach(() => {
    mail.sent.length = 0;
    mail.state.down = false;
  });
  const db = () => suite.server.services.database.db;

  const list = async (token: string, query = '') =>
    (await suite.request(token, 'GET', `${NOTIFICATION_PATHS.list}${query}`)).json() as NotificationPage;
  const events = async (token: string) => (await list(token)).items.map((n) => n.event);
  const unread = async (token: string) =>
    ((await suite.request(token, 'GET', NOTIFICATION_PATHS.unread)).json() as { unread: number }).unread;
  const reject = (document: Document, bin: string, token: string) =>
    suite.request(token, 'POST', apiPath(SIGNING_PATHS.reject, { bin, id: String(document.id) }), {
      reason: REASON,
      lang: 'en',
    });
  const revoke = (document: Document) =>
    suite.request(
      suite.tokens.sender,
      'POST',
      apiPath(SIGNING_PATHS.revoke, { bin: sender.bin, id: String(document.id) }),
    );
  /** Queues every due grouped e-mail (the sweep's work) and delivers the outbox. */
  const sweep = async () => {
    const { groupMinutes } = { groupMinutes: suite.server.config.notifications.emailGroupMinutes };
    await queueWaitingMail(db(), await usersWithWaitingMail(db()), suite.clock.now(), {
      publicUrl: PUBLIC_URL,
      groupMinutes,
    });
    await suite.server.services.outbox.drain();
  };
  const mailsTo = (to: string) => mail.sent.filter((m) => m.to === to);

  it('a sent document is received by the signer only; the sender, a bystander and an outsider get nothing', async () => {
    const sentAt = suite.clock.now().toISOString();
    const document = await suite.document();
    expect(await list(suite.tokens.signer)).toMatchObject({
      items: [
        {
          event: 'document.received',
          companyBin: signer.bin,
          documentId: document.id,
          documentName: document.name,
          party: sender.nameRu,
          at: sentAt,
          link: `/cabinet/document/${document.id}?company=${signer.bin}`,
          readAt: null,
        },
      ],
      nextCursor: null,
    });
    expect(await unread(suite.tokens.signer)).toBe(1);
    for (const token of [suite.tokens.sender, suite.tokens.second, suite.tokens.outsider]) {
      expect(await events(token)).toEqual([]);
      expect(await unread(token)).toBe(0);
    }
  });

  it('a signature tells the others, a completion everybody, never an uninvolved company', async () => {
    const document = await suite.document(twoSigners());
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    expect(await events(suite.tokens.sender)).toEqual(['document.signed']);
    expect((await list(suite.tokens.sender)).items[0]?.party).toBe(signer.nameRu);
    expect(await events(suite.tokens.second)).toEqual(['document.signed', 'document.received']);
    expect(await events(suite.tokens.signer)).toEqual(['document.received']);
    expect((await suite.sign(document, second.bin)).statusCode).toBe(200);
    expect(await events(suite.tokens.sender)).toEqual([
      'document.completed',
      'document.signed',
      'document.signed',
    ]);
    expect(await events(suite.tokens.signer)).toEqual([
      'document.completed',
      'document.signed',
      'document.received',
    ]);
    expect(await events(suite.tokens.outsider)).toEqual([]);
  });

  it('in sequential signing the second signer receives the document when its turn comes', async () => {
    const document = await suite.document(twoSigners('SEQUENTIAL'));
    expect(await events(suite.tokens.signer)).toEqual(['document.received']);
    expect(await events(suite.tokens.second)).toEqual([]);
    expect((await suite.sign(document, signer.bin)).statusCode).toBe(200);
    expect(await events(suite.tokens.second)).toEqual(['document.received', 'document.signed']);
  });

  it('a rejection tells the others with its reason; a revocation tells the signers', async () => {
    const rejected = await suite.document(twoSigners());
    expect((await reject(rejected, signer.bin, suite.tokens.signer)).statusCode).toBe(200);
    const [told] = (await list(suite.tokens.sender)).items;
    expect(told).toMatchObject({ event: 'document.rejected', party: signer.nameRu, reason: REASON });
    expect((await list(suite.tokens.second)).items[0]).toMatchObject({
      event: 'document.rejected',
      reason: REASON,
    });
    expect(await events(suite.tokens.signer)).toEqual(['document.received']);

    const revoked = await suite.document();
    expect((await revoke(revoked)).statusCode).toBe(200);
    expect((await list(suite.tokens.signer)).items[0]).toMatchObject({
      event: 'document.revoked',
      documentId: revoked.id,
      party: sender.nameRu,
    });
    expect(await events(suite.tokens.sender)).toEqual(['document.rejected']);
    expect(await events(suite.tokens.outsider)).toEqual([]);
  });

  it('records the receipt in the history and shows the sender when each signer got it and first opened it', async () => {
    const sentAt = suite.clock.now().toISOString();
    const document = await suite.document(twoSigners());
    const events = (
      await suite.request(suite.tokens.sender, 'GET', historyPath(sender.bin, document.id))
    ).json() as Array<{
      type: string;
      at: string;
      company: { bin: string } | null;
      details: string | null;
    }>;
    expect(events.filter((e) => e.type === 'RECEIVE').map((e) => [e.company?.bin, e.at, e.details])).toEqual([
      [signer.bin, sentAt, sender.bin],
      [second.bin, sentAt, sender.bin],
    ]);
    expect(document.signers.map((s) => [s.deliveredAt, s.firstOpenedAt])).toEqual([
      [sentAt, null],
      [sentAt, null],
    ]);
    suite.clock.advance(90);
    await suite.view(document, signer.bin);
    const seen = await suite.view(document, sender.bin);
    expect(seen.signers.map((s) => [s.identityNumber, s.deliveredAt, s.firstOpenedAt])).toEqual([
      [signer.bin, sentAt, suite.clock.now().toISOString()],
      [second.bin, sentAt, null],
    ]);
    // Only the sender sees them.
    expect((await suite.view(document, signer.bin)).signers[0]?.deliveredAt).toBeUndefined();
  });

  it('marks one and all read; another user cannot touch a notification not theirs', async () => {
    await suite.document();
    await suite.document();
    const [newest, oldest] = (await list(suite.tokens.signer)).items;
    if (!newest || !oldest) throw new Error('two notifications expected');
    const read = (token: string, id: number) =>
      suite.request(token, 'POST', `${apiPath(NOTIFICATION_PATHS.read, { id: String(id) })}?lang=en`);
    const foreign = await read(suite.tokens.sender, newest.id);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'ENTITY_NOT_FOUND']);
    const marked = await read(suite.tokens.signer, newest.id);
    expect([marked.statusCode, marked.json()]).toEqual([200, { unread: 1 }]);
    const items = (await list(suite.tokens.signer)).items;
    expect(items.map((n) => n.readAt !== null)).toEqual([true, false]);
    const all = await suite.request(suite.tokens.signer, 'POST', NOTIFICATION_PATHS.readAll);
    expect(all.json()).toEqual({ unread: 0 });
    expect((await list(suite.tokens.signer)).items.every((n) => n.readAt !== null)).toBe(true);
  });

  it('pages newest first with a cursor and refuses a forged one', async () => {
    for (let i = 0; i < 3; i += 1) await suite.document();
    const first = await list(suite.tokens.signer, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const rest = await list(suite.tokens.signer, `?limit=2&cursor=${first.nextCursor}`);
    expect(rest.items).toHaveLength(1);
    expect(rest.nextCursor).toBeNull();
    const ids = [...first.items, ...rest.items].map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const forged = await suite.request(
      suite.tokens.signer,
      'GET',
      `${NOTIFICATION_PATHS.list}?cursor=nope&lang=en`,
    );
    expect([forged.statusCode, forged.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('shows the last 30 days only (injected clock)', async () => {
    await suite.document();
    suite.clock.advance(29 * 24 * 3600);
    const token = await suite.login('signer@example.kz');
    expect(await unread(token)).toBe(1);
    suite.clock.advance(2 * 24 * 3600);
    const later = await suite.login('signer@example.kz');
    expect(await list(later)).toEqual({ items: [], nextCursor: null });
    expect(await unread(later)).toBe(0);
  });

  it('e-mails the first event at once in the language of the user with a link, and groups a burst', async () => {
    const en = await suite.request(
      suite.tokens.sender,
      'POST',
      apiPath(PROFILE_PATHS.setLocale, { locale: 'en' }),
    );
    expect(en.statusCode).toBe(204);
    const documents = [await suite.document(), await suite.document(), await suite.document()];
    const [a, b, c] = documents;
    if (!a || !b || !c) throw new Error('three documents');
    const signedAt = suite.clock.now();
    expect((await suite.sign(a, signer.bin)).statusCode).toBe(200);
    await sweep();
    const first = mailsTo('sender@example.kz');
    expect(first).toHaveLength(1);
    // The signature went at once; the completion right after it waits for the group window.
    expect(first[0]?.subject).toBe(`${signer.nameRu} signed «${a.name}»`);
    expect(first[0]?.text).toContain(`${PUBLIC_URL}/cabinet/document/${a.id}?company=${sender.bin}`);
    expect(first[0]?.html).toContain(`href="${PUBLIC_URL}/cabinet/document/${a.id}?company=${sender.bin}"`);
    // Each event says when it happened, in Kazakhstan's time and the user's language.
    expect(first[0]?.text).toContain(formatDateTime(signedAt, 'en'));
    expect(first[0]?.html).toContain(formatDateTime(signedAt, 'en'));

    // Within the group window: nothing more goes out until it ends, then one e-mail of both.
    suite.clock.advance(60);
    expect((await reject(b, signer.bin, suite.tokens.signer)).statusCode).toBe(200);
    expect((await reject(c, signer.bin, suite.tokens.signer)).statusCode).toBe(200);
    await sweep();
    expect(mailsTo('sender@example.kz')).toHaveLength(1);
    suite.clock.advance(5 * 60);
    await sweep();
    const grouped = mailsTo('sender@example.kz');
    expect(grouped).toHaveLength(2);
    expect(grouped[1]?.subject).toBe('Qoltanba: 3 new notifications');
    expect(grouped[1]?.text).toContain(`«${a.name}» is signed by every party`);
    expect(grouped[1]?.text).toContain(`rejected «${b.name}»: ${REASON}`);
    expect(grouped[1]?.text).toContain(`${PUBLIC_URL}/cabinet/document/${c.id}?company=${sender.bin}`);
    await sweep();
    expect(mailsTo('sender@example.kz')).toHaveLength(2);
  });

  it('writes in Russian and Kazakh too, one e-mail per event, none to a signer e-mailed the personal link', async () => {
    const document = await suite.document();
    await sweep();
    // The signer's user is the address on the signer entry: the personal link only, no second e-mail.
    expect(mailsTo('signer@example.kz').map((m) => m.subject)).toEqual([
      `Қол қоюға құжат / Документ на подпись / Document to sign: ${document.name}`,
    ]);
    expect((await revoke(document)).statusCode).toBe(200);
    await sweep();
    const revoked = mailsTo('signer@example.kz').at(-1);
    expect(revoked?.subject).toBe(`${sender.nameRu} отозвал документ «${document.name}»`);
    const kk = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(PROFILE_PATHS.setLocale, { locale: 'kk' }),
    );
    expect(kk.statusCode).toBe(204);
    suite.clock.advance(6 * 60);
    const next = await suite.document();
    expect((await revoke(next)).statusCode).toBe(200);
    await sweep();
    const kazakh = mailsTo('signer@example.kz').at(-1);
    expect(kazakh?.subject).toBe(`${sender.nameRu} «${next.name}» құжатын кері қайтарып алды`);
    expect(kazakh?.html).toContain('<html lang="kk">');
    expect(kazakh?.html).toContain(`href="${PUBLIC_URL}/cabinet/document/${next.id}?company=${signer.bin}"`);
    expect(kazakh?.html).toContain(formatDateTime(suite.clock.now(), 'kk'));
    expect(kazakh?.text).toContain('Мұндай хаттарды профильде өшіруге болады');
  });

  it('two instances sweeping at the same time queue one e-mail of a waiting group, not two', async () => {
    const [a, b] = [await suite.document(), await suite.document()];
    if (!a || !b) throw new Error('two documents');
    expect((await reject(a, signer.bin, suite.tokens.signer)).statusCode).toBe(200);
    await sweep();
    expect(mailsTo('sender@example.kz')).toHaveLength(1);
    // Within the group window the next event waits; when it ends, two instances sweep at once.
    suite.clock.advance(60);
    expect((await reject(b, signer.bin, suite.tokens.signer)).statusCode).toBe(200);
    suite.clock.advance(5 * 60);
    const settings = {
      publicUrl: PUBLIC_URL,
      groupMinutes: suite.server.config.notifications.emailGroupMinutes,
    };
    const instance = async () =>
      queueWaitingMail(db(), await usersWithWaitingMail(db()), suite.clock.now(), settings);
    const queued = await Promise.all([instance(), instance()]);
    expect(queued.reduce((sum, n) => sum + n, 0)).toBe(1);
    await suite.server.services.outbox.drain();
    expect(mailsTo('sender@example.kz').map((m) => m.subject)).toEqual([
      `${signer.nameRu} отказал в подписании документа «${a.name}»: ${REASON}`,
      `${signer.nameRu} отказал в подписании документа «${b.name}»: ${REASON}`,
    ]);
  });

  it('a user who turned an event e-mail off keeps the in-app notification', async () => {
    const settings = await suite.request(suite.tokens.sender, 'PUT', NOTIFICATION_PATHS.settings, {
      emailOff: ['document.rejected', 'document.rejected'],
    });
    expect(settings.json()).toEqual({ emailOff: ['document.rejected'] });
    expect((await suite.request(suite.tokens.sender, 'GET', NOTIFICATION_PATHS.settings)).json()).toEqual({
      emailOff: ['document.rejected'],
    });
    const document = await suite.document();
    expect((await reject(document, signer.bin, suite.tokens.signer)).statusCode).toBe(200);
    await sweep();
    expect(mailsTo('sender@example.kz')).toEqual([]);
    expect(await events(suite.tokens.sender)).toEqual(['document.rejected']);
    const bad = await suite.request(suite.tokens.sender, 'PUT', `${NOTIFICATION_PATHS.settings}?lang=en`, {
      emailOff: ['document.exploded'],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an unreachable mail server loses nothing: the e-mail goes once it is back, once', async () => {
    const document = await suite.document();
    mail.state.down = true;
    expect((await reject(document, signer.bin, suite.tokens.signer)).statusCode).toBe(200);
    await sweep();
    expect(mailsTo('sender@example.kz')).toEqual([]);
    expect(mail.state.attempts).toBeGreaterThan(0);
    mail.state.down = false;
    suite.clock.advance(3600);
    await sweep();
    await sweep();
    expect(mailsTo('sender@example.kz').map((m) => m.subject)).toEqual([
      `${signer.nameRu} отказал в подписании документа «${document.name}»: ${REASON}`,
    ]);
  });
});
