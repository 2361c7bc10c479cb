import { ApiError, setLocale } from '@qoltanba/sdk';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-support/axe';
import { itRendersStoriesAccessibly } from '../test-support/stories';
import { SupportCloseButton } from './SupportCloseButton';
import * as stories from './SupportCloseButton.stories';

describe('SupportCloseButton', () => {
  beforeEach(() => setLocale('en'));

  it('asks first: the question takes focus, Cancel and Escape go back to the button', () => {
    const onClose = vi.fn(async () => undefined);
    render(<SupportCloseButton onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close conversation' }));
    expect(document.activeElement?.textContent).toMatch(/^Close the conversation\?/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close conversation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close conversation' }));
    fireEvent.keyDown(screen.getByRole('group'), { key: 'Escape' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes once confirmed, busy meanwhile', async () => {
    let release: () => void = () => undefined;
    const onClose = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    render(<SupportCloseButton onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close conversation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    const confirm = screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement;
    expect([confirm.disabled, confirm.getAttribute('aria-busy')]).toEqual([true, 'true']);
    fireEvent.click(confirm);
    expect(onClose).toHaveBeenCalledOnce();
    release();
    await waitFor(() => expect(screen.queryByRole('group')).toBeNull());
  });

  it('shows a refusal in the catalogue words and stays open', async () => {
    const onClose = vi.fn(async () => Promise.reject(new ApiError(403, 'SUPPORT_OPERATOR_ONLY', '')));
    const { container } = render(<SupportCloseButton onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close conversation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only support operators can open this section',
    );
    expect(screen.getByRole('group')).toBeTruthy();
    await expectNoAxeViolations(container);
  });
});

describe('SupportCloseButton stories', () => {
  beforeEach(() => setLocale('kk'));

  itRendersStoriesAccessibly(stories, (container) => expect(container.querySelector('button')).toBeTruthy());
});
