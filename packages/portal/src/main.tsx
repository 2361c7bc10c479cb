import './app/global.css';
import { EMBED_PAGE } from '@qoltanba/core';
import { $auth, $locale, reportError } from '@qoltanba/sdk';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import { App, createPortalRouter } from './app/App';
import { whenRouterReady } from './app/whenRouterReady';
import { bootPortal } from './boot/bootPortal';
import { resolvePortalEnv } from './boot/portalEnv';
import { loadPortalTexts } from './i18n';
import { canHydrate, PRERENDERED_ATTRIBUTE } from './prerender/prerenderedRoute';
import {
  createPortalClient,
  embeddedClientOverrides,
  startEmbeddedSession,
  startPortalSession,
} from './session/portalSession';

const env = resolvePortalEnv(import.meta.env);
// The embed page (in a partner's iframe) has no account session: its embed token is its only credential.
const embedded = matchPath(EMBED_PAGE, window.location.pathname) !== null;

// Language, cookies and reporting must be settled before the first render reads them.
bootPortal({
  search: window.location.search,
  userAgent: window.navigator.userAgent,
  cookieDomain: env.cookieDomain,
  environment: env.environment,
  embedded,
});

const router = createPortalRouter();
const client = createPortalClient({
  cookieDomain: env.cookieDomain,
  navigate: (path) => router.navigate(path),
  ...(embedded ? { overrides: embeddedClientOverrides() } : {}),
});
// The auth state is set synchronously here, so the first render already knows who is signed in. The embed page
// has no account session, but its signing still reads the signing config through the active client.
if (embedded) startEmbeddedSession(client);
else void startPortalSession(client);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

// The first paint waits for the first route's screen (preloaded beside the entry on `/`), so nothing shifts, and for
// the strings of its language (a failed fetch renders anyway: the route's error screen or the retry on a switch).
const firstTexts = loadPortalTexts($locale.get()).catch(() => undefined);
void Promise.all([whenRouterReady(router), firstTexts]).then(() => {
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  // A page the build prerendered (pages/main.html, check, cabinet) is hydrated when this visitor sees what it shows;
  // otherwise its HTML is replaced in the same task as the render, before anything else is painted.
  const hydrate = canHydrate(container, { lang: $locale.get(), auth: $auth.get(), router });
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  if (hydrate) {
    // As a transition the hydration yields to the browser every few milliseconds instead of one long task: the page
    // is already painted, and a long task here is what Lighthouse's TBT counts after the early first paint.
    startTransition(() => {
      hydrateRoot(container, app, {
        // React recovers from a mismatch by rendering afresh; it is still a bug in the prerender to report.
        onRecoverableError: (error) => reportError(error, { action: 'hydrate-prerendered-page' }),
      });
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
});
