import { ApiError, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inputNamed, pressEnter, typeInto } from '../form/test-helpers';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { type RegistrationActions, RegistrationForm } from './RegistrationForm';
import * as stories from './RegistrationForm.stories';

function fakeActions(overrides: Partial<RegistrationActions> = {}) {
  return {
    requestCode: vi.fn<RegistrationActions['requestCode']>(async () => ({
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    })),
    verifyRegistrationCode: vi.fn<RegistrationActions['verifyRegistrationCode']>(async () => ({
      registrationToken: 'ticket-1',
      expires_in: 600,
    })),
    completeRegistration: vi.fn<RegistrationActions['completeRegistration']>(async () => {}),
    ...overrides,
  };
}

const enter = () => pressEnter(document.querySelector('form input') as HTMLInputElement);
const currentStep = () => document.querySelector('[aria-current="step"]')?.textContent;

// A complete code is verified at once, without Enter.
async function toDetails() {
  typeInto('E-mail or phone', 'New@Example.kz');
  enter();
  await waitFor(() => expect(inputNamed('Confirmation code')).toBeTruthy());
  typeInto('Confirmation code', '123456');
  await waitFor(() => expect(inputNamed('First name')).toBeTruthy());
}

describe('RegistrationForm', () => {
  beforeEach(() => setLocale('en'));

  it('walks the three steps and registers with normalised values', async () => {
    const actions = fakeActions();
    const onSuccess = vi.fn();
    render(<RegistrationForm actions={actions} onSuccess={onSuccess} />);
    expect(screen.getByRole('list', { name: 'Registration steps' })).toBeTruthy();
    expect(currentStep()).toContain('E-mail or phone');
    await toDetails();
    expect(actions.requestCode).toHaveBeenCalledExactlyOnceWith({
      purpose: 'registration',
      channel: 'email',
      target: 'new@example.kz',
    });
    expect(actions.verifyRegistrationCode).toHaveBeenCalledExactlyOnceWith({
      channel: 'email',
      target: 'new@example.kz',
      code: '123456',
    });
    expect(currentStep()).toContain('Your details');
    expect(document.activeElement).toBe(inputNamed('First name'));
    typeInto('First name', ' Dana ');
    typeInto('Last name', 'Sultan');
    typeInto('Password', 'long-enough-1');
    typeInto('Repeat the password', 'long-enough-1');
    enter();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(actions.completeRegistration).toHaveBeenCalledExactlyOnceWith({
      registrationToken: 'ticket-1',
      password: 'long-enough-1',
      firstname: 'Dana',
      lastname: 'Sultan',
    });
  });

  it('uses the sms channel for a phone number', async () => {
    const actions = fakeActions();
    render(<RegistrationForm actions={actions} />);
    typeInto('E-mail or phone', '8 701 234 56 78');
    enter();
    await waitFor(() => expect(screen.getByText('Code sent to +7 701 234 56 78')).toBeTruthy());
    expect(actions.requestCode).toHaveBeenCalledWith({
      purpose: 'registration',
      channel: 'sms',
      target: '+77012345678',
    });
  });

  it.each([
    ['en', 'The password must be at least 8 characters long', 'Fill in this field'],
    ['ru', 'Пароль должен содержать не менее 8 символов', 'Заполните это поле'],
    ['kk', 'Құпиясөз кемінде 8 таңбадан тұруы керек', 'Осы өрісті толтырыңыз'],
  ] as const)('checks names and the password length in %s', async (lang, tooShort, required) => {
    const actions = fakeActions();
    render(<RegistrationForm actions={actions} />);
    await toDetails();
    const [firstname, lastname, password] = ['First name', 'Last name', 'Password'].map(inputNamed);
    act(() => setLocale(lang));
    fireEvent.change(password as HTMLInputElement, { target: { value: 'short' } });
    enter();
    await waitFor(() => expect(document.activeElement).toBe(firstname));
    expect(firstname?.getAttribute('aria-invalid')).toBe('true');
    expect(lastname?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(required)).toHaveLength(2);
    expect(screen.getByText(tooShort)).toBeTruthy();
    expect(actions.completeRegistration).not.toHaveBeenCalled();
  });

  it('refuses a password over 128 characters and a repeat that differs', async () => {
    const actions = fakeActions();
    render(<RegistrationForm actions={actions} />);
    await toDetails();
    typeInto('First name', 'Dana');
    typeInto('Last name', 'Sultan');
    typeInto('Password', 'x'.repeat(129));
    enter();
    await waitFor(() =>
      expect(screen.getByText('The password must be at most 128 characters long')).toBeTruthy(),
    );
    typeInto('Password', 'long-enough-1');
    typeInto('Repeat the password', 'long-enough-2');
    enter();
    await waitFor(() => expect(screen.getByText('The passwords do not match')).toBeTruthy());
    expect(document.activeElement).toBe(inputNamed('Repeat the password'));
    expect(actions.completeRegistration).not.toHaveBeenCalled();
  });

  it('shows EMAIL_TAKEN next to the e-mail, in the current language', async () => {
    const actions = fakeActions({
      requestCode: vi.fn(async () => {
        throw new ApiError(409, 'EMAIL_TAKEN', 'This e-mail is already registered');
      }),
    });
    render(<RegistrationForm actions={actions} />);
    typeInto('E-mail or phone', 'aigerim@example.kz');
    enter();
    await waitFor(() => expect(screen.getByText('This e-mail is already registered')).toBeTruthy());
    expect(inputNamed('E-mail or phone').getAttribute('aria-invalid')).toBe('true');
    expect(inputNamed('E-mail or phone').value).toBe('aigerim@example.kz');
    act(() => setLocale('ru'));
    expect(screen.getByText('Этот e-mail уже зарегистрирован')).toBeTruthy();
  });

  it('shows INVALID_CODE at the code and can go back to change the e-mail', async () => {
    const actions = fakeActions({
      verifyRegistrationCode: vi.fn(async () => {
        throw new ApiError(400, 'INVALID_CODE', 'Invalid confirmation code');
      }),
    });
    render(<RegistrationForm actions={actions} />);
    typeInto('E-mail or phone', 'new@example.kz');
    enter();
    await waitFor(() => expect(inputNamed('Confirmation code')).toBeTruthy());
    typeInto('Confirmation code', '12345');
    enter();
    await waitFor(() => expect(screen.getByText('Invalid confirmation code')).toBeTruthy());
    expect(actions.verifyRegistrationCode).not.toHaveBeenCalled();
    typeInto('Confirmation code', '000000');
    await waitFor(() => expect(actions.verifyRegistrationCode).toHaveBeenCalledOnce());
    await waitFor(() => expect(inputNamed('Confirmation code').getAttribute('aria-invalid')).toBe('true'));
    expect(inputNamed('Confirmation code').value).toBe('000000');
    expect(screen.getByText('Invalid confirmation code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail or phone' }));
    expect(inputNamed('E-mail or phone').value).toBe('new@example.kz');
  });

  it('shows other failures of the last step in the alert and keeps the typed values', async () => {
    const actions = fakeActions({
      completeRegistration: vi.fn(async () => {
        throw new ApiError(0, 'NETWORK_ERROR', 'offline');
      }),
    });
    render(<RegistrationForm actions={actions} />);
    await toDetails();
    typeInto('First name', 'Dana');
    typeInto('Last name', 'Sultan');
    typeInto('Password', 'long-enough-1');
    typeInto('Repeat the password', 'long-enough-1');
    enter();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Could not reach the server. Check your internet connection',
      ),
    );
    expect(inputNamed('First name').value).toBe('Dana');
    expect(inputNamed('Password').value).toBe('long-enough-1');
  });

  it('links back to login', () => {
    const onNavigate = vi.fn();
    render(<RegistrationForm actions={fakeActions()} onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Log in' }));
    expect(onNavigate).toHaveBeenCalledWith('login');
  });

  it('has no axe violations on any step', async () => {
    const actions = fakeActions();
    const { container } = render(<RegistrationForm actions={actions} />);
    await expectNoAxeViolations(container);
    typeInto('E-mail or phone', 'new@example.kz');
    enter();
    await waitFor(() => expect(inputNamed('Confirmation code')).toBeTruthy());
    await expectNoAxeViolations(container);
    typeInto('Confirmation code', '123456');
    await waitFor(() => expect(inputNamed('First name')).toBeTruthy());
    await expectNoAxeViolations(container);
  });
});

describe('RegistrationForm stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('form')).toBeTruthy());
});
