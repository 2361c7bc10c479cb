import { setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inputNamed } from '../form/test-helpers';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { CodeInput, type CodeInputProps, codeDigits, formatCountdown } from './CodeInput';
import * as stories from './CodeInput.stories';

function Harness(props: Partial<CodeInputProps>) {
  const [code, setCode] = useState('');
  return <CodeInput value={code} onChange={setCode} {...props} />;
}

describe('code helpers', () => {
  it('keeps only the digits, at most six', () => {
    expect(codeDigits('Code: 123 456')).toBe('123456');
    expect(codeDigits('12-34-56-78')).toBe('123456');
    expect(codeDigits('abc')).toBe('');
  });

  it('formats a countdown as m:ss', () => {
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});

describe('CodeInput', () => {
  beforeEach(() => setLocale('en'));
  afterEach(() => vi.useRealTimers());

  it('is a numeric one-time-code field without a length cap that would cut a pasted code', () => {
    render(<Harness />);
    const input = inputNamed('Confirmation code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByText('The 6-digit code')).toBeTruthy();
  });

  it('accepts a pasted code with spaces and reports completion once', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const input = inputNamed('Confirmation code');
    fireEvent.change(input, { target: { value: '12' } });
    expect(onComplete).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' 123 456 ' } });
    expect(input.value).toBe('123456');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
    fireEvent.change(input, { target: { value: '1234567' } });
    expect(input.value).toBe('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('shows the error on the field', () => {
    render(<Harness error="Invalid confirmation code" />);
    const input = inputNamed('Confirmation code');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Invalid confirmation code',
    );
  });

  it('counts down before a resend, then asks for a new code and restarts the countdown', async () => {
    vi.useFakeTimers();
    const onResend = vi.fn(async () => ({ resendAfterSeconds: 30 }));
    render(<Harness target="aigerim@example.kz" resendAfterSeconds={60} onResend={onResend} />);
    expect(screen.getByText('Code sent to aigerim@example.kz')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Send the code again in 1:00' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onResend).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(59_000));
    expect(button.textContent).toBe('Send the code again in 0:01');
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Send the code again');
    expect(button.getAttribute('aria-disabled')).toBeNull();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(onResend).toHaveBeenCalledOnce();
    expect(button.textContent).toBe('Send the code again in 0:30');
    expect(screen.getByRole('status').textContent).toBe('A new code has been sent');
  });

  it('keeps the resend available when the resend fails', async () => {
    const onResend = vi.fn(async () => undefined);
    render(<Harness resendAfterSeconds={0} onResend={onResend} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the code again' }));
    });
    expect(onResend).toHaveBeenCalledOnce();
    expect(
      screen.getByRole('button', { name: 'Send the code again' }).getAttribute('aria-disabled'),
    ).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('speaks Kazakh and Russian', () => {
    setLocale('kk');
    render(<Harness resendAfterSeconds={5} onResend={async () => undefined} />);
    expect(inputNamed('Растау коды')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Кодты қайта жіберу: 0:05' })).toBeTruthy();
    act(() => setLocale('ru'));
    expect(inputNamed('Код подтверждения')).toBeTruthy();
    expect(screen.getByText('Код из 6 цифр')).toBeTruthy();
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Harness target="a@b.kz" resendAfterSeconds={10} onResend={async () => undefined} />,
    );
    await expectNoAxeViolations(container);
  });
});

describe('CodeInput stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) =>
    expect(container.querySelector('input[autocomplete="one-time-code"]')).toBeTruthy(),
  );
});
