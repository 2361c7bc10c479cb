import type { PortalRouter } from './App';

/** How long the first render waits for the first route's code before it shows the loading screen instead. */
export const FIRST_ROUTE_WAIT_MS = 3000;

/**
 * Resolves once the router has loaded the first route's lazy screen (or after `waitMs`, so a slow or failed chunk
 * still gets the loading or error screen). Rendering after it paints the page whole: no loading line first that
 * the screen then pushes down, with the footer under it (the layout shift of issue 22 on `/`).
 */
export function whenRouterReady(router: PortalRouter, waitMs = FIRST_ROUTE_WAIT_MS): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    const stop = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}
