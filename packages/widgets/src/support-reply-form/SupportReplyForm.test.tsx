import { SUPPORT_MESSAGE_MAX } from '@qoltanba/core';
import { ApiError, setLocale } from '@qoltanba/sdk';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { SupportReplyForm } from './SupportReplyForm';
import * as stories from './SupportReplyForm.stories';

const field = () => screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(field(), { target: { value } });

function gate() {
  let release: () => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const promise = new Promise<void>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { promise, release, fail };
}

describe('SupportReplyForm', () => {
  beforeEach(() => setLocale('en'));

  it('sends on Enter, trimmed, is read-only and not sendable meanwhile, then empties', async () => {
    const pending = gate();
    const onSend = vi.fn(() => pending.promise);
    render(<SupportReplyForm onSend={onSend} />);
    type('  Здравствуйте!  ');
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Здравствуйте!');
    expect(field().readOnly).toBe(true);
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSend).toHaveBeenCalledOnce();
    pending.release();
    await waitFor(() => expect(field().value).toBe(''));
    expect(field().readOnly).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('Reply sent');
  });

  it('keeps Shift+Enter and an input method composing for the text', () => {
    const onSend = vi.fn(async () => undefined);
    render(<SupportReplyForm onSend={onSend} />);
    type('Line one');
    expect(fireEvent.keyDown(field(), { key: 'Enter', shiftKey: true })).toBe(true);
    expect(fireEvent.keyDown(field(), { key: 'Enter', isComposing: true })).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
  });

  it("checks the text with core's rule before sending, in the catalogue's words", () => {
    const onSend = vi.fn(async () => undefined);
    render(<SupportReplyForm onSend={onSend} />);
    type('   ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Write a message');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    type('я'.repeat(SUPPORT_MESSAGE_MAX + 1));
    expect(screen.getByText(`${SUPPORT_MESSAGE_MAX + 1} / ${SUPPORT_MESSAGE_MAX}`)).toBeTruthy();
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe(
      `A message must not exceed ${SUPPORT_MESSAGE_MAX} characters`,
    );
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows the refusal and keeps the text', async () => {
    const onSend = vi.fn(async () => Promise.reject(new ApiError(403, 'SUPPORT_OPERATOR_ONLY', '')));
    render(<SupportReplyForm onSend={onSend} />);
    type('Ответ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only support operators can open this section',
    );
    expect(field().value).toBe('Ответ');
    expect(document.activeElement).toBe(field());
  });

  it('says when to write again after the per-minute limit, in the current language and after a switch', async () => {
    const limited = new ApiError(429, 'RATE_LIMITED', 'server text', { params: { retryAfter: 57 } });
    render(<SupportReplyForm onSend={vi.fn(async () => Promise.reject(limited))} />);
    type('Ответ');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Try again in 57 seconds');
    act(() => setLocale('kk'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Сұраныстар тым көп. 57 секундтан соң қайталап көріңіз',
    );
  });

  it('says a closed conversation takes no reply', () => {
    render(<SupportReplyForm closed onSend={vi.fn()} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/The conversation is closed/)).toBeTruthy();
  });
});

describe('SupportReplyForm stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('form, p')).toBeTruthy());
});
