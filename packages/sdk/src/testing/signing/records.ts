import type { QrSigningEvent, QrSigningState } from '@qoltanba/core';

// What the signing service of the fake keeps (personal links and eGov mobile QR sessions), with the id and clock
// helpers its parts share.

/** How long a QR session lives (the server's 10 minutes). */
export const FAKE_QR_TTL_MS = 10 * 60 * 1000;
/** How long a personal link lives (the server's 30 days). */
export const FAKE_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A personal link of a signer without an account. */
export interface FakeSigningLink {
  token: string;
  documentId: number;
  identityNumber: string;
  email: string;
  expiresAt: string;
}

/** An eGov mobile QR session, with every event it sent. */
export interface FakeQrSession {
  sessionId: string;
  documentId: number;
  identityNumber: string;
  authToken: string;
  expiresAt: string;
  state: QrSigningState;
  events: Array<QrSigningEvent & { id: string }>;
  listeners: Set<() => void>;
}

/** The signing service's links and sessions by token / session id, and its id and clock helpers. */
export function createSigningStore(now: () => Date) {
  const links = new Map<string, FakeSigningLink>();
  const sessions = new Map<string, FakeQrSession>();
  let counter = 0;
  /** A new id or token: `prefix`, a sequence number and random characters. */
  const next = (prefix: string) => {
    counter += 1;
    return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 10)}`;
  };
  /** The fake's time, `offsetMs` from now, as ISO text. */
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const expired = (at: string) => Date.parse(at) <= now().getTime();
  return { links, sessions, next, iso, expired };
}

/** The signing service's records and helpers. */
export type SigningStore = ReturnType<typeof createSigningStore>;
