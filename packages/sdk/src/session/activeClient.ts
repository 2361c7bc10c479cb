import type { QoltanbaClient } from './client';

let current: QoltanbaClient | undefined;

/** Makes `client` the one the session stores and actions use (done by `initSession`). */
export function setActiveClient(client: QoltanbaClient): void {
  current = client;
}

/** The client bound by `initSession`; throws when the session was never started. */
export function activeClient(): QoltanbaClient {
  if (!current) throw new Error('@qoltanba/sdk: call initSession(createQoltanbaClient()) first');
  return current;
}

/** Whether a client was bound (by `initSession` or {@link setActiveClient}); embedded elements bind one if not. */
export function hasActiveClient(): boolean {
  return current !== undefined;
}
