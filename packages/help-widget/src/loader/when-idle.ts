/**
 * Runs `task` when the browser is idle (`requestIdleCallback`, at most `timeout` ms later), or after a short delay
 * where there is no such thing (Safari).
 */
export function whenIdle(win: Window, task: () => void, timeout = 5000): void {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(task, { timeout });
  else win.setTimeout(task, 1500);
}
