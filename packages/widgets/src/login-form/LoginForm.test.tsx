import { ApiError, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inputNamed, pressEnter, typeInto } from '../form/test-helpers';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { type LoginActions, LoginForm } from './LoginForm';
import * as stories from './LoginForm.stories';

function fakeActions(overrides: Partial<LoginActions> = {}) {
  return {
    loginWithPassword: vi.fn<LoginActions['loginWithPassword']>(async () => {}),
    requestCode: vi.fn<LoginActions['requestCode']>(async () => ({
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    })),
    loginWithCode: vi.fn<LoginActions['loginWithCode']>(async () => {}),
    ...overrides,
  };
}

const field = inputNamed;
const type = typeInto;
const submit = () => pressEnter(document.querySelector('input') as HTMLInputElement);

describe('LoginForm, password', () => {
  beforeEach(() => setLocale('en'));

  it('labels its fields and tabs in the current language', () => {
    render(<LoginForm actions={fakeActions()} />);
    expect(screen.getByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Password' }).getAttribute('aria-selected')).toBe('true');
    expect(field('E-mail or phone').getAttribute('autocomplete')).toBe('username');
    expect(field('Password').type).toBe('password');
    // Only the input is labelled "Password" (the tab panel is named by the heading), so getByLabel finds one.
    expect(screen.getAllByLabelText('Password')).toEqual([field('Password')]);
    expect(screen.getByRole('tabpanel', { name: 'Log in' })).toBeTruthy();
    act(() => setLocale('ru'));
    expect(screen.getByRole('heading', { name: 'Вход в систему' })).toBeTruthy();
    expect(field('Пароль')).toBeTruthy();
    act(() => setLocale('kk'));
    expect(field('Электрондық пошта немесе телефон')).toBeTruthy();
  });

  it.each([
    ['en', 'Invalid e-mail or phone number', 'Fill in this field'],
    ['ru', 'Неверный e-mail или номер телефона', 'Заполните это поле'],
    ['kk', 'Электрондық пошта немесе телефон нөмірі қате енгізілген', 'Осы өрісті толтырыңыз'],
  ] as const)(
    'validates on submit in %s and focuses the first invalid field',
    async (lang, invalidLogin, required) => {
      setLocale(lang);
      const actions = fakeActions();
      render(<LoginForm actions={actions} />);
      const login = screen.getAllByRole('textbox')[0] as HTMLInputElement;
      fireEvent.change(login, { target: { value: '12345' } });
      submit();
      await waitFor(() => expect(document.activeElement).toBe(login));
      expect(login.getAttribute('aria-invalid')).toBe('true');
      const describedBy = (login.getAttribute('aria-describedby') ?? '').split(' ');
      expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(invalidLogin);
      expect(screen.getByText(required)).toBeTruthy();
      expect(actions.loginWithPassword).not.toHaveBeenCalled();
    },
  );

  it('calls loginWithPassword with the normalised login, then onSuccess', async () => {
    const actions = fakeActions();
    const onSuccess = vi.fn();
    render(<LoginForm actions={actions} onSuccess={onSuccess} />);
    type('E-mail or phone', ' 8 (701) 234-56-78 ');
    type('Password', 'correct-horse');
    submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(actions.loginWithPassword).toHaveBeenCalledExactlyOnceWith({
      login: '+77012345678',
      password: 'correct-horse',
    });
  });

  it('shows the busy state and ignores a second submit while the request runs', async () => {
    let finish = () => {};
    const actions = fakeActions({
      loginWithPassword: vi.fn(() => new Promise<void>((resolve) => (finish = resolve))),
    });
    render(<LoginForm actions={actions} />);
    type('E-mail or phone', 'Aigerim@Example.kz');
    type('Password', 'secret');
    submit();
    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    submit();
    expect(actions.loginWithPassword).toHaveBeenCalledTimes(1);
    expect(actions.loginWithPassword).toHaveBeenCalledWith({
      login: 'aigerim@example.kz',
      password: 'secret',
    });
    await act(async () => finish());
    expect(button.getAttribute('aria-busy')).toBeNull();
  });

  it('puts INVALID_PASSWORD next to the password, keeping what was typed', async () => {
    const actions = fakeActions({
      loginWithPassword: vi.fn(async () => {
        throw new ApiError(401, 'INVALID_PASSWORD', 'Invalid password');
      }),
    });
    render(<LoginForm actions={actions} />);
    type('E-mail or phone', 'aigerim@example.kz');
    type('Password', 'wrong');
    submit();
    const password = field('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(password);
    expect(screen.getByText('Invalid password')).toBeTruthy();
    expect(password.value).toBe('wrong');
    expect(field('E-mail or phone').value).toBe('aigerim@example.kz');
    act(() => setLocale('ru'));
    expect(screen.getByText('Неверный пароль')).toBeTruthy();
  });

  it('puts ACCOUNT_NOT_FOUND next to the login', async () => {
    const actions = fakeActions({
      loginWithPassword: vi.fn(async () => {
        throw new ApiError(404, 'ACCOUNT_NOT_FOUND', 'Account not found');
      }),
    });
    render(<LoginForm actions={actions} />);
    type('E-mail or phone', 'nobody@example.kz');
    type('Password', 'whatever');
    submit();
    await waitFor(() => expect(field('E-mail or phone').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Account not found')).toBeTruthy();
  });

  it('shows ACCOUNT_BLOCKED in the alert with the unlock time from the server, in Almaty time', async () => {
    const actions = fakeActions({
      loginWithPassword: vi.fn(async () => {
        throw new ApiError(423, 'ACCOUNT_BLOCKED', 'server text', {
          params: { until: '2026-03-01T10:15:00Z' },
        });
      }),
    });
    render(<LoginForm actions={actions} />);
    type('E-mail or phone', 'aigerim@example.kz');
    type('Password', 'correct-horse');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(
        /^The account is temporarily blocked until 1 Mar 2026, 15:15 \(UTC\+5\)$/,
      ),
    );
  });

  it('shows the slow-down of password login in the alert and offers login by code, which stays open', async () => {
    const requestCode = vi.fn(async () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 }));
    const actions = fakeActions({
      loginWithPassword: vi.fn(async () => {
        throw new ApiError(429, 'RATE_LIMITED', 'server text', { params: { retryAfter: 32 } });
      }),
      requestCode,
    });
    render(<LoginForm actions={actions} />);
    expect(screen.queryByRole('button', { name: 'Log in with a one-time code instead' })).toBeNull();
    type('E-mail or phone', 'aigerim@example.kz');
    type('Password', 'correct-horse');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again in 32 seconds'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log in with a one-time code instead' }));
    expect(screen.getByRole('tab', { name: 'Code' }).getAttribute('aria-selected')).toBe('true');
    expect(field('E-mail or phone').value).toBe('aigerim@example.kz');
    submit();
    await waitFor(() =>
      expect(requestCode).toHaveBeenCalledWith({
        purpose: 'otp',
        channel: 'email',
        target: 'aigerim@example.kz',
      }),
    );
  });

  it('offers login by code when password login is blocked, not after a wrong password', async () => {
    let refusal = new ApiError(401, 'INVALID_PASSWORD', 'server text');
    const actions = fakeActions({
      loginWithPassword: vi.fn(async () => {
        throw refusal;
      }),
    });
    render(<LoginForm actions={actions} />);
    type('E-mail or phone', 'aigerim@example.kz');
    type('Password', 'wrong-horse');
    submit();
    await waitFor(() => expect(field('Password').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('button', { name: 'Log in with a one-time code instead' })).toBeNull();
    refusal = new ApiError(423, 'ACCOUNT_BLOCKED', 'server text', {
      params: { until: '2026-03-01T10:15:00Z' },
    });
    submit();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Log in with a one-time code instead' })).toBeTruthy(),
    );
  });

  it('shows a generic message for failures that are not API errors', async () => {
    const actions = fakeActions({
      loginWithPassword: vi.fn(async () => {
        throw new TypeError('boom');
      }),
    });
    render(<LoginForm actions={actions} />);
    type('E-mail or phone', 'aigerim@example.kz');
    type('Password', 'x');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again later.'),
    );
  });

  it('toggles the password visibility', () => {
    render(<LoginForm actions={fakeActions()} />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(field('Password').type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('navigates to registration and recovery', () => {
    const onNavigate = vi.fn();
    render(<LoginForm actions={fakeActions()} onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(onNavigate.mock.calls).toEqual([['register'], ['recover']]);
  });
});

describe('LoginForm, code', () => {
  beforeEach(() => setLocale('en'));

  it('switches tabs with the arrow keys, keeping the login typed', () => {
    render(<LoginForm actions={fakeActions()} />);
    type('E-mail or phone', 'aigerim@example.kz');
    const passwordTab = screen.getByRole('tab', { name: 'Password' });
    passwordTab.focus();
    fireEvent.keyDown(passwordTab, { key: 'ArrowRight' });
    const codeTab = screen.getByRole('tab', { name: 'Code' });
    expect(codeTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(codeTab);
    expect(field('E-mail or phone').value).toBe('aigerim@example.kz');
    expect(screen.queryByLabelText('Password', { selector: 'input' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('infers the sms channel from a phone, sends the code, then logs in with it', async () => {
    const actions = fakeActions();
    const onSuccess = vi.fn();
    render(<LoginForm actions={actions} initialMethod="code" onSuccess={onSuccess} />);
    type('E-mail or phone', '+7 701 234 56 78');
    submit();
    await waitFor(() => expect(screen.getByText('Code sent to +7 701 234 56 78')).toBeTruthy());
    expect(actions.requestCode).toHaveBeenCalledExactlyOnceWith({
      purpose: 'otp',
      channel: 'sms',
      target: '+77012345678',
    });
    const code = field('Confirmation code');
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    type('Confirmation code', '123 456');
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(actions.loginWithCode).toHaveBeenCalledExactlyOnceWith({
      channel: 'sms',
      target: '+77012345678',
      code: '123456',
    });
  });

  it('infers the email channel from an e-mail and shows INVALID_CODE at the code field', async () => {
    const actions = fakeActions({
      loginWithCode: vi.fn(async () => {
        throw new ApiError(400, 'INVALID_CODE', 'Invalid confirmation code');
      }),
    });
    render(<LoginForm actions={actions} initialMethod="code" />);
    type('E-mail or phone', 'Aigerim@Example.kz');
    submit();
    await waitFor(() => expect(field('Confirmation code')).toBeTruthy());
    expect(actions.requestCode).toHaveBeenCalledWith({
      purpose: 'otp',
      channel: 'email',
      target: 'aigerim@example.kz',
    });
    type('Confirmation code', '12');
    submit();
    await waitFor(() => expect(screen.getByText('Invalid confirmation code')).toBeTruthy());
    expect(actions.loginWithCode).not.toHaveBeenCalled();
    type('Confirmation code', '000000');
    await waitFor(() => expect(actions.loginWithCode).toHaveBeenCalledOnce());
    await waitFor(() => expect(field('Confirmation code').getAttribute('aria-invalid')).toBe('true'));
    expect(field('Confirmation code').value).toBe('000000');
  });

  it('goes back to change the e-mail or phone', async () => {
    render(<LoginForm actions={fakeActions()} initialMethod="code" />);
    type('E-mail or phone', 'aigerim@example.kz');
    submit();
    await waitFor(() => expect(field('Confirmation code')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail or phone' }));
    expect(field('E-mail or phone').value).toBe('aigerim@example.kz');
  });

  it('shows RATE_LIMITED from the server in the alert', async () => {
    const actions = fakeActions({
      requestCode: vi.fn(async () => {
        throw new ApiError(429, 'RATE_LIMITED', 'server text', { params: { retryAfter: 42 } });
      }),
    });
    render(<LoginForm actions={actions} initialMethod="code" />);
    type('E-mail or phone', 'aigerim@example.kz');
    submit();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Too many requests. Try again in 42 seconds'),
    );
  });

  it('has no axe violations in either mode', async () => {
    const { container } = render(<LoginForm actions={fakeActions()} />);
    await expectNoAxeViolations(container);
    fireEvent.click(screen.getByRole('tab', { name: 'Code' }));
    await expectNoAxeViolations(container);
  });
});

describe('LoginForm stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('form')).toBeTruthy());
});
