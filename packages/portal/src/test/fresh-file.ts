import { PropertySymbol } from 'happy-dom';
import { vi } from 'vitest';

// Vitest setup file, run first before each test file. The portal's files run without isolation (vite.config.ts: one
// worker keeps its happy-dom window, module cache and test server across files, instead of a new process, window,
// import of the app and server start per file); each file still starts as an isolated one would: fresh modules (the
// sdk's stores and locale are module state), real timers, no stubs, an empty page and storage, and no custom elements.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

/** Where vitest's happy-dom environment starts every window (vite.config.ts sets no url). */
const START_URL = 'http://localhost:3000/';

// Files that ask for the node environment have no page.
if (typeof document !== 'undefined') {
  // A page that navigated (window.location.assign: the invoice download) can leave the window on another address
  // (about:blank, where no cookie is kept): back to the start address first.
  (globalThis as { happyDOM?: { setURL(url: string): void } }).happyDOM?.setURL(START_URL);
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expires every cookie without importing the sdk before the reset.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  // The fresh modules inject their styles again (vanilla-extract in development); the last file's would pile up.
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const name of document.documentElement.getAttributeNames())
    document.documentElement.removeAttribute(name);
  // The app shell's help widget queue (window.QoltanbaHelp) is a page global, as on a fresh page it is not there yet.
  delete (window as { QoltanbaHelp?: unknown }).QoltanbaHelp;

  // A page defines each custom element once and cannot take it back; happy-dom's registry is emptied instead.
  const registry = customElements as unknown as Record<symbol, Map<unknown, unknown>>;
  for (const table of [PropertySymbol.registry, PropertySymbol.classRegistry, PropertySymbol.callbacks]) {
    registry[table]?.clear();
  }
}
