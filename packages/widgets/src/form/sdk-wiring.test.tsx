import { ACCOUNT_PATHS, PROFILE_PATHS } from '@qoltanba/core';
import {
  $auth,
  $selectedCompanyBin,
  createMemoryStorage,
  createQoltanbaClient,
  initSession,
  logout,
  setLocale,
} from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanySwitcher } from '../company-switcher';
import { LoginForm } from '../login-form';
import { ProfileCard } from '../profile-card';
import { pressEnter, typeInto } from './test-helpers';

// The widgets without `actions`: their defaults are the sdk's real calls, here on a fake fetch.

const BASE = 'http://qoltanba.test';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch() {
  return vi.fn(async (input: string, init?: RequestInit) => {
    const path = input.replace(BASE, '').split('?')[0];
    const method = init?.method ?? 'GET';
    if (method === 'POST' && path === ACCOUNT_PATHS.login) {
      const body = JSON.parse(String(init?.body)) as { login: string; password: string };
      if (body.password !== 'correct-horse')
        return json({ code: 'INVALID_PASSWORD', message: 'Invalid password' }, 401);
      return json({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
    }
    if (path === PROFILE_PATHS.user) {
      return json({ email: 'aigerim@example.kz', firstname: 'Aigerim', lastname: 'Bekova', lang: 'en' });
    }
    if (path === PROFILE_PATHS.companies) {
      return json([
        { bin: '990340005977', nameRu: 'ТОО Альфа', shortNameRu: null, isMainCompany: false },
        { bin: '020540003431', nameRu: 'АО Бета', shortNameRu: null, isMainCompany: true },
      ]);
    }
    if (path === ACCOUNT_PATHS.logout) return new Response(null, { status: 200 });
    return json({ code: 'ROUTE_NOT_FOUND', message: 'not found' }, 404);
  });
}

describe('account widgets on the real sdk', () => {
  beforeEach(async () => {
    setLocale('en');
    const client = createQoltanbaClient({
      baseUrl: BASE,
      fetch: fakeFetch(),
      storage: createMemoryStorage(),
      sessionStorage: createMemoryStorage(),
    });
    await initSession(client);
  });

  afterEach(async () => {
    await act(async () => {
      await logout();
    });
  });

  it('logs in with the form, then the switcher and the profile card follow the sdk stores', async () => {
    const onSuccess = vi.fn();
    render(
      <>
        <LoginForm onSuccess={onSuccess} />
        <CompanySwitcher />
        <ProfileCard />
      </>,
    );
    expect(screen.getByRole('button', { name: /No company selected/ })).toBeTruthy();
    expect(screen.getByText('Loading the profile…')).toBeTruthy();

    typeInto('E-mail or phone', 'aigerim@example.kz');
    typeInto('Password', 'wrong');
    pressEnter(screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement);
    await waitFor(() => expect(screen.getByText('Invalid password')).toBeTruthy());
    expect($auth.get().status).toBe('anonymous');

    typeInto('Password', 'correct-horse');
    pressEnter(screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement);
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect($auth.get().status).toBe('authenticated');

    await waitFor(() => expect(screen.getByRole('button', { name: /Company: ТОО Альфа/ })).toBeTruthy());
    await waitFor(() => expect(screen.getByText('Bekova')).toBeTruthy());
    expect(screen.getByRole('img', { name: 'Profile photo' }).getAttribute('src')).toBe(
      `${BASE}${PROFILE_PATHS.avatar}?v=0`,
    );

    fireEvent.click(screen.getByRole('button', { name: /Company:/ }));
    fireEvent.click(screen.getAllByRole('option')[1] as HTMLElement);
    expect($selectedCompanyBin.get()).toBe('020540003431');
    expect(screen.getByRole('button', { name: /Company: АО Бета/ })).toBeTruthy();
  });
});
