const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside `root`, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );
}

/**
 * Keeps Tab and Shift+Tab inside `root`: from the last element Tab wraps to the first and back. Returns true
 * when it moved focus (the caller then prevents the default).
 */
export function wrapTab(root: HTMLElement, shiftKey: boolean): boolean {
  const items = focusableIn(root);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return false;
  const active = document.activeElement;
  if (shiftKey && (active === first || !root.contains(active))) {
    last.focus();
    return true;
  }
  if (!shiftKey && (active === last || !root.contains(active))) {
    first.focus();
    return true;
  }
  return false;
}
