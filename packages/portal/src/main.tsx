import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createPortalRouter } from './app/App';
import { bootPortal } from './boot/bootPortal';
import { resolvePortalEnv } from './boot/portalEnv';
import { createPortalClient, startPortalSession } from './session/portalSession';

const env = resolvePortalEnv(import.meta.env);

// Language, cookies and reporting must be settled before the first render reads them.
bootPortal({
  search: window.location.search,
  userAgent: window.navigator.userAgent,
  cookieDomain: env.cookieDomain,
  environment: env.environment,
});

const router = createPortalRouter();
const client = createPortalClient({
  cookieDomain: env.cookieDomain,
  navigate: (path) => router.navigate(path),
});
// The auth state is set synchronously here, so the first render already knows who is signed in.
void startPortalSession(client);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
