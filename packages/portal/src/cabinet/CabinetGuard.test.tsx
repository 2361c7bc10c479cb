import { PROFILE_PATHS } from '@qoltanba/core';
import { loginWithPassword, setLocale } from '@qoltanba/sdk';
import { addUser, NEWCOMER } from '@qoltanba/server/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { $authDialogOpen, closeAuthDialog } from '../auth/authDialog';
import { registerPortalTranslations } from '../i18n/portalTranslations';
import { renderPortal } from '../test/renderPortal';
import { portalServerPerFile } from '../test/serverSession';

const test = portalServerPerFile();
const COMPANIES = ['GET', PROFILE_PATHS.companies] as const;
const INTERNAL_ERROR = {
  status: 500,
  body: { code: 'INTERNAL_ERROR', message: 'Internal Server Error' },
} as const;

/** A signed-in user with no company yet (NEWCOMER, added to the world). */
async function signInNewcomer() {
  await addUser(test.server, NEWCOMER);
  return test.signIn(NEWCOMER);
}

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

describe('cabinet guard', () => {
  it('asks an anonymous visitor to log in, opens the dialog, and keeps the requested path', async () => {
    await test.start(null);
    const { router } = renderPortal('/cabinet/outgoing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to your cabinet' })).toBeTruthy();
    expect($authDialogOpen.get()).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Cabinet sections' })).toBeNull();

    closeAuthDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Log in or register' }));
    expect($authDialogOpen.get()).toBe(true);

    await loginWithPassword({ login: 'aigerim@example.kz', password: 'correct-horse' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Outgoing' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/outgoing');
    expect(screen.getByRole('navigation', { name: 'Cabinet sections' })).toBeTruthy();
  });

  it('sends a signed-in user without companies to the onboarding start', async () => {
    await signInNewcomer();
    const { router } = renderPortal('/cabinet/incoming');
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/onboarding');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('link', { name: /Add company/ }).getAttribute('href')).toBe(
      '/cabinet/company/add',
    );
    expect(screen.getByRole('link', { name: /Attach by IIN/ }).getAttribute('href')).toBe(
      '/cabinet/company/attach',
    );
    // Without a company there are no document tabs to offer.
    expect(screen.queryByRole('navigation', { name: 'Cabinet sections' })).toBeNull();
  });

  it('a company list answering 500 shows the error with "Try again", not onboarding', async () => {
    // The list fails on the session's load and on the first "Try again".
    const { server } = await test.start('aigerim', () => {
      test.server.failNext(COMPANIES, INTERNAL_ERROR);
      test.server.failNext(COMPANIES, INTERNAL_ERROR);
    });
    const { router } = renderPortal('/cabinet/incoming');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Could not load your companies' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Internal Server Error');
    expect(router.state.location.pathname).toBe('/cabinet/incoming');
    expect(screen.queryByRole('heading', { name: 'Getting started' })).toBeNull();

    // The catalogue text follows the language.
    act(() => setLocale('kk'));
    expect(screen.getByRole('alert').textContent).toBe('Сервердің ішкі қатесі');
    act(() => setLocale('en'));

    // Still failing: the error stays, and the list was asked again.
    const asked = () => server.callsTo(COMPANIES).length;
    const before = asked();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Could not load your companies' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Incoming' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/incoming');
    expect(screen.getByRole('navigation', { name: 'Cabinet sections' })).toBeTruthy();
  });

  it('a list that cannot be reached says so; a retry finding no company leads to onboarding', async () => {
    await addUser(test.server, NEWCOMER);
    const { server } = await test.start(NEWCOMER, () => {
      // The session's own list load finds no network.
      test.server.failNext(COMPANIES, { networkError: true });
    });
    const { router } = renderPortal('/cabinet/outgoing');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Could not reach the server. Check your internet connection',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeTruthy();
    expect(server.callsTo(COMPANIES)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/cabinet/onboarding');
  });

  it('lets a user without companies open the profile', async () => {
    await signInNewcomer();
    const { router } = renderPortal('/cabinet/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/profile');
  });

  it('the add-company screen opens without a company, its "Sign with EDS" button working', async () => {
    await signInNewcomer();
    renderPortal('/cabinet/company/add');
    await screen.findByRole('heading', { level: 1, name: 'Add a company' });
    const sign = screen.getByRole('button', { name: 'Sign with EDS' });
    expect(sign).toHaveProperty('disabled', false);
  });

  it('a logout inside the cabinet goes to / without asking to log in again', async () => {
    const session = await test.signIn();
    const { router } = renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    await session.client.logout('user');
    expect(session.navigations).toEqual(['/']);
    await router.navigate('/');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Sign documents online with an EDS or eGov mobile',
    });
    await waitFor(() => expect($authDialogOpen.get()).toBe(false));
  });
});
