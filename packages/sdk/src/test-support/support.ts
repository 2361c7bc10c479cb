import {
  SUPPORT_IDENTITY_HEADER,
  SUPPORT_PATHS,
  SUPPORT_VISITOR_HEADER,
  type SupportMessage,
} from '@qoltanba/core';
import type { TestServer } from '@qoltanba/server/testing';
import { loggedInOn } from './real-server';

// Test helpers of the sdk's support tests on the real server: the operator's side through the sdk, the visitor's
// side through the help widget's routes.

/** aigerim signed in with the session stores started; granted the support operator role unless `operator` is false. */
export async function setupOperator(server: TestServer, operator = true) {
  if (operator) await server.world.grantOperator('aigerim');
  return loggedInOn(server, 'aigerim');
}

/** A new anonymous visitor's token (as the help widget asks for one). */
export async function newVisitor(server: TestServer): Promise<string> {
  const issued = await server.directFetch(`${server.baseUrl}${SUPPORT_PATHS.visitors}`, { method: 'POST' });
  if (issued.status !== 201 && issued.status !== 200)
    throw new Error(`visitor: ${issued.status} ${await issued.text()}`);
  return ((await issued.json()) as { visitorToken: string }).visitorToken;
}

/** A visitor writes through the help widget's route (a new visitor unless `visitorToken` is given). */
export async function visitorWrites(
  server: TestServer,
  text: string,
  options: { visitorToken?: string; pageUrl?: string; language?: string } = {},
) {
  const { visitorToken = await newVisitor(server), ...context } = options;
  const res = await server.directFetch(`${server.baseUrl}${SUPPORT_PATHS.myMessages}`, {
    method: 'POST',
    headers: { [SUPPORT_VISITOR_HEADER]: visitorToken, 'content-type': 'application/json' },
    body: JSON.stringify({ text, ...context }),
  });
  if (res.status !== 201) throw new Error(`visitor message: ${res.status} ${await res.text()}`);
  return { visitorToken, message: (await res.json()) as SupportMessage };
}

/** Calls a support visitor route as the help widget would: with the visitor or identity header. */
export function asVisitor(
  server: TestServer,
  credential: { visitorToken: string } | { identityToken: string },
) {
  const headers: Record<string, string> =
    'visitorToken' in credential
      ? { [SUPPORT_VISITOR_HEADER]: credential.visitorToken }
      : { [SUPPORT_IDENTITY_HEADER]: credential.identityToken };
  return (path: string, init: RequestInit = {}) =>
    server.directFetch(`${server.baseUrl}${path}`, {
      ...init,
      headers: {
        ...headers,
        ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...((init.headers as Record<string, string> | undefined) ?? {}),
      },
    });
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

/** A small valid PNG (a 1×1 image), recognised by content. */
export function pngFile(name = 'screen.png'): File {
  const bytes = Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
    (char) => char.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}
