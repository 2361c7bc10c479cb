import './app/global.css';
import { EMBED_PAGE } from '@qoltanba/core';
import { $locale } from '@qoltanba/sdk';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router';
import { App, createPortalRouter } from './app/App';
import { whenRouterReady } from './app/whenRouterReady';
import { bootPortal } from './boot/bootPortal';
import { resolvePortalEnv } from './boot/portalEnv';
import { loadPortalTexts } from './i18n';
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
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
});
