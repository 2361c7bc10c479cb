import { setLocale } from '@qoltanba/sdk';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../i18n/portalTranslations';
import { renderPortal } from '../test/renderPortal';
import { portalServerPerFile } from '../test/serverSession';

const test = portalServerPerFile();

beforeEach(async () => {
  registerPortalTranslations();
  setLocale('en');
  // The cabinet is behind login: these tests look at a member of АО Бета who is not its administrator (bolat).
  await test.signIn('bolat');
});

describe('cabinet tabs', () => {
  it('renders the six tabs in order with the active one marked', async () => {
    renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    const nav = screen.getByRole('navigation', { name: 'Cabinet sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Incoming',
      'Outgoing',
      'Drafts',
      'Trash',
      'Folders',
      'Counterparties',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/cabinet/incoming',
      '/cabinet/outgoing',
      '/cabinet/draft',
      '/cabinet/trash',
      '/cabinet/folder',
      '/cabinet/counterparty',
    ]);
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page')).toEqual([links[0]]);
  });

  it('an administrator of the acting company also gets the API keys tab', async () => {
    await test.signIn('aigerim');
    renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    const nav = screen.getByRole('navigation', { name: 'Cabinet sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.at(-1)?.textContent).toBe('API keys');
    expect(links).toHaveLength(7);
  });

  it('clicking a tab navigates and moves the current marker', async () => {
    const { router, container } = renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    const nav = screen.getByRole('navigation', { name: 'Cabinet sections' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Drafts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Drafts' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/draft');
    expect(within(nav).getByRole('link', { name: 'Drafts' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Incoming' }).getAttribute('aria-current')).toBeNull();
    expect(container.querySelector('[data-status]')?.getAttribute('data-status')).toBe('draft');
  });

  it('keeps the parent tab current on a document page', async () => {
    renderPortal('/cabinet/incoming/42');
    await screen.findByRole('heading', { level: 1, name: 'Incoming document' });
    const nav = screen.getByRole('navigation', { name: 'Cabinet sections' });
    expect(within(nav).getByRole('link', { name: 'Incoming' }).getAttribute('aria-current')).toBe('page');
  });

  it('labels the tabs in the current language', async () => {
    setLocale('kk');
    renderPortal('/cabinet/trash');
    await screen.findByRole('heading', { level: 1, name: 'Себет' });
    const nav = screen.getByRole('navigation', { name: 'Кабинет бөлімдері' });
    expect(within(nav).getByRole('link', { name: 'Кіріс' })).toBeTruthy();
  });
});
