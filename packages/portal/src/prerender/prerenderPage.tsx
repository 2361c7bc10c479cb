// The build's server-side entry (`vite build --ssr`, run by build/prerender.mjs): renders a public page's first
// screen to HTML as an anonymous visitor in the default language sees it, so the browser paints it from the HTML
// before the entry has downloaded and run (issue 22's LCP); main.tsx then hydrates it (prerenderedRoute.ts).
import { DEFAULT_LANG } from '@qoltanba/core';
import { setLocale } from '@qoltanba/sdk';
import { lightTheme } from '@qoltanba/widgets';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppFrame } from '../app/App';
import { loadPortalTexts } from '../i18n';
import { createPortalRoutes } from '../routes/createPortalRoutes';

/**
 * The class `<body>` of a prerendered page carries from the start: the theme's custom properties (spacing, colours)
 * that bootPortal sets before the first render; without it the HTML paints unspaced until the JS runs, then shifts.
 */
export const PRERENDERED_BODY_CLASS: string = lightTheme;

/** The prerender's origin: only the path matters to the routes. */
const ORIGIN = 'http://prerender.invalid';

/**
 * The HTML of the app at `path` (the inside of `#root`) for an anonymous visitor in the default language, with
 * the route's lazy screen and lazy widgets loaded. Throws when the path redirects or fails: a page that cannot be prerendered is a
 * build error, not a blank page.
 */
export async function prerenderPage(path: string): Promise<string> {
  setLocale(DEFAULT_LANG, { persist: false });
  await loadPortalTexts(DEFAULT_LANG);
  // The cabinet's index redirects by viewport width: the prerendered paths are below it, never it.
  const handler = createStaticHandler(createPortalRoutes({ viewportWidth: () => 0 }));
  const context = await handler.query(new Request(new URL(path, ORIGIN)));
  if (context instanceof Response) throw new Error(`prerender ${path}: answered ${context.status}`);
  if (context.errors) throw new Error(`prerender ${path}: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The static prerender waits for lazy parts (the verification dropzone on /check) instead of leaving them to
  // the client, which would insert them under what is already painted and shift it.
  const { prelude } = await prerender(
    <StrictMode>
      <AppFrame>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppFrame>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
