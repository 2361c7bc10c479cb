import { $snackbars, dismissSnackbar, setLocale, showSnackbar } from '@qoltanba/sdk';
import { composeStories } from '@storybook/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../test-support/axe';
import { Snackbar } from './Snackbar';
import * as stories from './Snackbar.stories';

function clearAll(): void {
  for (const { id } of $snackbars.get()) dismissSnackbar(id);
}

describe('Snackbar', () => {
  beforeEach(() => setLocale('kk'));
  afterEach(clearAll);

  it('renders nothing visible without snackbars', () => {
    const { container } = render(<Snackbar />);
    expect(container.firstElementChild?.childElementCount).toBe(0);
  });

  it('announces errors as alerts and other kinds as status, oldest first', () => {
    render(<Snackbar />);
    act(() => {
      showSnackbar({ message: 'Saved', kind: 'success' });
      showSnackbar({ message: 'Document is already signed', kind: 'error' });
      showSnackbar({ message: 'Heads up' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Document is already signed');
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Saved', 'Heads up']);
    const order = Array.from(
      document.querySelectorAll('[role="status"], [role="alert"]'),
      (el) => el.textContent,
    );
    expect(order).toEqual(['Saved', 'Document is already signed', 'Heads up']);
  });

  it('dismisses a snackbar with its close button, labelled in the current language', () => {
    render(<Snackbar />);
    act(() => {
      showSnackbar({ message: 'First', timeoutMs: 0 });
      showSnackbar({ message: 'Second', timeoutMs: 0 });
    });
    const closeButtons = screen.getAllByRole('button', { name: 'Жабу' });
    expect(closeButtons).toHaveLength(2);
    fireEvent.click(closeButtons[0] as HTMLElement);
    expect($snackbars.get().map((s) => s.message)).toEqual(['Second']);
    expect(screen.queryByText('First')).toBeNull();
    act(() => setLocale('ru'));
    expect(screen.getByRole('button', { name: 'Закрыть' })).toBeTruthy();
  });

  it('disappears after the default 5 s timeout', () => {
    vi.useFakeTimers();
    try {
      render(<Snackbar />);
      act(() => {
        showSnackbar({ message: 'Temporary' });
      });
      expect(screen.getByText('Temporary')).toBeTruthy();
      act(() => vi.advanceTimersByTime(4999));
      expect(screen.getByText('Temporary')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByText('Temporary')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('has no axe violations with every kind shown', async () => {
    const { container } = render(<Snackbar />);
    act(() => {
      showSnackbar({ message: 'Info', kind: 'info' });
      showSnackbar({ message: 'Done', kind: 'success' });
      showSnackbar({ message: 'Failed', kind: 'error' });
    });
    await expectNoAxeViolations(container);
  });
});

describe('Snackbar stories', () => {
  afterEach(clearAll);

  it.each(Object.entries(composeStories(stories)))(
    '%s renders its snackbars without axe violations',
    async (_n, Story) => {
      const { container } = render(<Story />);
      expect(container.querySelectorAll('[role="status"], [role="alert"]').length).toBeGreaterThan(0);
      await expectNoAxeViolations(container);
    },
  );
});
