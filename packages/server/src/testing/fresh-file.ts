import { vi } from 'vitest';

// Vitest setup file. The server's test files share their worker's modules (vitest.config.ts: `isolate: false`, one
// import of the server's graph per worker instead of per file, which halved the suite); each file still starts on
// real timers and unstubbed globals and environment variables, as an isolated file would.
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
