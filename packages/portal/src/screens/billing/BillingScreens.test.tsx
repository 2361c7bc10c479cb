import { BILLING_ADMIN_PATHS } from '@qoltanba/core';
import {
  $actingCompanyBin,
  $tariff,
  createOrder,
  generateInvoice,
  getBalance,
  listOrders,
  setLocale,
} from '@qoltanba/sdk';
import { ALFA, BETA, type TestServer, testServerPerFile } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { renderPortal } from '../../test/renderPortal';
import { signInRealServer } from '../../test-support/realServer';
import { formatTenge } from './TariffPlans';

const test = testServerPerFile({ env: { QOLTANBA_TARIFF_ENFORCEMENT: 'true' } });

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

/** Registers a payment as the payments operator does (the back office is not the portal's). */
async function pay(server: TestServer, invoiceNumber: string, amount: number) {
  const { db } = server.server.services.database;
  await db
    .insertInto('billing_operators')
    .values({ login: 'operator@example.kz', granted_at: server.clock.now() })
    .execute();
  const tokens = await server.world.login('operator');
  const res = await server.directFetch(`${server.baseUrl}${BILLING_ADMIN_PATHS.payments}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ invoiceNumber, amount, reference: 'bank-1' }),
  });
  expect(res.status).toBe(200);
}

describe('tariffs and payments screens', () => {
  it('public /tariffs: the plans side by side with prices and the yearly saving, buying asks to sign in', async () => {
    await signInRealServer(test.server, null);
    renderPortal('/tariffs');
    const list = await screen.findByRole('list', { name: 'Plans' });
    const plans = within(list).getAllByRole('listitem');
    expect(plans.map((plan) => within(plan).getByRole('heading').textContent)).toEqual([
      'Free',
      'Monthly',
      'Yearly',
    ]);
    expect(plans[0]?.textContent).toContain('3 sent documents');
    expect(plans[1]?.textContent).toMatch(/5,000.*\/ month/);
    expect(plans[2]?.textContent).toMatch(/50,000.*\/ year/);
    expect(plans[2]?.textContent).toContain('Save 17 %');
    expect(within(list).getAllByRole('link', { name: 'Sign in to buy a plan' })).toHaveLength(2);
  });

  it('/cabinet/tariffs: what is left, buy → invoice → download; after payment /cabinet/payments shows it', async () => {
    const { server } = test;
    await signInRealServer(server);
    renderPortal('/cabinet/tariffs');
    expect(await screen.findByText('Free documents left: 3')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Buy the Monthly plan' }));
    const download = await screen.findByRole('link', { name: 'Download the invoice' });
    // The button it replaced is gone: the focus is on the download, not lost on the page's body.
    await waitFor(() => expect(document.activeElement).toBe(download));
    const href = download.getAttribute('href') ?? '';
    expect(href).toContain('/public/by-path?path=');
    const pdf = await server.directFetch(href);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const invoiceText = screen.getByText(/^Invoice No\. \d+ for/).textContent ?? '';
    const number = /No\. (\d+)/.exec(invoiceText)?.[1] ?? '';
    await pay(server, number, 5000);

    renderPortal('/cabinet/payments');
    const row = await screen.findByRole('row', { name: /№/ });
    await waitFor(() => expect(row.getAttribute('data-status')).toBe('PAID'));
    expect(row.textContent).toContain('Monthly');
    expect(row.textContent).toContain('Paid');
    expect(row.querySelector('[data-payments]')?.textContent).toMatch(/Payments: .*5,000/);
    expect(row.getAttribute('data-invoice')).toBe(number);
    expect(within(row).getByRole('button', { name: `Download invoice No. ${number}` })).toBeTruthy();
  });

  it('/cabinet/tariffs: the free documents used up is a clear state; paid, the end date and the days left', async () => {
    const { server } = test;
    await signInRealServer(server);
    // Three documents sent by the company the session acts for.
    const [acting, other] = $actingCompanyBin.get() === ALFA.bin ? [ALFA, BETA] : [BETA, ALFA];
    for (let i = 0; i < 3; i += 1) {
      await server.documents.sent({ from: { user: 'aigerim', company: acting }, signers: [other] });
    }
    // The poll's next round (the store may still be watched from the test before, with that test's answer).
    await $tariff.refresh();
    renderPortal('/cabinet/tariffs');
    const block = await screen.findByRole('region', { name: 'Current plan' });
    await waitFor(() => expect(block.textContent).toContain('All 3 free documents are used'));
    expect(within(block).getByRole('alert').textContent).toBe(
      'You cannot send documents now: choose a plan.',
    );
    // The document form says so before it is filled, with the way to the plans.
    renderPortal('/cabinet/create');
    const notice = await screen.findByText(
      /^You cannot send documents now: choose a plan\. You can still save a draft\./,
    );
    expect(within(notice).getByRole('link', { name: 'Choose a plan' }).getAttribute('href')).toBe('/tariffs');

    const order = await createOrder('monthly');
    const invoice = await generateInvoice(order);
    // Twice the price: the plan starts and the other half goes to the personal account.
    await pay(server, invoice.number, order.amount * 2);
    await $tariff.refresh();
    renderPortal('/cabinet/payments');
    const paid = await screen.findByRole('region', { name: 'Current plan' });
    await waitFor(() =>
      expect(within(paid).getByRole('status').textContent).toMatch(
        /^Paid until .+\. Days left: (28|29|30|31)$/,
      ),
    );
    expect(within(paid).queryByRole('alert')).toBeNull();
    renderPortal('/cabinet/create');
    expect(await screen.findByRole('button', { name: 'Send for signing' })).toBeTruthy();
    expect(document.querySelector('[data-sending-blocked]')).toBeNull();

    // The plans mark the monthly one as the current plan; buying it again is paid from the balance at once.
    renderPortal('/cabinet/tariffs');
    const list = await screen.findByRole('list', { name: 'Plans' });
    const monthly = within(list).getAllByRole('listitem')[1];
    if (!monthly) throw new Error('no monthly plan');
    await waitFor(() => expect(within(monthly).queryByText('Current plan')).not.toBeNull());
    expect(within(list).getAllByText('Current plan')).toHaveLength(1);
    fireEvent.click(within(monthly).getByRole('button', { name: 'Buy the Monthly plan' }));
    const note = await within(monthly).findByText(
      /^Paid from your personal account\. The plan runs .+ – .+\.$/,
    );
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(within(monthly).queryByRole('link', { name: 'Download the invoice' })).toBeNull();
    const orders = await listOrders();
    expect(orders.map((listed) => [listed.status, listed.startsAt])).toEqual([
      ['PAID', orders[1]?.endsAt],
      ['PAID', expect.any(String)],
    ]);
    expect((await getBalance()).balance).toBe(0);
  });

  it('/cabinet/payments pages the history: 20 orders, then the older ones on request', async () => {
    await signInRealServer(test.server);
    for (let i = 0; i < 21; i += 1) await createOrder('monthly');
    renderPortal('/cabinet/payments');
    await waitFor(() => expect(screen.getAllByRole('row', { name: /№/ })).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: 'Show older orders' }));
    await waitFor(() => expect(screen.getAllByRole('row', { name: /№/ })).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Show older orders' })).toBeNull();
    const ids = screen
      .getAllByRole('row', { name: /№/ })
      .map((row) => Number(row.getAttribute('data-order')));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});

describe('amounts per language', () => {
  const spaced = (text: string) => text.replace(/\s/gu, ' ');

  it('tenge with the tenge sign, digit groups and decimal mark of the language, tiyn only when there are any', () => {
    expect(spaced(formatTenge(21_500, 'kk'))).toBe('21 500 ₸');
    expect(spaced(formatTenge(21_500, 'ru'))).toBe('21 500 ₸');
    expect(formatTenge(21_500, 'en')).toBe('₸21,500');
    expect(spaced(formatTenge(1_234_567.5, 'ru'))).toBe('1 234 567,50 ₸');
    expect(formatTenge(1_234_567.5, 'en')).toBe('₸1,234,567.50');
  });
});
