import { DEFAULT_LANG, type Lang } from '@qoltanba/core';
import type { AuthState } from '@qoltanba/sdk';
import type { PortalRouter } from '../app/App';

/** The attribute on `#root` naming the route whose first screen the build rendered into the page (build/prerender.mjs). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** What the first render will show, to compare with what the build prerendered. */
export interface FirstRenderState {
  lang: Lang;
  auth: AuthState;
  router: PortalRouter;
}

/**
 * Whether the first render can hydrate the HTML in `container` instead of replacing it: the build prerendered a
 * screen there for an anonymous visitor in the default language, and this visitor is one, on that route, with its
 * screen loaded. Anyone else (signed in, another language, another path the page answers) gets a fresh render.
 */
export function canHydrate(container: Element, state: FirstRenderState): boolean {
  const route = container.getAttribute(PRERENDERED_ATTRIBUTE);
  if (!route || !state.router.state.initialized) return false;
  if (state.lang !== DEFAULT_LANG || state.auth.status !== 'anonymous') return false;
  return state.router.state.matches.some(
    (match) => (match.route.handle as { name?: string } | undefined)?.name === route,
  );
}
