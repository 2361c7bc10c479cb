import { loginWithPassword, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { $authDialogOpen, closeAuthDialog } from '../auth/authDialog';
import { registerPortalTranslations } from '../i18n';
import { company } from '../test/fakeApi';
import { renderPortal } from '../test/renderPortal';
import { signInFake, startAnonymous } from '../test/session';

beforeEach(() => {
  registerPortalTranslations();
  setLocale('en');
});

describe('cabinet guard', () => {
  it('asks an anonymous visitor to log in, opens the dialog, and keeps the requested path', async () => {
    await startAnonymous({ companies: [company('180340021791', 'ТОО "Береке"', true)] });
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
    await signInFake([]);
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
    const fake = await signInFake([company('180340021791', 'ТОО "Береке"', true)], { companiesStatus: 500 });
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
    const asked = () => fake.state.calls.filter((call) => call.endsWith('/companies-from-context')).length;
    const before = asked();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(asked()).toBe(before + 1));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Could not load your companies' }),
    ).toBeTruthy();

    delete fake.state.companiesStatus;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Incoming' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/incoming');
    expect(screen.getByRole('navigation', { name: 'Cabinet sections' })).toBeTruthy();
  });

  it('a list that cannot be reached says so; a retry finding no company leads to onboarding', async () => {
    const fake = await signInFake([], { companiesStatus: 0 });
    const { router } = renderPortal('/cabinet/outgoing');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Could not reach the server. Check your internet connection',
    );
    delete fake.state.companiesStatus;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/onboarding');
  });

  it('lets a user without companies open the profile', async () => {
    await signInFake([]);
    const { router } = renderPortal('/cabinet/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My profile' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cabinet/profile');
  });

  it('the add-company screen opens without a company, its "Sign with EDS" button working', async () => {
    await signInFake([]);
    renderPortal('/cabinet/company/add');
    await screen.findByRole('heading', { level: 1, name: 'Add a company' });
    const sign = screen.getByRole('button', { name: 'Sign with EDS' });
    expect(sign).toHaveProperty('disabled', false);
  });

  it('a logout inside the cabinet goes to / without asking to log in again', async () => {
    const fake = await signInFake([company('180340021791', 'ТОО "Береке"', true)]);
    const { router } = renderPortal('/cabinet/incoming');
    await screen.findByRole('heading', { level: 1, name: 'Incoming' });
    await fake.client.logout('user');
    expect(fake.navigations).toEqual(['/']);
    await router.navigate('/');
    await screen.findByRole('heading', {
      level: 1,
      name: 'Sign documents online with an EDS or eGov mobile',
    });
    await waitFor(() => expect($authDialogOpen.get()).toBe(false));
  });
});
