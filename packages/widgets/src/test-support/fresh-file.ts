import { PropertySymbol } from 'happy-dom';
import { vi } from 'vitest';

// Vitest setup file, run first before each test file. The widgets' files run without isolation (vitest.config.ts:
// one worker keeps its happy-dom window and module cache across files, instead of a new process, window and import
// of every widget per file); each file still starts as an isolated one would: fresh modules (the sdk's stores and
// locale are module state), real timers, no stubs, an empty page and storage, and no custom elements defined.
vi.resetModules();
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();

// Files that ask for the node environment have no page.
if (typeof document !== 'undefined') {
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
  history.replaceState(null, '', '/');

  // A page defines each custom element once and cannot take it back; happy-dom's registry is emptied instead, so a
  // file that checks what an import defines (react-embed.test.tsx) sees only its own definitions.
  const registry = customElements as unknown as Record<symbol, Map<unknown, unknown>>;
  for (const table of [PropertySymbol.registry, PropertySymbol.classRegistry, PropertySymbol.callbacks]) {
    registry[table]?.clear();
  }
}
