import { LAST_PROJECT_HREF_COOKIE, LAST_PROJECT_HREF_HOURS } from '@qoltanba/core';
import { writeCookie } from '../cookies';

const active = new WeakMap<Window, () => void>();

/**
 * Keeps cookie `lastProjectHref` equal to the URL-encoded current address (path `/`, optional domain,
 * LAST_PROJECT_HREF_HOURS hours): written at once, on every navigation (popstate, history.pushState /
 * replaceState, which are wrapped and restored on cleanup) and on every click (capture phase).
 * One tracker per window: starting another stops the previous one. Returns the cleanup; a no-op on node.
 */
export function trackLastProjectHref(options: { domain?: string; win?: Window } = {}): () => void {
  const win = options.win ?? (typeof window === 'undefined' ? undefined : window);
  if (!win) return () => {};
  active.get(win)?.();

  const cookieOptions = {
    hours: LAST_PROJECT_HREF_HOURS,
    path: '/',
    ...(options.domain ? { domain: options.domain } : {}),
  };
  const write = () => writeCookie(LAST_PROJECT_HREF_COOKIE, win.location.href, cookieOptions, win.document);

  const { history } = win;
  const originalPush = history.pushState;
  const originalReplace = history.replaceState;
  let running = true;
  const wrap = (original: History['pushState']): History['pushState'] =>
    function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      if (running) write();
    };
  const wrappedPush = wrap(originalPush);
  const wrappedReplace = wrap(originalReplace);
  history.pushState = wrappedPush;
  history.replaceState = wrappedReplace;
  win.addEventListener('popstate', write);
  win.document.addEventListener('click', write, true);
  write();

  const cleanup = () => {
    if (!running) return;
    running = false;
    // Only restore what is still ours: a later wrapper stays in place and our layer turns inert.
    if (history.pushState === wrappedPush) history.pushState = originalPush;
    if (history.replaceState === wrappedReplace) history.replaceState = originalReplace;
    win.removeEventListener('popstate', write);
    win.document.removeEventListener('click', write, true);
    if (active.get(win) === cleanup) active.delete(win);
  };
  active.set(win, cleanup);
  return cleanup;
}
