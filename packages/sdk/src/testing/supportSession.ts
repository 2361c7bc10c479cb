import { SUPPORT_IDENTITY_HEADER, SUPPORT_VISITOR_HEADER } from '@qoltanba/core';
import { initSession } from '../session/initSession';
import { FAKE_BASE_URL, type FakeServer } from './fakeServer';
import { setupClient } from './setupSession';

// Test helper of the support tests, not exported by the package.

/**
 * A client logged in as the default account, an operator unless `operator` is false; session stores started. The
 * fake's access tokens are JWT-shaped, as the server's (the support identity store keys its kept token by user).
 */
export async function setupOperator(operator = true) {
  const setup = setupClient({}, { jwtAccessTokens: true });
  if (operator) setup.server.support.grantOperator();
  setup.client.storeTokens(setup.server.issue());
  await initSession(setup.client);
  return setup;
}

/** Calls a support visitor route on the fake as the help widget would: with the visitor or identity header. */
export function asVisitor(
  server: FakeServer,
  credential: { visitorToken: string } | { identityToken: string },
) {
  const headers: Record<string, string> =
    'visitorToken' in credential
      ? { [SUPPORT_VISITOR_HEADER]: credential.visitorToken }
      : { [SUPPORT_IDENTITY_HEADER]: credential.identityToken };
  return (path: string, init: RequestInit = {}) =>
    server.fetch(`${FAKE_BASE_URL}${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
}

/** A sleep that waits until the test releases it, recording each requested delay. */
export function sleepGate() {
  const delays: number[] = [];
  const waiting: Array<() => void> = [];
  return {
    delays,
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        delays.push(ms);
        waiting.push(resolve);
      }),
    /** Ends the oldest pending sleep; false when none is pending. */
    release(): boolean {
      const next = waiting.shift();
      next?.();
      return next !== undefined;
    },
    pending: () => waiting.length,
  };
}

/** A PNG's first bytes (enough for recognition by content). */
export function pngFile(name = 'screen.png'): File {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}
