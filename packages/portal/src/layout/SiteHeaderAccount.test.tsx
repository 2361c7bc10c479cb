import { ACCOUNT_PATHS, PROFILE_PATHS } from '@qoltanba/core';
import { $auth, $selectedCompanyBin, reloadCompanies, setLocale } from '@qoltanba/sdk';
import { addUser, BETA, NEWCOMER } from '@qoltanba/server/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { registerPortalTranslations } from '../i18n/portalTranslations';
import { renderPortal } from '../test/renderPortal';
import { portalServerPerFile } from '../test/serverSession';

// aigerim acts for ТОО «Альфа Логистик» (short name ТОО «Альфа»), her main company, and may switch to АО «Бета».
const test = portalServerPerFile();

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

describe('site header account states', () => {
  it('anonymous: a "Log in" button that opens the authentication dialog', async () => {
    await test.start(null);
    renderPortal('/');
    await screen.findByRole('heading', { level: 1 });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: /Company/ })).toBeNull();
    expect(within(header).queryByRole('button', { name: /User menu/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(header).getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Log in' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('authenticated: the company switcher with the display name, and the user menu', async () => {
    await test.signIn();
    renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Log in' })).toBeNull();

    const switcher = within(header).getByRole('button', { name: /Company/ });
    expect(switcher.textContent).toContain('ТОО «Альфа»');
    expect(switcher.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(switcher);
    fireEvent.click(await screen.findByRole('option', { name: /АО «Бета»/ }));
    expect($selectedCompanyBin.get()).toBe(BETA.bin);
    await waitFor(() => expect(switcher.textContent).toContain('АО «Бета»'));

    const menuButton = within(header).getByRole('button', { name: 'User menu: Айгерим Бекова' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('aigerim@example.kz')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My profile' }).getAttribute('href')).toBe('/cabinet/profile');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(menuButton);
    // A press inside the menu keeps it open; one outside closes it.
    fireEvent.click(menuButton);
    fireEvent.pointerDown(screen.getByText('aigerim@example.kz'));
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByRole('main'));
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it.each(['/cabinet/edit/5', '/cabinet/copy/5', '/cabinet/draft/5'])(
    'locks the company switcher on %s with the catalogue reason',
    async (path) => {
      await test.signIn();
      renderPortal(path);
      await screen.findByRole('heading', { level: 1 });
      const switcher = within(screen.getByRole('banner')).getByRole('button', { name: /Company/ });
      expect(switcher.getAttribute('aria-disabled')).toBe('true');
      expect(switcher.getAttribute('title')).toBe('You cannot switch company while editing a document');
      fireEvent.click(switcher);
      expect(screen.queryByRole('listbox')).toBeNull();
    },
  );

  it('no switcher for a signed-in user without companies', async () => {
    await addUser(test.server, NEWCOMER);
    await test.signIn(NEWCOMER);
    renderPortal('/cabinet/onboarding');
    await screen.findByRole('heading', { level: 1, name: 'Getting started' });
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /Company/ })).toBeNull();
  });

  it('"Log out" in the user menu ends the session and goes to /', async () => {
    const { server, navigations } = await test.signIn();
    renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    const header = screen.getByRole('banner');
    fireEvent.click(within(header).getByRole('button', { name: /User menu/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect($auth.get().status).toBe('anonymous'));
    expect(navigations).toEqual(['/']);
    expect(server.callsTo(['GET', ACCOUNT_PATHS.logout])).toHaveLength(1);
    expect(await within(header).findByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('marks <main> busy and shows the top progress bar while a request is in flight', async () => {
    const { server } = await test.signIn();
    const { container } = renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    const main = screen.getByRole('main');
    const bar = container.querySelector('[data-active]');
    expect(main.getAttribute('aria-busy')).toBe('false');
    expect(bar?.getAttribute('data-active')).toBe('false');

    const held = server.hold(['GET', PROFILE_PATHS.companies]);
    const reload = reloadCompanies();
    await held.arrived;
    await waitFor(() => expect(main.getAttribute('aria-busy')).toBe('true'));
    expect(bar?.getAttribute('data-active')).toBe('true');
    held.release();
    await reload;
    await waitFor(() => expect(main.getAttribute('aria-busy')).toBe('false'));
    expect(bar?.getAttribute('data-active')).toBe('false');
  });
});
