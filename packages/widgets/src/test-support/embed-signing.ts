import type { EmbedSession, EmbedSessionView } from '@qoltanba/core';
import { fireEvent, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { sampleDocument } from '../story-support/document-fixtures';

// The signing set-up the embedding elements' tests share (the custom element and its React build): a 'sign'
// embed session, the signer's view of a sample document, a stubbed embed API, the product events seen outside
// the shadow root, and rejecting through the element's dialog.

/** A 'sign' embed session `session` for document 1 and signer 990340005977, in English, for 30 minutes. */
export function signSession(session: string): EmbedSession {
  return {
    session,
    expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    purpose: 'sign',
    documentId: 1,
    signer: '990340005977',
    allowedOrigins: ['https://partner.example'],
    lang: 'en',
  };
}

/** The signer's view in `session` of the sample document at signing; the signer (its first) is in `state`. */
export function signView(session: EmbedSession, state: 'WAITING' | 'REJECTED'): EmbedSessionView {
  const document = sampleDocument('AT_SIGNING');
  const signer = { ...(document.signers[0] as (typeof document.signers)[number]), state };
  return {
    purpose: 'sign',
    allowedOrigins: session.allowedOrigins,
    lang: 'en',
    document: { document: { ...document, signers: [signer] }, signer, expiresAt: session.expiresAt },
    company: null,
    requiredSigner: null,
  };
}

/** A request the stubbed embed API received. */
export interface EmbedApiCall {
  url: string;
  method: string;
  /** The JSON body, parsed. */
  body: unknown;
  /** The Authorization header. */
  auth: string | null;
}

/**
 * Stubs `fetch` as the embed API of a 'sign' session: the token exchange answers `session`, a rejection turns
 * the view REJECTED, every other call answers the current view. Undo with `vi.unstubAllGlobals()`.
 */
export function stubSignEmbedApi(session: EmbedSession): {
  calls: EmbedApiCall[];
  view: () => EmbedSessionView;
} {
  const calls: EmbedApiCall[] = [];
  let current = signView(session, 'WAITING');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: new Headers(init.headers).get('Authorization'),
      });
      if (url.endsWith('/sessions')) return Response.json(session);
      if (url.endsWith('/session/reject')) current = signView(session, 'REJECTED');
      return Response.json(current);
    }),
  );
  return { calls, view: () => current };
}

/** A product event as a listener on `document` (outside every shadow root) saw it. */
export interface SeenEvent {
  type: string;
  detail: unknown;
  bubbles: boolean;
  composed: boolean;
  target: EventTarget | null;
}

/** Listens on `document` for the product events; `stop` removes the listeners. */
export function listenToProductEvents(): { seen: SeenEvent[]; stop: () => void } {
  const seen: SeenEvent[] = [];
  const types = ['qoltanba-ready', 'qoltanba-error', 'qoltanba-signed', 'qoltanba-rejected'] as const;
  const listener = (event: Event) =>
    seen.push({
      type: event.type,
      detail: (event as CustomEvent).detail,
      bubbles: event.bubbles,
      composed: event.composed,
      target: event.target,
    });
  for (const type of types) document.addEventListener(type, listener);
  const stop = () => {
    for (const type of types) document.removeEventListener(type, listener);
  };
  return { seen, stop };
}

/** Rejects in the sign element's shadow `root`: presses Reject, then writes `reason` and submits the dialog. */
export async function rejectWithReason(root: ShadowRoot, reason: string): Promise<void> {
  const reject = Array.from(root.querySelectorAll('button')).find((b) => b.textContent === 'Reject');
  reject?.click();
  const field = await waitFor(() => {
    const found = root.querySelector('textarea');
    expect(found).toBeTruthy();
    return found as HTMLTextAreaElement;
  });
  fireEvent.input(field, { target: { value: reason } });
  fireEvent.submit(field.closest('form') as HTMLFormElement);
}
