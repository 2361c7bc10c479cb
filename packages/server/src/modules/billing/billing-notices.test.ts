import {
  apiPath,
  BILLING_ADMIN_PATHS,
  BILLING_PATHS,
  DOCUMENT_PATHS,
  NOTIFICATION_PATHS,
  type Notification,
  type NotificationPage,
  type Order,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import type { EmailMessage, Mailer } from '../../outbox/messages.js';
import { generateInvoice } from '../../testing/billing.js';
import { COMPANIES } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import type { AppModule, ModuleContext } from '../module.js';
import { queueWaitingMail, usersWithWaitingMail } from '../notifications/index.js';
import { runBillingNoticesOf } from './billing-module.js';
import { grantBillingOperator, registerPayment } from './payment-store.js';

const { sender } = COMPANIES;
const pki = createSigningPki();
const DAY = 24 * 3600;
const PUBLIC_URL = 'https://portal.example.kz';
const NBSP = '\u00a0';

describe.each(testDatabases())('billing notices on $name', (backend) => {
  const captured: { context?: ModuleContext } = {};
  const capture: AppModule = {
    name: 'billing-notices-capture',
    register(context) {
      captured.context = context;
    },
  };
  // What the outbox hands the mail server.
  const sent: EmailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      sent.push(message);
    },
  };
  // The periodic round and the mail sweep are off: each test runs them at the injected clock's time.
  const suite = useSigningSuite(backend, {
    pki,
    mailer,
    modules: [capture],
    env: {
      QOLTANBA_TARIFF_ENFORCEMENT: 'true',
      QOLTANBA_BILLING_NOTICES_SECONDS: '0',
      QOLTANBA_NOTIFICATION_MAIL_SECONDS: '0',
      QOLTANBA_PUBLIC_URL: PUBLIC_URL,
    },
  });
  const db = () => suite.server.services.database.db;
  const round = () => {
    if (!captured.context) throw new Error('the capture module registers with the app');
    return runBillingNoticesOf(captured.context, suite.clock.now());
  };
  /** The billing notifications of a user, oldest first. */
  const billingNotices = async (token: string): Promise<Notification[]> => {
    const page = (
      await suite.request(token, 'GET', `${NOTIFICATION_PATHS.list}?limit=100`)
    ).json() as NotificationPage;
    return page.items.filter((n) => !n.event.startsWith('document.')).reverse();
  };
  async function operatorToken(): Promise<string> {
    await grantBillingOperator(db(), { kind: 'email', value: 'cashier@example.kz' }, suite.clock.now());
    return suite.user('cashier@example.kz', []).catch(() => suite.login('cashier@example.kz'));
  }
  async function payThroughApi(order: Order, invoiceNumber: string, reference: string) {
    const paid = await suite.request(await operatorToken(), 'POST', BILLING_ADMIN_PATHS.payments, {
      invoiceNumber,
      amount: order.amount,
      reference,
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  async function signInAgain(): Promise<void> {
    suite.tokens.sender = await suite.login('sender@example.kz');
    suite.tokens.signer = await suite.login('signer@example.kz');
  }

  it('the send that takes the last free document tells the sender company once that its plan ended', async () => {
    await suite.document();
    await suite.document();
    expect(await billingNotices(suite.tokens.sender)).toEqual([]);
    await suite.document();
    const told = await billingNotices(suite.tokens.sender);
    expect(told).toMatchObject([
      { event: 'tariff.ended', companyBin: sender.bin, documentId: null, reason: null, link: '/tariffs' },
    ]);
    // The refused 4th send tells nothing more (its transaction is undone), nor does the job.
    const fourth = await suite.document({}, { send: false });
    const refused = await suite.request(
      suite.tokens.sender,
      'POST',
      apiPath(DOCUMENT_PATHS.send, { bin: sender.bin, id: String(fourth.id) }),
    );
    expect(refused.statusCode).toBe(402);
    await round();
    expect(await billingNotices(suite.tokens.sender)).toHaveLength(1);
    expect(await billingNotices(suite.tokens.signer)).toEqual([]);
  });

  it("a payment registered through the API is told at once to the paying company's members, once", async () => {
    const { order, invoice } = await generateInvoice(suite, suite.tokens.sender, sender.bin, 'monthly');
    await payThroughApi(order, invoice.number, 'bank-7');
    expect(order.amount).toBe(5000);
    expect(await billingNotices(suite.tokens.sender)).toMatchObject([
      {
        event: 'payment.registered',
        companyBin: sender.bin,
        reason: `№${NBSP}${invoice.number}, 5${NBSP}000${NBSP}₸`,
      },
    ]);
    // The same bank document again changes nothing and tells nothing; the job has nothing left to tell.
    await payThroughApi(order, invoice.number, 'bank-7');
    expect((await round()).payments).toEqual([]);
    expect(await billingNotices(suite.tokens.sender)).toHaveLength(1);
    expect(await billingNotices(suite.tokens.signer)).toEqual([]);
  });

  it('a payment registered by the admin command is told by the next round of the job, once', async () => {
    const { order, invoice } = await generateInvoice(suite, suite.tokens.sender, sender.bin, 'yearly');
    const registered = await registerPayment(db(), {
      invoiceNumber: invoice.number,
      amountTiyn: Math.round(order.amount * 100),
      reference: 'cli-1',
      source: 'bank',
      registeredBy: 'admin-cli:test',
      paidAt: null,
      now: suite.clock.now(),
    });
    expect(registered.outcome).toBe('activated');
    expect(await billingNotices(suite.tokens.sender)).toEqual([]);
    const first = await round();
    expect(first).toMatchObject({ ran: true, payments: [registered.payment.id], ending: [], ended: [] });
    expect(await billingNotices(suite.tokens.sender)).toMatchObject([{ event: 'payment.registered' }]);
    expect((await round()).payments).toEqual([]);
    expect(await billingNotices(suite.tokens.sender)).toHaveLength(1);
  });

  it('a paid plan: "ends soon" within 3 days of its end, "ended" after it, each once; e-mailed in the language', async () => {
    const { order, invoice } = await generateInvoice(suite, suite.tokens.sender, sender.bin, 'monthly');
    await payThroughApi(order, invoice.number, 'bank-9');
    const read = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(BILLING_PATHS.order, { id: String(order.id) }),
    );
    const ends = new Date((read.json() as Order).endsAt ?? '');
    expect(Number.isNaN(ends.getTime())).toBe(false);
    // Four days before the end: nothing to tell.
    suite.clock.advance((ends.getTime() - suite.clock.now().getTime()) / 1000 - 4 * DAY);
    expect(await round()).toMatchObject({ ending: [], ended: [] });
    // Two and a half days before: "ends soon" with the end date, once.
    suite.clock.advance(1.5 * DAY);
    expect(await round()).toMatchObject({ ending: [sender.bin], ended: [] });
    expect(await round()).toMatchObject({ ending: [], ended: [] });
    await signInAgain();
    const endDate = new Date(ends.getTime() + 5 * 3600_000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('.');
    expect(await billingNotices(suite.tokens.sender)).toMatchObject([
      { event: 'payment.registered' },
      { event: 'tariff.ending', reason: endDate, link: '/tariffs' },
    ]);
    // Past the end: "ended", once; the other company hears nothing.
    suite.clock.advance(3 * DAY);
    expect(await round()).toMatchObject({ ending: [], ended: [sender.bin] });
    expect(await round()).toMatchObject({ ended: [] });
    await signInAgain();
    // The payment's notification is older than the list's 30 days by now.
    expect((await billingNotices(suite.tokens.sender)).map((n) => n.event)).toEqual([
      'tariff.ending',
      'tariff.ended',
    ]);
    expect(await billingNotices(suite.tokens.signer)).toEqual([]);

    // The waiting notifications go out in one e-mail per person, in their language (Russian for the suite's users).
    await queueWaitingMail(db(), await usersWithWaitingMail(db()), suite.clock.now(), {
      publicUrl: PUBLIC_URL,
      groupMinutes: 0,
    });
    sent.length = 0;
    await suite.server.services.outbox.drain();
    const mails = sent.filter((m) => m.to === 'sender@example.kz');
    expect(mails).toHaveLength(1);
    const text = `${mails[0]?.subject}\n${mails[0]?.text}`;
    expect(text).toContain('Получен платёж: №');
    expect(text).toContain(`Срок действия тарифа заканчивается ${endDate}: оплатите следующий`);
    expect(text).toContain('Тариф закончился: отправлять документы можно будет после оплаты нового тарифа');
    expect(text).toContain(`${PUBLIC_URL}/tariffs`);
  });

  it('a plan bought ahead extends the run: no "ends soon" for the first period', async () => {
    for (const reference of ['bank-a', 'bank-b']) {
      const { order, invoice } = await generateInvoice(suite, suite.tokens.sender, sender.bin, 'monthly');
      await payThroughApi(order, invoice.number, reference);
    }
    suite.clock.advance(29 * DAY);
    expect(await round()).toMatchObject({ ending: [], ended: [] });
    suite.clock.advance(30 * DAY);
    expect(await round()).toMatchObject({ ending: [sender.bin] });
  });
});
