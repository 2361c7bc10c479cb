import { ApiError, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inputNamed, pressEnter, typeInto } from '../form/test-helpers';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { type RecoveryActions, RecoveryForm } from './RecoveryForm';
import * as stories from './RecoveryForm.stories';

function fakeActions(overrides: Partial<RecoveryActions> = {}) {
  return {
    requestRecoveryCode: vi.fn<RecoveryActions['requestRecoveryCode']>(async () => ({
      resendAfterSeconds: 60,
      expiresInSeconds: 600,
    })),
    recoverPassword: vi.fn<RecoveryActions['recoverPassword']>(async () => {}),
    ...overrides,
  };
}

const enter = () => pressEnter(document.querySelector('form input') as HTMLInputElement);

async function toChangeStep(target = 'Aigerim@Example.kz') {
  typeInto('E-mail or phone', target);
  enter();
  await waitFor(() => expect(inputNamed('Confirmation code')).toBeTruthy());
}

describe('RecoveryForm', () => {
  beforeEach(() => setLocale('en'));

  it('requests a code for the normalised target, then changes the password with it', async () => {
    const actions = fakeActions();
    const onSuccess = vi.fn();
    render(<RecoveryForm actions={actions} onSuccess={onSuccess} />);
    expect(screen.getByRole('heading', { name: 'Password recovery' })).toBeTruthy();
    await toChangeStep('8 701 234 56 78');
    expect(actions.requestRecoveryCode).toHaveBeenCalledExactlyOnceWith({ target: '+77012345678' });
    expect(screen.getByText('Code sent to +7 701 234 56 78')).toBeTruthy();
    typeInto('Confirmation code', '123456');
    typeInto('New password', 'brand-new-pass');
    enter();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledOnce());
    expect(actions.recoverPassword).toHaveBeenCalledExactlyOnceWith({
      target: '+77012345678',
      code: '123456',
      newPassword: 'brand-new-pass',
    });
  });

  it.each([
    ['en', 'Invalid confirmation code', 'The password must be at least 8 characters long'],
    ['ru', 'Неверный код подтверждения', 'Пароль должен содержать не менее 8 символов'],
    ['kk', 'Растау коды қате', 'Құпиясөз кемінде 8 таңбадан тұруы керек'],
  ] as const)('checks the code and the new password in %s', async (lang, badCode, tooShort) => {
    const actions = fakeActions();
    render(<RecoveryForm actions={actions} />);
    await toChangeStep();
    const code = inputNamed('Confirmation code');
    const password = inputNamed('New password');
    act(() => setLocale(lang));
    fireEvent.change(code, { target: { value: '123' } });
    fireEvent.change(password, { target: { value: 'short' } });
    enter();
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByText(badCode)).toBeTruthy();
    expect(screen.getByText(tooShort)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(actions.recoverPassword).not.toHaveBeenCalled();
  });

  it('shows ACCOUNT_NOT_FOUND next to the target', async () => {
    const actions = fakeActions({
      requestRecoveryCode: vi.fn(async () => {
        throw new ApiError(404, 'ACCOUNT_NOT_FOUND', 'Account not found');
      }),
    });
    render(<RecoveryForm actions={actions} />);
    typeInto('E-mail or phone', 'nobody@example.kz');
    enter();
    await waitFor(() => expect(inputNamed('E-mail or phone').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Account not found')).toBeTruthy();
  });

  it('shows a server INVALID_CODE at the code, keeping the new password typed', async () => {
    const actions = fakeActions({
      recoverPassword: vi.fn(async () => {
        throw new ApiError(400, 'INVALID_CODE', 'Invalid confirmation code');
      }),
    });
    render(<RecoveryForm actions={actions} />);
    await toChangeStep();
    typeInto('Confirmation code', '000000');
    typeInto('New password', 'brand-new-pass');
    enter();
    await waitFor(() => expect(inputNamed('Confirmation code').getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(inputNamed('Confirmation code'));
    expect(inputNamed('New password').value).toBe('brand-new-pass');
  });

  it('validates an empty target and links back to login', async () => {
    const onNavigate = vi.fn();
    const actions = fakeActions();
    render(<RecoveryForm actions={actions} onNavigate={onNavigate} />);
    enter();
    await waitFor(() => expect(screen.getByText('Fill in this field')).toBeTruthy());
    expect(actions.requestRecoveryCode).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(onNavigate).toHaveBeenCalledExactlyOnceWith('login');
  });

  it('has no axe violations on either step', async () => {
    const { container } = render(<RecoveryForm actions={fakeActions()} />);
    await expectNoAxeViolations(container);
    await toChangeStep();
    await expectNoAxeViolations(container);
  });
});

describe('RecoveryForm stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('form')).toBeTruthy());
});
