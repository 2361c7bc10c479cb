import { $snackbars, setLocale } from '@qoltanba/sdk';
import type { FakeServer } from '@qoltanba/sdk/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n';
import { renderPortal } from '../../test/renderPortal';
import { ALFA_BIN, signInSdkFake } from '../../test/sdkSession';

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

/** The fake account administers ТОО Альфа (the acting company) unless `admin` is false. */
const administer = (admin: boolean) => (server: FakeServer) => {
  server.account.companies = server.account.companies.map((entry) =>
    entry.bin === ALFA_BIN ? { ...entry, isAdmin: admin } : entry,
  );
};
const snackbars = () => $snackbars.get().map((snackbar) => snackbar.message);
const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('API keys screen', () => {
  it('creates a key, shows its secrets once with copy buttons, then lists it without them', async () => {
    const { server } = await signInSdkFake(administer(true));
    renderPortal('/cabinet/company/api-keys');
    expect(await screen.findByRole('heading', { level: 1, name: 'API keys' })).toBeTruthy();
    expect(await screen.findByText(/No API keys yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'API keys' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'New API key' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /^Name/ })),
    );
    type(/^Name/, 'Shop');
    type(/^Allowed sites/, 'https://*.shop.kz');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('https://host[:port]');
    type(/^Allowed sites/, 'https://shop.kz\nhttp://localhost:5173');
    type(/^Webhook URL/, 'https://shop.kz/hooks');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const secrets = await screen.findByRole('dialog', { name: 'Copy the key now' });
    expect(within(secrets).getByRole('alert').textContent).toContain('shown only once');
    const key = within(secrets).getByRole('textbox', { name: 'API key' }) as HTMLInputElement;
    expect(key.value).toMatch(/^qk_/);
    expect(
      (within(secrets).getByRole('textbox', { name: 'Webhook secret' }) as HTMLInputElement).value,
    ).toMatch(/^whsec_/);
    expect(within(secrets).getByRole('button', { name: 'Copy the API key' })).toBeTruthy();
    expect(snackbars()).toContain('The key “Shop” was created');
    fireEvent.click(within(secrets).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const table = await screen.findByRole('table', { name: "The company's API keys" });
    expect(within(table).getByRole('rowheader', { name: 'Shop' })).toBeTruthy();
    expect(table.textContent).toContain('http://localhost:5173');
    expect(table.textContent).not.toContain(key.value);
    expect([...server.partner.keys.values()].map((entry) => entry.name)).toEqual(['Shop']);
  });

  it('edits a key, shows its delivery log, and revokes it after confirming', async () => {
    const { server } = await signInSdkFake(administer(true));
    renderPortal('/cabinet/company/api-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    type(/^Name/, 'CRM');
    type(/^Allowed sites/, 'https://crm.kz');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I have saved it' }));
    const [stored] = [...server.partner.keys.values()];
    if (!stored) throw new Error('no key');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit the key “CRM”' }));
    const form = await screen.findByRole('dialog', { name: 'Edit API key' });
    expect((within(form).getByRole('textbox', { name: /^Allowed sites/ }) as HTMLTextAreaElement).value).toBe(
      'https://crm.kz',
    );
    type(/^Name/, 'CRM 2');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('rowheader', { name: 'CRM 2' })).toBeTruthy();

    server.partner.addDelivery(stored.id, {
      id: 'd1',
      event: 'document.signed',
      documentId: 42,
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      createdAt: '2026-11-22T01:00:00.000Z',
      deliveredAt: null,
      nextAttemptAt: '2026-11-22T01:00:10.000Z',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Webhook delivery log of the key “CRM 2”' }));
    const log = await screen.findByRole('dialog', { name: 'Delivery log: CRM 2' });
    const row = (await within(log).findByText('Signed')).closest('tr');
    expect(row?.textContent).toContain('Pending');
    expect(row?.textContent).toContain('500 · HTTP 500');
    fireEvent.click(within(log).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Revoke the key “CRM 2”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke the key?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('Revoked'));
    expect(screen.queryByRole('button', { name: 'Revoke the key “CRM 2”' })).toBeNull();
    expect(stored.revokedAt).not.toBeNull();
  });

  it('tells a member who is not the administrator why the keys are not shown, in their language', async () => {
    await signInSdkFake(administer(false));
    setLocale('ru');
    renderPortal('/cabinet/company/api-keys');
    expect(await screen.findByRole('heading', { level: 1, name: 'API-ключи' })).toBeTruthy();
    expect(screen.getByText(/управляет только администратор/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Создать ключ' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'API-ключи' })).toBeNull();
  });
});
