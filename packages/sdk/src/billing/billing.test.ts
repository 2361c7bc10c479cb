import { BILLING_ADMIN_PATHS, BILLING_PATHS, TARIFF_POLL_MS, TARIFFS_PAGE } from '@qoltanba/core';
import { ALFA, errorResponse, type TestServer, testServerPerFile } from '@qoltanba/server/testing';
import { cleanStores } from 'nanostores';
import { describe, expect, it } from 'vitest';
import { errorLinkOf, isApiError } from '../api';
import { sendDocument } from '../documents/documentsApi';
import { loggedInOn } from '../test-support/real-server';
import {
  createOrder,
  generateInvoice,
  getActiveTariff,
  getBalance,
  getOrder,
  getPaymentResult,
  getTariffPlans,
  invoiceDownloadUrl,
  listBillingHistory,
  listOrders,
} from './billingApi';
import { createTariffStore, type TariffPollEnvironment } from './tariffStore';

const test = testServerPerFile({ env: { QOLTANBA_TARIFF_ENFORCEMENT: 'true' } });

/** A poll environment the test drives: the server's clock, a timer it fires, a page it hides and shows. */
function drivenEnvironment(server: TestServer) {
  const timers = new Set<{ ms: number; run: () => void }>();
  const listeners = new Set<() => void>();
  let hidden = false;
  const environment: TariffPollEnvironment = {
    now: () => server.clock.now(),
    every(ms, run) {
      const timer = { ms, run };
      timers.add(timer);
      return () => timers.delete(timer);
    },
    hidden: () => hidden,
    onVisibilityChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    environment,
    timers,
    tick: () => {
      for (const timer of timers) timer.run();
    },
    setHidden(value: boolean) {
      hidden = value;
      for (const listener of listeners) listener();
    },
  };
}

const activeCalls = (server: TestServer) => server.callsTo(['GET', BILLING_PATHS.activeOrder]).length;

/** Registers a payment as the payments operator would (the back office is not the sdk's). */
async function registerPayment(server: TestServer, invoiceNumber: string, amount: number, reference: string) {
  const { db } = server.server.services.database;
  await db
    .insertInto('billing_operators')
    .values({ login: 'operator@example.kz', granted_at: server.clock.now() })
    .onConflict((conflict) => conflict.column('login').doNothing())
    .execute();
  const tokens = await server.world.login('operator');
  const res = await server.directFetch(`${server.baseUrl}${BILLING_ADMIN_PATHS.payments}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ invoiceNumber, amount, reference }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function settled() {
  for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('billing client on the real server', () => {
  it('the tariff store: by_count while free documents are left, refused after 3, by_date once paid; polls every 30 s only while visible', async () => {
    const { server, client } = await loggedInOn(test.server);
    const driven = drivenEnvironment(server);
    const store = createTariffStore(driven.environment);
    expect(store.get().state).toEqual({ active: false, type: 'loading' });
    const stop = store.listen(() => undefined);
    try {
      await settled();
      expect(store.get()).toMatchObject({ state: { active: true, type: 'by_count' }, documentsLeft: 3 });
      expect([...driven.timers].map((timer) => timer.ms)).toEqual([TARIFF_POLL_MS]);

      for (let i = 0; i < 3; i += 1) await server.documents.sent();
      const before = activeCalls(server);
      driven.tick();
      await settled();
      expect(activeCalls(server)).toBe(before + 1);
      // The free plan spent: the 402 "Free tariff already used" becomes core's inactive by_count.
      expect(store.get()).toMatchObject({
        state: { active: false, type: 'by_count' },
        error: 'FREE_TARIFF_ALREADY_USED',
        tariff: undefined,
      });
      await expect(server.documents.sent()).rejects.toThrow();

      // Hidden: no timer, no call; shown again: asks at once and polls again.
      driven.setHidden(true);
      expect(driven.timers.size).toBe(0);
      const hiddenCalls = activeCalls(server);
      await settled();
      expect(activeCalls(server)).toBe(hiddenCalls);

      const order = await createOrder('monthly');
      const invoice = await generateInvoice(order);
      await registerPayment(server, invoice.number, order.amount, 'bank-1');
      driven.setHidden(false);
      expect(driven.timers.size).toBe(1);
      await settled();
      expect(activeCalls(server)).toBe(hiddenCalls + 1);
      const paid = store.get();
      expect(paid.state).toEqual({ active: true, type: 'by_date' });
      // A month from now: 28 to 31 days left, whichever month this is.
      expect(paid.daysLeft).toBeGreaterThanOrEqual(28);
      expect(paid.daysLeft).toBeLessThanOrEqual(31);
      expect(paid.endsAt?.toISOString()).toBe((await getOrder(order.id)).endsAt);
      await expect(server.documents.sent()).resolves.toMatchObject({ status: 'AT_SIGNING' });

      // The period over: by_date, inactive, the end date still shown; the next poll tells it.
      server.clock.advance(32 * 24 * 3600);
      client.storeTokens(await server.world.login('aigerim'));
      driven.tick();
      await settled();
      expect(store.get()).toMatchObject({
        state: { active: false, type: 'by_date' },
        endsAt: paid.endsAt,
        daysLeft: undefined,
      });
      expect(await getActiveTariff()).toMatchObject({ tariff: { maxNumOfDocs: 0 } });
    } finally {
      stop();
      cleanStores(store);
    }
    // Unwatched: the poll stops.
    expect(driven.timers.size).toBe(0);
  });

  it('a send refused for the tariff refreshes the store at once, not at the next 30 s poll (free plan spent, paid plan over)', async () => {
    const { server, client } = await loggedInOn(test.server);
    const driven = drivenEnvironment(server);
    const store = createTariffStore(driven.environment);
    const stop = store.listen(() => undefined);
    try {
      await settled();
      expect(store.get()).toMatchObject({ state: { active: true, type: 'by_count' }, documentsLeft: 3 });
      // Sent elsewhere (another tab, the partner API): the store still shows the last poll's answer.
      for (let i = 0; i < 3; i += 1) await server.documents.sent();
      await settled();
      expect(store.get()).toMatchObject({ state: { active: true, type: 'by_count' }, documentsLeft: 3 });
      const before = activeCalls(server);
      // A failure that is not the tariff's asks nothing.
      await expect(sendDocument(999_999)).rejects.toMatchObject({ code: 'ENTITY_NOT_FOUND' });
      await settled();
      expect(activeCalls(server)).toBe(before);

      // No timer fires here: the refusal alone makes the store ask, once (its own 402 answer asks nothing more).
      const draft = await server.documents.draft();
      await expect(sendDocument(draft.id)).rejects.toMatchObject({
        status: 402,
        code: 'FREE_TARIFF_ALREADY_USED',
      });
      await settled();
      expect(activeCalls(server)).toBe(before + 1);
      expect(store.get()).toMatchObject({
        state: { active: false, type: 'by_count' },
        error: 'FREE_TARIFF_ALREADY_USED',
        documentsLeft: undefined,
      });

      // A paid month, then over: the next send is refused TARIFF_EXPIRED and the store says so at once.
      const order = await createOrder('monthly');
      await registerPayment(server, (await generateInvoice(order)).number, order.amount, 'bank-r');
      await store.refresh();
      expect(store.get().state).toEqual({ active: true, type: 'by_date' });
      const later = await server.documents.draft();
      server.clock.advance(32 * 24 * 3600);
      client.storeTokens(await server.world.login('aigerim'));
      const calls = activeCalls(server);
      await expect(sendDocument(later.id)).rejects.toMatchObject({ status: 402, code: 'TARIFF_EXPIRED' });
      await settled();
      expect(activeCalls(server)).toBe(calls + 1);
      expect(store.get()).toMatchObject({ state: { active: false, type: 'by_date' }, daysLeft: undefined });
    } finally {
      stop();
      cleanStores(store);
    }
  });

  it('answers our server never gives (a docs-service may): by_count used up, by_date without an end date, an unreadable date, another error', async () => {
    const { server } = await loggedInOn(test.server);
    const driven = drivenEnvironment(server);
    const store = createTariffStore(driven.environment);
    let answer: Response = new Response();
    const stopIntercept = server.intercept(['GET', BILLING_PATHS.activeOrder], () => answer.clone());
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const stop = store.listen(() => undefined);
    const next = async (response: Response) => {
      answer = response;
      driven.tick();
      await settled();
      return store.get();
    };
    try {
      await settled();
      expect(
        await next(json({ tariff: { maxNumOfDocs: 3, endDate: null }, endDate: null, docCount: 3 })),
      ).toMatchObject({ state: { active: false, type: 'by_count' }, documentsLeft: 0, error: undefined });
      expect(
        await next(json({ tariff: { maxNumOfDocs: 10, endDate: null }, endDate: null, docCount: 4 })),
      ).toMatchObject({ state: { active: true, type: 'by_count' }, documentsLeft: 6 });
      expect(
        await next(json({ tariff: { maxNumOfDocs: 0, endDate: null }, endDate: null, docCount: 0 })),
      ).toMatchObject({ state: { active: false, type: 'by_date' }, endsAt: undefined });
      expect(
        await next(json({ tariff: { maxNumOfDocs: 0 }, endDate: '2027-01-01', docCount: 0 })),
      ).toMatchObject({ state: { active: false, type: 'by_date' }, endsAt: undefined });
      // Only the plan's end date, in the future (Almaty time): active until then.
      const later = await next(
        json({ tariff: { maxNumOfDocs: 0, endDate: '01.01.2099 00:00:00' }, endDate: null, docCount: 7 }),
      );
      expect(later.state).toEqual({ active: true, type: 'by_date' });
      const days = Math.ceil((Date.UTC(2098, 11, 31, 19) - server.clock.now().getTime()) / 86_400_000);
      expect(later.daysLeft).toBe(days);
      expect(later.endsAt?.toISOString()).toBe('2098-12-31T19:00:00.000Z');
      // Any other failure is an inactive by_date, never the free plan's state.
      expect(await next(errorResponse(500, 'INTERNAL_ERROR', 'Internal Server Error'))).toMatchObject({
        state: { active: false, type: 'by_date' },
        error: 'INTERNAL_ERROR',
      });
      // A body that is not an active tariff is refused by the schema, not read as one.
      expect(await next(json({ tariff: {}, docCount: 'x' }))).toMatchObject({
        state: { active: false, type: 'by_date' },
        tariff: undefined,
      });
    } finally {
      stop();
      stopIntercept();
      cleanStores(store);
    }
  });

  it('plans, an order, its invoice and its public download, orders, payments and the balance', async () => {
    const { server } = await loggedInOn(test.server);
    const plans = await getTariffPlans();
    expect(plans.plans.map((plan) => plan.id)).toEqual(['free', 'monthly', 'yearly']);

    const order = await createOrder('yearly');
    expect(order).toMatchObject({ bin: ALFA.bin, plan: 'yearly', status: 'NEW', paid: 0 });
    const invoice = await generateInvoice(order, { lang: 'kk' });
    expect(invoice).toMatchObject({ orderId: order.id, uin: order.uin, amount: order.amount, lang: 'kk' });
    expect((await generateInvoice(order)).id).toBe(invoice.id);

    const url = await invoiceDownloadUrl(invoice.id);
    expect(url.startsWith(`${server.baseUrl}${BILLING_PATHS.publicInvoice}?path=`)).toBe(true);
    // Without login: the link alone downloads the PDF.
    const pdf = await server.directFetch(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    // 1 000 tenge more than the price: paid, the rest on the balance.
    await registerPayment(server, invoice.number, order.amount + 1000, 'bank-2');
    expect((await listOrders()).map((listed) => [listed.id, listed.status])).toEqual([[order.id, 'PAID']]);
    expect(await getPaymentResult(order.id)).toMatchObject({
      status: 'PAID',
      payments: [
        { source: 'bank', amount: order.amount + 1000, reference: 'bank-2', invoiceNumber: invoice.number },
      ],
    });
    expect(await getBalance()).toMatchObject({ balance: 1000, customerAccountId: ALFA.bin, currency: 'KZT' });
  });

  it("a send refused for want of a tariff keeps the body's link to the tariffs page, with the text in the user's language", async () => {
    const { server } = await loggedInOn(test.server, 'aigerim', { getLang: () => 'ru' });
    for (let i = 0; i < 3; i += 1) await server.documents.sent();
    const draft = await server.documents.draft();
    const refusal = await sendDocument(draft.id).catch((error: unknown) => error);
    expect(isApiError(refusal)).toBe(true);
    expect(refusal).toMatchObject({ status: 402, code: 'FREE_TARIFF_ALREADY_USED', link: TARIFFS_PAGE });
    expect(errorLinkOf(refusal)).toBe('/tariffs');
    expect((refusal as Error).message).toMatch(/тариф/i);
    // Errors without a link answer none.
    const missing = await sendDocument(999_999).catch((error: unknown) => error);
    expect(missing).toMatchObject({ code: 'ENTITY_NOT_FOUND', link: undefined });
    expect(errorLinkOf(missing)).toBeUndefined();
  });

  it("one call lists the company's orders with their invoices and payments, keyset pages, members only", async () => {
    const { server } = await loggedInOn(test.server);
    const paidOrder = await createOrder('monthly');
    const invoice = await generateInvoice(paidOrder);
    await registerPayment(server, invoice.number, paidOrder.amount + 500, 'bank-h');
    const waiting = await createOrder('yearly');
    const newest = await createOrder('monthly');

    const first = await listBillingHistory({ limit: 2 });
    expect(first.balance).toBe(500);
    expect(first.items.map((entry) => entry.order.id)).toEqual([newest.id, waiting.id]);
    expect(first.items.map((entry) => entry.invoice)).toEqual([null, null]);
    expect(first.nextCursor).not.toBeNull();
    // An order made meanwhile does not shift the next page.
    await createOrder('monthly');
    const second = await listBillingHistory({ limit: 2, cursor: first.nextCursor ?? '' });
    expect(second.nextCursor).toBeNull();
    expect(second.items).toEqual([
      {
        order: expect.objectContaining({ id: paidOrder.id, status: 'PAID' }),
        invoice: expect.objectContaining({
          id: invoice.id,
          number: invoice.number,
          amount: paidOrder.amount,
        }),
        payments: [
          expect.objectContaining({ source: 'bank', amount: paidOrder.amount + 500, reference: 'bank-h' }),
        ],
      },
    ]);
    await expect(listBillingHistory({ cursor: 'not-ours' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });

    // bolat of АО Бета asks for ТОО Альфа's history: refused, like any call for a company not his.
    await loggedInOn(server, 'bolat');
    await expect(listBillingHistory({}, { bin: ALFA.bin })).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect((await listBillingHistory()).items).toEqual([]);
  });
});
