import {
  apiPath,
  type Document,
  NOTIFICATION_PATHS,
  type NotificationPage,
  SIGNING_PATHS,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { COMPANIES } from '../../testing/documents.js';
import { twoSigners, useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import type { AppModule, ModuleContext } from '../module.js';
import type { DocumentExpiredEvent, SignersRemindedEvent } from '../module-hooks.js';
import { runSigningSchedule } from './signing-module.js';

const { sender, signer, second } = COMPANIES;
const pki = createSigningPki();
const DAY = 24 * 60 * 60;

describe.each(testDatabases())('reminders and the document schedule on $name', (backend) => {
  const reminded: SignersRemindedEvent[] = [];
  const expired: DocumentExpiredEvent[] = [];
  const captured: { context?: ModuleContext } = {};
  const listener: AppModule = {
    name: 'reminder-listener',
    register(context) {
      captured.context = context;
      context.hooks.signersReminded.add(async (event) => {
        reminded.push(event);
      });
      context.hooks.documentExpired.add(async (event) => {
        expired.push(event);
      });
    },
  };
  // The periodic round is off: each test runs the round itself at the injected clock's time.
  const suite = useSigningSuite(backend, {
    pki,
    modules: [listener],
    env: { QOLTANBA_SCHEDULE_INTERVAL_SECONDS: '0' },
  });
  const remind = (document: Document, body: object = {}, bin = sender.bin, token = suite.tokens.sender) =>
    suite.request(token, 'POST', apiPath(SIGNING_PATHS.reminders, { bin, id: String(document.id) }), body);
  const status = (document: Document) =>
    suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(SIGNING_PATHS.reminders, { bin: sender.bin, id: String(document.id) }),
    );
  const schedule = (document: Document, body: object) =>
    suite.request(
      suite.tokens.sender,
      'PUT',
      apiPath(SIGNING_PATHS.schedule, { bin: sender.bin, id: String(document.id) }),
      body,
    );
  const mails = async (to: string) => {
    await suite.server.services.outbox.drain();
    return suite.mails(to);
  };
  const round = () => {
    if (!captured.context) throw new Error('the listener module registers with the app');
    return runSigningSchedule(captured.context, suite.clock.now());
  };

  it('the same signer is reminded again only after the waiting time, enforced by the server with the time left', async () => {
    reminded.length = 0;
    const document = await suite.document(twoSigners('SEQUENTIAL'));
    const before = (await mails('signer@example.kz')).length;
    const first = await remind(document);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      cooldownSeconds: DAY,
      reminded: [signer.bin],
      signers: [{ identityNumber: signer.bin, secondsLeft: DAY }],
    });
    const sent = await mails('signer@example.kz');
    expect(sent.length).toBe(before + 1);
    expect(sent[0]?.subject).toContain(
      'Еске салу: қол қоюға құжат / Напоминание: документ на подпись / Reminder:',
    );
    for (const line of [
      'Еске салу: құжат әлі сіздің қолыңызды күтуде.',
      'Напоминание: документ всё ещё ждёт вашей подписи.',
      'Reminder: the document still awaits your signature.',
    ])
      expect(sent[0]?.body).toContain(line);
    expect(reminded.map((e) => [e.parties, e.automatic])).toEqual([[[signer.bin], false]]);
    // In-app too: the reminded signer company, nobody else (the second's turn has not come).
    const remindedIn = async (token: string) =>
      ((await suite.request(token, 'GET', NOTIFICATION_PATHS.list)).json() as NotificationPage).items
        .filter((n) => n.documentId === document.id && n.event === 'document.reminded')
        .map((n) => [n.companyBin, n.party]);
    expect(await remindedIn(suite.tokens.signer)).toEqual([[signer.bin, sender.nameRu]]);
    expect(await remindedIn(suite.tokens.sender)).toEqual([]);
    expect(await remindedIn(suite.tokens.second)).toEqual([]);

    suite.clock.advance(3600);
    suite.tokens.sender = await suite.login('sender@example.kz');
    suite.tokens.signer = await suite.login('signer@example.kz');
    const again = await remind(document, { identityNumber: signer.bin, lang: 'en' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'REMINDER_TOO_EARLY', params: { wait: DAY - 3600 } });
    expect((await status(document)).json().signers).toEqual([
      expect.objectContaining({ identityNumber: signer.bin, secondsLeft: DAY - 3600 }),
    ]);
    // A signer whose turn has not come is not reminded; nor by anybody but the sender.
    const notYet = await remind(document, { identityNumber: second.bin });
    expect([notYet.statusCode, notYet.json().code]).toEqual([409, 'NOT_SIGNERS_TURN']);
    const bySigner = await remind(document, {}, signer.bin, suite.tokens.signer);
    expect([bySigner.statusCode, bySigner.json().code]).toEqual([403, 'DOCUMENT_CHANGE_FORBIDDEN']);

    suite.clock.advance(DAY - 3600);
    suite.tokens.sender = await suite.login('sender@example.kz');
    expect((await remind(document, { identityNumber: signer.bin })).json().reminded).toEqual([signer.bin]);
  });

  it('automatic reminders every N days until signed, each round once', async () => {
    reminded.length = 0;
    const document = await suite.document();
    const set = await schedule(document, { expiresAt: null, remindEveryDays: 2 });
    expect(set.json()).toEqual({ expiresAt: null, remindEveryDays: 2 });
    const before = (await mails('signer@example.kz')).length;
    expect((await round()).reminded).toEqual([]);
    suite.clock.advance(2 * DAY);
    expect((await round()).reminded).toEqual([document.id]);
    // A second round at the same time (another instance, or the next tick) reminds nobody again.
    expect((await round()).reminded).toEqual([]);
    expect((await mails('signer@example.kz')).length).toBe(before + 1);
    expect(reminded.map((e) => [e.documentId, e.parties, e.automatic])).toEqual([
      [document.id, [signer.bin], true],
    ]);
    suite.clock.advance(DAY);
    expect((await round()).reminded).toEqual([]);
    suite.clock.advance(DAY);
    expect((await round()).reminded).toEqual([document.id]);
  });

  it('at expiry the document stops accepting signatures and the sender is told once', async () => {
    expired.length = 0;
    const document = await suite.document();
    const past = await schedule(document, {
      expiresAt: suite.clock.now().toISOString(),
      remindEveryDays: null,
    });
    expect(past.statusCode).toBe(400);
    const expiresAt = new Date(suite.clock.now().getTime() + 3600_000).toISOString();
    expect((await schedule(document, { expiresAt, remindEveryDays: null })).statusCode).toBe(200);
    expect((await round()).expired).toEqual([]);
    suite.clock.advance(2 * 3600);
    suite.tokens.sender = await suite.login('sender@example.kz');
    suite.tokens.signer = await suite.login('signer@example.kz');
    const late = await suite.sign(document, signer.bin);
    expect([late.statusCode, late.json().code]).toEqual([409, 'DOCUMENT_EXPIRED']);
    expect((await round()).expired).toEqual([document.id]);
    expect((await round()).expired).toEqual([]);
    expect(expired.map((e) => [e.documentId, e.senderBin, e.expiresAt.toISOString()])).toEqual([
      [document.id, sender.bin, expiresAt],
    ]);
    // Told in the portal (and so by e-mail): the sender, once; the signer hears nothing of it.
    const told = async (token: string) =>
      ((await suite.request(token, 'GET', NOTIFICATION_PATHS.list)).json() as NotificationPage).items
        .filter((n) => n.documentId === document.id && n.event === 'document.expired')
        .map((n) => [n.companyBin, n.documentName, n.link]);
    expect(await told(suite.tokens.sender)).toEqual([
      [sender.bin, document.name, `/cabinet/document/${document.id}?company=${sender.bin}`],
    ]);
    expect(await told(suite.tokens.signer)).toEqual([]);
    expect((await suite.view(document, sender.bin)).signers[0]?.state).toBe('WAITING');
  });

  it('no eGov mobile QR session starts on an expired document: the company and the link alike get DOCUMENT_EXPIRED', async () => {
    const document = await suite.document();
    const [mail] = await mails('signer@example.kz');
    const token = mail?.body.match(/\/sign\/([A-Za-z0-9_-]{43})/)?.[1] ?? '';
    const expiresAt = new Date(suite.clock.now().getTime() + 3600_000).toISOString();
    expect((await schedule(document, { expiresAt, remindEveryDays: null })).statusCode).toBe(200);
    suite.clock.advance(2 * 3600);
    suite.tokens.sender = await suite.login('sender@example.kz');
    suite.tokens.signer = await suite.login('signer@example.kz');
    const signed = await suite.sign(document, signer.bin);
    const asCompany = await suite.request(
      suite.tokens.signer,
      'POST',
      apiPath(SIGNING_PATHS.qrSigning, { bin: signer.bin, id: String(document.id) }),
    );
    const byLink = await call(suite.server, 'POST', apiPath(SIGNING_PATHS.signingLinkQrSigning, { token }));
    expect([signed, asCompany, byLink].map((res) => [res.statusCode, res.json().code])).toEqual([
      [409, 'DOCUMENT_EXPIRED'],
      [409, 'DOCUMENT_EXPIRED'],
      [409, 'DOCUMENT_EXPIRED'],
    ]);
    const sessions = await suite.server.services.database.db
      .selectFrom('qr_signing_sessions')
      .select('document_id')
      .where('document_id', '=', document.id)
      .execute();
    expect(sessions).toEqual([]);
  });
});
