import type { Lang } from '@qoltanba/core';
import {
  createMemoryStorage,
  createQoltanbaClient,
  hasActiveClient,
  type QoltanbaClient,
  setActiveClient,
} from '@qoltanba/sdk';

// The module's own address: the script tag a partner added, so by default the elements talk to the server that
// served them. Outside http(s) (tests) requests stay relative.
const scriptOrigin = (() => {
  try {
    const url = new URL(import.meta.url);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : '';
  } catch {
    return '';
  }
})();

/** The server origin an element talks to: its `api-base` attribute (trailing slash dropped), else the script's. */
export function serverOrigin(apiBase: string | undefined): string {
  return apiBase ? apiBase.replace(/\/+$/, '') : scriptOrigin;
}

// Nothing of the host page is read or written: tokens live in memory, and no cookie is looked at.
const noCookies = { cookie: '' } as unknown as Document;

/**
 * An sdk client for an element on a partner's page: requests go to `baseUrl` in the element's language, with no
 * token from the host's storage or cookies (the embed token or the public API is the only credential).
 */
export function createElementClient(baseUrl: string, getLang: () => Lang): QoltanbaClient {
  return createQoltanbaClient({
    baseUrl,
    getLang,
    storage: createMemoryStorage(),
    sessionStorage: createMemoryStorage(),
    doc: noCookies,
  });
}

/**
 * The sdk's NCALayer signing reads the server's signing config through its active client (NCALayer's address, the
 * development test signer); an element bound to a server makes a client for it the active one unless the page
 * already runs one (the portal).
 */
export function ensureActiveClient(baseUrl: string, getLang: () => Lang): void {
  if (!hasActiveClient()) setActiveClient(createElementClient(baseUrl, getLang));
}
