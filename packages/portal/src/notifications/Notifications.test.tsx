import { $snackbars, getDocumentSchedule, getNotificationSettings, setLocale } from '@qoltanba/sdk';
import { BETA } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../i18n/portalTranslations';
import { seedSent } from '../test/documents';
import { renderPortal } from '../test/renderPortal';
import { portalServerPerFile } from '../test/serverSession';

const test = portalServerPerFile();
const snackbars = () => $snackbars.get().map((snackbar) => snackbar.message);
// The header's counter loads lazily: its first import can take seconds on a loaded machine.
const LAZY = { timeout: 20_000 };

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

describe('notifications in the portal', () => {
  it('counts live in the header, lists the latest in the dropdown, and a followed one opens its document', async () => {
    await test.signIn('bolat');
    const { router } = renderPortal('/cabinet/incoming');
    const bell = await screen.findByRole('button', { name: 'Notifications' }, LAZY);
    expect(bell.getAttribute('aria-expanded')).toBe('false');

    // ТОО Альфа sends to АО Бета: bolat's counter rises without a reload, and is read out.
    const sent = await test.server.documents.sent({ name: 'Supply contract 7' });
    await screen.findByRole('button', { name: 'Notifications, unread: 1' });
    expect(screen.getByTestId('unread-live').textContent).toBe('Unread notifications: 1');

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, unread: 1' }));
    const panel = within(await screen.findByRole('region', { name: 'Latest notifications' }));
    const link = await panel.findByRole('link', { name: /sent you «Supply contract 7» for signing/ });
    expect(link.getAttribute('href')).toBe(`/cabinet/document/${sent.id}?company=${BETA.bin}`);
    expect(panel.getByRole('link', { name: 'All notifications' }).getAttribute('href')).toBe(
      '/cabinet/notification',
    );
    // Escape closes the dropdown and gives the focus back to the bell.
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-expanded')).toBe('false'));

    fireEvent.click(screen.getByRole('button', { name: 'Notifications, unread: 1' }));
    fireEvent.click(await screen.findByRole('link', { name: /sent you «Supply contract 7» for signing/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cabinet/document/${sent.id}`));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.getByTestId('unread-live').textContent).toBe('');
  }, 90_000);

  it('shows the last 30 days on /cabinet/notification, marks all read, and pages older ones', async () => {
    await test.signIn('bolat');
    await test.server.documents.sent({ name: 'First contract' });
    await test.server.documents.sent({ name: 'Second contract' });
    renderPortal('/cabinet/notification');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
    expect(screen.getByText('Notifications from the last 30 days.')).toBeTruthy();
    const items = await screen.findAllByRole('link', { name: /contract» for signing/ });
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Unread: .*«Second contract»/),
      expect.stringMatching(/^Unread: .*«First contract»/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryAllByRole('button', { name: /^Mark as read/ })).toHaveLength(0));
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  }, 90_000);

  it('turns an e-mail off in the profile; in-app notifications stay', async () => {
    await test.signIn('bolat');
    renderPortal('/cabinet/profile');
    const form = within(await screen.findByRole('form', { name: 'E-mail notifications' }));
    const signed = (await form.findByRole('checkbox', { name: 'A party signed' })) as HTMLInputElement;
    await waitFor(() => expect(signed.checked).toBe(true));
    fireEvent.click(signed);
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbars()).toContain('Settings saved'));
    expect(await getNotificationSettings()).toEqual({ emailOff: ['document.signed'] });
  }, 90_000);

  it("sets a sent document's expiry and automatic reminders, with core's validation texts", async () => {
    await test.signIn();
    const sent = await seedSent('Contract with an expiry');
    renderPortal(`/cabinet/document/${sent.id}`);
    const form = within(await screen.findByRole('form', { name: 'Expiry and automatic reminders' }, LAZY));
    expect(await form.findByText('No expiry set')).toBeTruthy();
    const every = form.getByRole('spinbutton', { name: /Remind every N days/ });
    fireEvent.change(every, { target: { value: '45' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'The field "Remind every N days" has an invalid value',
    );
    expect(every.getAttribute('aria-invalid')).toBe('true');

    const date = form.getByLabelText(/Sign by \(date\)/);
    fireEvent.change(date, { target: { value: '2020-01-10' } });
    fireEvent.change(every, { target: { value: '3' } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toMatch(/signing period of the document has ended/);

    const nextYear = new Date(test.server.clock.now().getTime() + 365 * 24 * 3600 * 1000);
    const day = nextYear.toISOString().slice(0, 10);
    fireEvent.change(date, { target: { value: day } });
    fireEvent.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(snackbars()).toContain('Expiry and reminders saved'));
    expect(await getDocumentSchedule(sent.id)).toEqual({
      expiresAt: new Date(`${day}T23:59:59+05:00`).toISOString(),
      remindEveryDays: 3,
    });
  }, 90_000);
});
