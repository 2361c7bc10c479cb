import { ensureTemplate } from './pglite-template.js';

/** Vitest global setup: build the migrated PGlite template once, before test files clone it. */
export default async function setup(): Promise<void> {
  await ensureTemplate();
}
