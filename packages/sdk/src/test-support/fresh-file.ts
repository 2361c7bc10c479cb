import { vi } from 'vitest';
import { deleteCookie } from '../cookies';

// Vitest setup file. The sdk's tests run without isolation (vitest.config.ts) so a worker's files share one real
// server (`testServerPerFile`); each file still starts on fresh modules (the sdk's stores are module state), real
// timers, and empty browser storage and cookies, as an isolated file would.
vi.resetModules();
// Fake timers, stubbed globals and environment variables of the worker's previous file end with it.
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
if (typeof document !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
}
