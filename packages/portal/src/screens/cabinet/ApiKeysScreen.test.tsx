import { $snackbars, listApiKeys, setLocale } from '@qoltanba/sdk';
import { BETA } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../../i18n/portalTranslations';
import { seedSent } from '../../test/documents';
import { renderPortal } from '../../test/renderPortal';
import { portalServerPerFile } from '../../test/serverSession';

// The CRM's host resolves to a public address; the deliveries themselves are played by `deliverWebhooks`.
const test = portalServerPerFile({
  app: { resolveHost: async () => [{ address: '93.184.216.34', family: 4 }] },
});

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

const snackbars = () => $snackbars.get().map((snackbar) => snackbar.message);
const type = (name: string | RegExp, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });

describe('API keys screen', () => {
  it('creates a key, shows its secrets once with copy buttons, then lists it without them', async () => {
    // aigerim administers ТОО Альфа, the company she acts for.
    await test.signIn();
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
    expect((await listApiKeys()).map((entry) => entry.name)).toEqual(['Shop']);
  });

  it('edits a key, shows its delivery log, and revokes it after confirming', async () => {
    const { server } = await test.signIn();
    renderPortal('/cabinet/company/api-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Create key' }));
    type(/^Name/, 'CRM');
    type(/^Allowed sites/, 'https://crm.kz');
    type(/^Webhook URL/, 'https://crm.kz/hooks');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(await screen.findByRole('button', { name: 'I have saved it' }));
    const [stored] = await listApiKeys();
    if (!stored) throw new Error('no key');

    fireEvent.click(await screen.findByRole('button', { name: 'Edit the key “CRM”' }));
    const form = await screen.findByRole('dialog', { name: 'Edit API key' });
    expect((within(form).getByRole('textbox', { name: /^Allowed sites/ }) as HTMLTextAreaElement).value).toBe(
      'https://crm.kz',
    );
    type(/^Name/, 'CRM 2');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('rowheader', { name: 'CRM 2' })).toBeTruthy();

    // A document of ТОО Альфа signed by АО Бета queues a `document.signed` delivery; the CRM answers 500.
    await test.server.documents.sign(await seedSent('Webhook contract'), { user: 'bolat', company: BETA });
    await server.deliverWebhooks(async () => ({ status: 500 }));
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
    expect((await listApiKeys()).find((entry) => entry.id === stored.id)?.revokedAt).not.toBeNull();
  });

  it('tells a member who is not the administrator why the keys are not shown, in their language', async () => {
    // bolat is a member of АО Бета, not its administrator.
    await test.signIn('bolat');
    setLocale('ru');
    renderPortal('/cabinet/company/api-keys');
    expect(await screen.findByRole('heading', { level: 1, name: 'API-ключи' })).toBeTruthy();
    expect(screen.getByText(/управляет только администратор/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Создать ключ' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'API-ключи' })).toBeNull();
  });
});
