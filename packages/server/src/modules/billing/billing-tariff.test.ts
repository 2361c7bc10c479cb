import {
  type ActiveTariff,
  type ApiKeyCreated,
  apiPath,
  BILLING_ADMIN_PATHS,
  BILLING_PATHS,
  DOCUMENT_PATHS,
  EMBED_PATHS,
  type EmbedSession,
  type EmbedTokenIssued,
  type Order,
  PARTNER_PATHS,
  parseTariffDate,
  SIGNING_PATHS,
  tariffStateFromError,
  tariffStateFromResponse,
} from '@qoltanba/core';
import { describe, expect, it } from 'vitest';
import { call } from '../../testing/accounts.js';
import { generateInvoice } from '../../testing/billing.js';
import { COMPANIES, testDraft, uploadParts } from '../../testing/documents.js';
import { useSigningSuite } from '../../testing/signing.js';
import { createSigningPki } from '../../testing/signing-pki.js';
import { testDatabases } from '../../testing/test-databases.js';
import { grantBillingOperator } from './payment-store.js';

const { sender, signer } = COMPANIES;
const PARTNER = 'https://shop.partner.kz';
const PDF = { filename: 'contract.pdf', bytes: Buffer.from('%PDF-1.4\n%billing\n%%EOF\n') };
const pki = createSigningPki();
const DAY = 24 * 3600;

describe.each(testDatabases())('tariffs on $name', (backend) => {
  const suite = useSigningSuite(backend, {
    pki,
    env: { QOLTANBA_TARIFF_ENFORCEMENT: 'true', QOLTANBA_PUBLIC_URL: 'https://qoltanba.example.kz' },
  });

  const active = (bin = sender.bin, token = suite.tokens.sender, lang = 'en') =>
    suite.request(token, 'GET', `${apiPath(BILLING_PATHS.activeOrder, { bin })}?lang=${lang}`);
  /** The client's state from the active-tariff answer, as the sdk derives it with core. */
  const clientState = async (bin = sender.bin, token = suite.tokens.sender) => {
    const res = await active(bin, token);
    return res.statusCode === 200
      ? tariffStateFromResponse(res.json() as ActiveTariff, suite.clock.now())
      : tariffStateFromError(res.json().message as string);
  };
  const send = (id: number, lang = 'ru') =>
    suite.request(
      suite.tokens.sender,
      'POST',
      `${apiPath(DOCUMENT_PATHS.send, { bin: sender.bin, id: String(id) })}?lang=${lang}`,
    );
  const draft = async () => suite.document({}, { send: false });
  async function spendFreeDocuments(): Promise<void> {
    for (let i = 0; i < 3; i += 1) await suite.document();
  }
  const documentStatus = async (id: number) =>
    (
      await suite.request(
        suite.tokens.sender,
        'GET',
        apiPath(DOCUMENT_PATHS.document, { bin: sender.bin, id: String(id) }),
      )
    ).json().status as string;

  /** An order of `plan` for the sender, its invoice, and a payment of `amount` (the full price by default). */
  async function buyAndPay(plan: 'monthly' | 'yearly' = 'monthly', amount?: number, reference = 'bank-1') {
    const { order, invoice } = await generateInvoice(suite, suite.tokens.sender, sender.bin, plan);
    const operator = await operatorToken();
    const paid = await suite.request(operator, 'POST', BILLING_ADMIN_PATHS.payments, {
      invoiceNumber: invoice.number,
      amount: amount ?? order.amount,
      reference,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { order, payment: paid.json() };
  }
  /** Moves the clock by `days` and signs the sender in again (the access token's life is shorter). */
  async function advanceDays(days: number): Promise<void> {
    suite.clock.advance(days * DAY);
    suite.tokens.sender = await suite.login('sender@example.kz');
  }
  async function operatorToken(): Promise<string> {
    const { db } = suite.server.services.database;
    await grantBillingOperator(db, { kind: 'email', value: 'cashier@example.kz' }, suite.clock.now());
    return suite.user('cashier@example.kz', []).catch(() => suite.login('cashier@example.kz'));
  }

  it('by_count while free documents are left: a draft does not count, a send does', async () => {
    const first = await active();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ tariff: { maxNumOfDocs: 3, endDate: null }, endDate: null, docCount: 0 });
    await draft();
    await draft();
    expect((await active()).json()).toMatchObject({ docCount: 0 });
    await suite.document();
    expect((await active()).json()).toMatchObject({ tariff: { maxNumOfDocs: 3 }, docCount: 1 });
    expect(await clientState()).toEqual({ active: true, type: 'by_count' });
  });

  it("the free plan used up and nothing paid: 'Free tariff already used', and the 4th send is refused with a link to /tariffs", async () => {
    await spendFreeDocuments();
    const res = await active();
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({
      code: 'FREE_TARIFF_ALREADY_USED',
      message: 'Free tariff already used',
      link: '/tariffs',
    });
    expect(await clientState()).toEqual({ active: false, type: 'by_count' });

    const mailsBefore = (await suite.mails('signer@example.kz')).length;
    const fourth = await draft();
    const refused = await send(fourth.id, 'ru');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({
      code: 'FREE_TARIFF_ALREADY_USED',
      message: 'Бесплатный тариф уже использован',
      link: '/tariffs',
    });
    expect((await send(fourth.id, 'kk')).json().message).toBe('Тегін тариф пайдаланылып болды');
    expect(await documentStatus(fourth.id)).toBe('DRAFT');
    // The refused send queued no link for the signer.
    expect(await suite.mails('signer@example.kz')).toHaveLength(mailsBefore);
  });

  it('incoming signing never counts: the signer company signs with its own free plan spent', async () => {
    const incoming = await suite.document();
    // The signer company spends its own free documents on documents to the sender.
    for (let i = 0; i < 3; i += 1) {
      const created = await suite.create(
        suite.tokens.signer,
        signer.bin,
        testDraft({
          signers: [{ identityNumber: sender.bin, email: 'sender@example.kz', nameRu: sender.nameRu }],
        }),
      );
      const sent = await suite.request(
        suite.tokens.signer,
        'POST',
        apiPath(DOCUMENT_PATHS.send, { bin: signer.bin, id: String(created.id) }),
      );
      expect(sent.statusCode, sent.body).toBe(200);
    }
    expect((await active(signer.bin, suite.tokens.signer)).statusCode).toBe(402);
    const signed = await suite.sign(incoming, signer.bin);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().status).toBe('SIGNED');
  });

  it("signing a draft sends it, so the sender's signature counts and is refused without a tariff", async () => {
    await spendFreeDocuments();
    const fourth = await draft();
    const refused = await suite.sign(fourth, sender.bin);
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().code).toBe('FREE_TARIFF_ALREADY_USED');
    expect(await documentStatus(fourth.id)).toBe('DRAFT');
  });

  it('a revoked document stays counted', async () => {
    const document = await suite.document();
    const revoked = await suite.request(
      suite.tokens.sender,
      'POST',
      apiPath(SIGNING_PATHS.revoke, { bin: sender.bin, id: String(document.id) }),
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await active()).json()).toMatchObject({ docCount: 1 });
  });

  it('the partner API and a create embed are refused alike without a tariff, and allowed after payment', async () => {
    await spendFreeDocuments();
    const created = await suite.request(
      suite.tokens.sender,
      'POST',
      `${apiPath(PARTNER_PATHS.apiKeys, { bin: sender.bin })}?lang=en`,
      { name: 'Shop', allowedOrigins: [PARTNER] },
    );
    expect(created.statusCode, created.body).toBe(201);
    const key = (created.json() as ApiKeyCreated).secret;

    const partnerDraft = await suite.upload(
      key,
      `${PARTNER_PATHS.documents}?lang=en`,
      uploadParts(testDraft(), [PDF]),
    );
    expect(partnerDraft.statusCode, partnerDraft.body).toBe(201);
    const partnerSend = await call(
      suite.server,
      'POST',
      `${apiPath(PARTNER_PATHS.send, { id: String(partnerDraft.json().id) })}?lang=en`,
      { token: key },
    );
    expect(partnerSend.statusCode).toBe(402);
    expect(partnerSend.json()).toMatchObject({ code: 'FREE_TARIFF_ALREADY_USED', link: '/tariffs' });

    const issued = await call(suite.server, 'POST', `${PARTNER_PATHS.embedTokens}?lang=en`, {
      token: key,
      body: { purpose: 'create' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const exchanged = await call(suite.server, 'POST', `${EMBED_PATHS.sessions}?lang=en`, {
      body: { token: (issued.json() as EmbedTokenIssued).token },
      headers: { origin: PARTNER },
    });
    const session = (exchanged.json() as EmbedSession).session;
    const embedded = await suite.upload(
      session,
      `${EMBED_PATHS.document}?lang=en`,
      uploadParts(testDraft(), [PDF]),
    );
    expect(embedded.statusCode).toBe(402);
    expect(embedded.json()).toMatchObject({ code: 'FREE_TARIFF_ALREADY_USED', link: '/tariffs' });

    await buyAndPay('monthly');
    const paidSend = await call(
      suite.server,
      'POST',
      `${apiPath(PARTNER_PATHS.send, { id: String(partnerDraft.json().id) })}?lang=en`,
      { token: key },
    );
    expect(paidSend.statusCode, paidSend.body).toBe(200);
    const paidEmbed = await suite.upload(
      session,
      `${EMBED_PATHS.document}?lang=en`,
      uploadParts(testDraft(), [PDF]),
    );
    expect(paidEmbed.statusCode, paidEmbed.body).toBe(201);
    expect((await active()).json()).toMatchObject({ tariff: { maxNumOfDocs: 0 }, docCount: 2 });
  });

  it('after payment the 4th send works; by_date active until the period ends, then expired', async () => {
    await spendFreeDocuments();
    const { payment } = await buyAndPay('monthly');
    expect(payment).toMatchObject({ outcome: 'activated', order: { status: 'PAID' } });
    expect(await clientState()).toEqual({ active: true, type: 'by_date' });
    const fourth = await draft();
    expect((await send(fourth.id)).statusCode).toBe(200);
    const now = (await active()).json() as ActiveTariff;
    expect(now.tariff.maxNumOfDocs).toBe(0);
    expect(now.docCount).toBe(1);
    // 2 March 2026 11:00 in Almaty + 1 month.
    expect(now.endDate).toBe('02.04.2026 11:00:00');
    expect(parseTariffDate(now.endDate ?? '')?.toISOString()).toBe(payment.order.endsAt);

    await advanceDays(31);
    const expired = await active();
    expect(expired.statusCode).toBe(200);
    expect(expired.json()).toMatchObject({ tariff: { maxNumOfDocs: 0, endDate: '02.04.2026 11:00:00' } });
    expect(await clientState()).toEqual({ active: false, type: 'by_date' });
    const refused = await send((await draft()).id, 'en');
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'TARIFF_EXPIRED', link: '/tariffs' });
  });

  it('a plan bought while one runs starts when it ends; no day is lost', async () => {
    await buyAndPay('monthly', undefined, 'bank-1');
    await advanceDays(10);
    const second = await buyAndPay('yearly', undefined, 'bank-2');
    const first = (second.payment.order as Order).startsAt;
    expect(first).toBe('2026-04-02T06:00:00.000Z');
    expect((second.payment.order as Order).endsAt).toBe('2027-04-02T06:00:00.000Z');
    expect((await active()).json()).toMatchObject({
      tariff: { endDate: '02.04.2026 11:00:00' },
      endDate: '02.04.2027 11:00:00',
    });
  });

  it('20 concurrent sends on a fresh company: exactly 3 succeed', async () => {
    const drafts = [];
    for (let i = 0; i < 20; i += 1) drafts.push(await draft());
    const answers = await Promise.all(drafts.map((document) => send(document.id, 'en')));
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(3);
    expect(codes.filter((code) => code === 402)).toHaveLength(17);
    expect((await active()).statusCode).toBe(402);
    const sent = await Promise.all(drafts.map((document) => documentStatus(document.id)));
    expect(sent.filter((status) => status === 'AT_SIGNING')).toHaveLength(3);
  });

  it('underpayment activates nothing; the rest completes it; a double registration activates once; overpayment goes to the balance', async () => {
    await spendFreeDocuments();
    const ordered = await suite.request(
      suite.tokens.sender,
      'POST',
      apiPath(BILLING_PATHS.createOrder, { bin: sender.bin, plan: 'monthly' }),
    );
    const order = ordered.json() as Order;
    const operator = await operatorToken();
    const register = (amount: number, reference: string) =>
      suite.request(operator, 'POST', `${BILLING_ADMIN_PATHS.payments}?lang=en`, {
        uin: order.uin,
        amount,
        reference,
      });

    const under = await register(1_000, 'stmt-1');
    expect(under.json()).toMatchObject({ outcome: 'underpaid', order: { status: 'NEW', paid: 1_000 } });
    expect((await active()).statusCode).toBe(402);
    const result = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(BILLING_PATHS.paymentResult, { id: String(order.id) }),
    );
    expect(result.json()).toMatchObject({ status: 'PARTIALLY_PAID', paid: 1_000, amount: order.amount });

    const rest = await register(order.amount, 'stmt-2');
    expect(rest.json()).toMatchObject({ outcome: 'activated', order: { status: 'PAID' }, balance: 1_000 });
    const again = await register(order.amount, 'stmt-2');
    expect(again.json()).toMatchObject({ outcome: 'already_registered', balance: 1_000 });
    const conflicting = await register(5, 'stmt-2');
    expect(conflicting.statusCode).toBe(409);
    expect(conflicting.json().code).toBe('PAYMENT_REFERENCE_CONFLICT');
    const orders = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(BILLING_PATHS.companyOrders, { bin: sender.bin }),
    );
    expect((orders.json() as Order[]).map((o) => o.status)).toEqual(['PAID']);
    const payments = (
      await suite.request(
        suite.tokens.sender,
        'GET',
        apiPath(BILLING_PATHS.paymentResult, { id: String(order.id) }),
      )
    ).json();
    expect(payments).toMatchObject({ status: 'PAID' });
    expect(payments.payments).toHaveLength(2);
    const { db } = suite.server.services.database;
    const recorded = await db.selectFrom('billing_payments').select('registered_by').execute();
    expect(recorded.map((row) => row.registered_by)).toEqual([
      'operator:cashier@example.kz',
      'operator:cashier@example.kz',
    ]);
    const balance = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(BILLING_PATHS.balance, { filialId: '1', bin: sender.bin }),
    );
    expect(balance.json()).toEqual({
      filialId: 1,
      customerAccountId: sender.bin,
      currency: 'KZT',
      balance: 1_000,
    });
  });

  it('checkPaid=true pays from the balance when it covers the price, and not otherwise', async () => {
    const { order, payment } = await buyAndPay('monthly', 15_000, 'bank-over');
    expect(order.amount).toBe(5_000);
    expect(payment).toMatchObject({ outcome: 'activated', balance: 10_000 });
    const paidAtOnce = await suite.request(
      suite.tokens.sender,
      'POST',
      `${apiPath(BILLING_PATHS.createOrder, { bin: sender.bin, plan: 'monthly' })}?checkPaid=true`,
    );
    expect(paidAtOnce.json()).toMatchObject({ status: 'PAID', paid: 5_000, startsAt: payment.order.endsAt });
    const waiting = await suite.request(
      suite.tokens.sender,
      'POST',
      `${apiPath(BILLING_PATHS.createOrder, { bin: sender.bin, plan: 'yearly' })}?checkPaid=true`,
    );
    expect(waiting.json()).toMatchObject({ status: 'NEW', paid: 0 });
    const balance = await suite.request(
      suite.tokens.sender,
      'GET',
      apiPath(BILLING_PATHS.balance, { filialId: '1', bin: sender.bin }),
    );
    expect(balance.json().balance).toBe(5_000);
  });

  it('the payments back office is for payments operators only', async () => {
    const body = { uin: 'QT0000000000000000', amount: 1, reference: 'x' };
    expect((await call(suite.server, 'POST', BILLING_ADMIN_PATHS.payments, { body })).statusCode).toBe(401);
    const member = await suite.request(suite.tokens.sender, 'POST', BILLING_ADMIN_PATHS.payments, body);
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('BILLING_OPERATOR_ONLY');
  });
});
