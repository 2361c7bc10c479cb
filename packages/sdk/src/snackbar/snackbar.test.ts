import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $snackbars, dismissSnackbar, showSnackbar } from './snackbar';

describe('snackbar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    for (const { id } of $snackbars.get()) dismissSnackbar(id);
    vi.useRealTimers();
  });

  it('shows an info snackbar with the 5 s default and removes it after 5 s', () => {
    const id = showSnackbar({ message: 'Сақталды' });
    expect($snackbars.get()).toEqual([{ id, message: 'Сақталды', kind: 'info', timeoutMs: 5000 }]);
    vi.advanceTimersByTime(4999);
    expect($snackbars.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($snackbars.get()).toEqual([]);
  });

  it('keeps order and dismisses each on its own timeout', () => {
    const first = showSnackbar({ message: 'a', kind: 'error', timeoutMs: 1000 });
    const second = showSnackbar({ message: 'b', kind: 'success', timeoutMs: 3000 });
    expect(first).not.toBe(second);
    expect($snackbars.get().map((s) => s.id)).toEqual([first, second]);
    vi.advanceTimersByTime(1000);
    expect($snackbars.get().map((s) => s.id)).toEqual([second]);
    vi.advanceTimersByTime(2000);
    expect($snackbars.get()).toEqual([]);
  });

  it('dismisses early and cancels the timer', () => {
    const id = showSnackbar({ message: 'x' });
    dismissSnackbar(id);
    expect($snackbars.get()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores unknown ids without notifying listeners', () => {
    showSnackbar({ message: 'x' });
    const listener = vi.fn();
    const unsubscribe = $snackbars.listen(listener);
    dismissSnackbar('nope');
    unsubscribe();
    expect(listener).not.toHaveBeenCalled();
    expect($snackbars.get()).toHaveLength(1);
  });

  it('keeps a snackbar with timeout 0 until dismissed', () => {
    const id = showSnackbar({ message: 'sticky', timeoutMs: 0 });
    vi.advanceTimersByTime(60_000);
    expect($snackbars.get().map((s) => s.id)).toEqual([id]);
  });
});
