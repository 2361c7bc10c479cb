import { setLocale } from '@qoltanba/sdk';
import { composeStories } from '@storybook/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inputNamed, pressEnter, typeInto } from '../form/test-helpers';
import { expectNoAxeViolations } from '../test-support/axe';
import { type AuthActions, AuthDialog, type AuthDialogProps } from './AuthDialog';
import * as stories from './AuthDialog.stories';

function fakeActions(): AuthActions {
  return {
    loginWithPassword: vi.fn(async () => {}),
    requestCode: vi.fn(async () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 })),
    loginWithCode: vi.fn(async () => {}),
    verifyRegistrationCode: vi.fn(async () => ({ registrationToken: 't', expires_in: 600 })),
    completeRegistration: vi.fn(async () => {}),
    requestRecoveryCode: vi.fn(async () => ({ resendAfterSeconds: 60, expiresInSeconds: 600 })),
    recoverPassword: vi.fn(async () => {}),
  };
}

// A page with a trigger button, as the portal has.
function Page(props: Partial<AuthDialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open login
      </button>
      <AuthDialog actions={fakeActions()} {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function openFromButton(props: Partial<AuthDialogProps> = {}) {
  render(<Page {...props} />);
  const trigger = screen.getByRole('button', { name: 'Open login' });
  trigger.focus();
  fireEvent.click(trigger);
  return trigger;
}

describe('AuthDialog', () => {
  beforeEach(() => setLocale('en'));

  it('renders nothing while closed', () => {
    render(<AuthDialog open={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a modal dialog named by the view heading, focusing the first field', () => {
    openFromButton();
    const dialog = screen.getByRole('dialog', { name: 'Log in' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(inputNamed('E-mail or phone'));
  });

  it('closes on Esc and gives focus back to the trigger', () => {
    const trigger = openFromButton();
    fireEvent.keyDown(inputNamed('E-mail or phone'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with the close button, labelled in the current language', () => {
    const trigger = openFromButton();
    act(() => setLocale('ru'));
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps Tab inside: wraps from the last control to the first and back', () => {
    openFromButton();
    const dialog = screen.getByRole('dialog');
    const controls = Array.from(dialog.querySelectorAll<HTMLElement>('button, input'));
    const first = controls[0] as HTMLElement;
    const last = controls[controls.length - 1] as HTMLElement;
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('pulls focus back when it lands outside', () => {
    const trigger = openFromButton();
    trigger.focus();
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });

  it('switches to registration and recovery and back, renaming the dialog', () => {
    openFromButton();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByRole('dialog', { name: 'Registration' })).toBeTruthy();
    expect(document.activeElement).toBe(inputNamed('E-mail or phone'));
    fireEvent.click(screen.getByRole('button', { name: 'Already have an account? Log in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('dialog', { name: 'Password recovery' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it('renders in place by default (inheriting the theme) and into `container` when given', () => {
    const inPlace = render(<AuthDialog open onClose={() => {}} actions={fakeActions()} />);
    expect(inPlace.container.querySelector('[role="dialog"]')).toBeTruthy();
    inPlace.unmount();
    const layer = document.createElement('div');
    document.body.append(layer);
    try {
      const other = render(<AuthDialog open onClose={() => {}} actions={fakeActions()} container={layer} />);
      expect(other.container.querySelector('[role="dialog"]')).toBeNull();
      expect(layer.querySelector('[role="dialog"]')).toBeTruthy();
      other.unmount();
    } finally {
      layer.remove();
    }
  });

  it('opens on the requested view', () => {
    openFromButton({ initialView: 'recover' });
    expect(screen.getByRole('dialog', { name: 'Password recovery' })).toBeTruthy();
  });

  it('reports success and closes after a login', async () => {
    const onSuccess = vi.fn();
    const actions = fakeActions();
    const trigger = openFromButton({ onSuccess, actions });
    typeInto('E-mail or phone', 'aigerim@example.kz');
    typeInto('Password', 'correct-horse');
    pressEnter(inputNamed('Password'));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledExactlyOnceWith('login'));
    expect(actions.loginWithPassword).toHaveBeenCalledWith({
      login: 'aigerim@example.kz',
      password: 'correct-horse',
    });
    // The dialog closes and hands focus back in effects after the success callback, so wait for both.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('has no axe violations', async () => {
    openFromButton();
    await expectNoAxeViolations(document.body);
  });
});

describe('AuthDialog stories', () => {
  beforeEach(() => setLocale('kk'));
  const { FromAButton, Login, Recovery, Registration } = composeStories(stories);

  it('tests every story below', () => {
    expect(Object.keys(composeStories(stories)).sort()).toEqual([
      'FromAButton',
      'Login',
      'Recovery',
      'Registration',
    ]);
  });

  it.each([
    ['Login', Login, 'Жүйеге кіру'],
    ['Registration', Registration, 'Тіркелу'],
    ['Recovery', Recovery, 'Құпиясөзді қалпына келтіру'],
  ] as const)(
    '%s shows the open modal dialog on its view, without axe violations',
    async (_n, Story, title) => {
      render(<Story />);
      expect(screen.getByRole('dialog', { name: title }).getAttribute('aria-modal')).toBe('true');
      await expectNoAxeViolations(document.body);
    },
  );

  it('FromAButton shows only its button until pressed, then the login dialog, without axe violations', async () => {
    render(<FromAButton />);
    expect(screen.queryByRole('dialog')).toBeNull();
    await expectNoAxeViolations(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('dialog', { name: 'Жүйеге кіру' }).getAttribute('aria-modal')).toBe('true');
    await expectNoAxeViolations(document.body);
  });
});
