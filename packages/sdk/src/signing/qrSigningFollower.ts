import {
  type ErrorCode,
  isErrorCode,
  type QrSigningEvent,
  type QrSigningSession,
  type QrSigningState,
  qrSigningEventSchema,
} from '@qoltanba/core';
import { atom, type ReadableAtom } from 'nanostores';
import { activeClient } from '../session/activeClient';

/** The part of the EventSource API the follower uses (the browser's satisfies it). */
export interface QrEventSource {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown; lastEventId?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(): void;
}

/** An EventSource constructor (the global one in browsers, a fake in tests). */
export type QrEventSourceConstructor = new (url: string) => QrEventSource;

/** Where following a QR session is. */
export interface QrSigningFollowState {
  /** The session's last known state; WAITING until the first event. */
  state: QrSigningState;
  /** Catalogue code of a FAILED or EXPIRED session (QR_SIGNING_TIMEOUT when it ran out of time). */
  errorCode: ErrorCode | undefined;
  /** True once the state is final (SIGNED, FAILED or EXPIRED): nothing follows any more. */
  final: boolean;
  /** The event stream: `reconnecting` while waiting to open a new one after the server closed it. */
  connection: 'connecting' | 'open' | 'reconnecting' | 'closed';
}

/** A followed QR session: a store of {@link QrSigningFollowState} plus a way to stop following it. */
export interface QrSigningFollower extends ReadableAtom<QrSigningFollowState> {
  /** Closes the event stream and the timers (e.g. the dialog was closed). */
  stop(): void;
  /** Resolves with the final state's event; never rejects (a stop before it leaves it pending). */
  readonly done: Promise<QrSigningFollowState>;
}

/** Options of {@link followQrSigning}. */
export interface FollowQrSigningOptions {
  /** EventSource implementation; `globalThis.EventSource` by default. */
  EventSource?: QrEventSourceConstructor;
  /** Prefix of a relative `eventsUrl`; the active client's base URL by default. */
  baseUrl?: string;
  /** Clock, epoch ms; `Date.now` by default. */
  now?: () => number;
  /** Wait before opening a new stream after the server closed one; 2 s by default, doubled up to 30 s. */
  reconnectDelayMs?: number;
  /** How long after `expiresAt` to wait for the server's own EXPIRED before declaring it; 5 s by default. */
  expiryGraceMs?: number;
}

const CLOSED = 2;

function activeBaseUrl(): string {
  try {
    return activeClient().baseUrl;
  } catch {
    // No session started (a widget on its own): same origin.
    return '';
  }
}
const FINAL_STATES: ReadonlySet<QrSigningState> = new Set(['SIGNED', 'FAILED', 'EXPIRED']);
const MAX_RECONNECT_DELAY_MS = 30_000;

function parseEvent(data: unknown): QrSigningEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = qrSigningEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function withLastEventId(url: string, lastEventId: string | undefined): string {
  if (!lastEventId) return url;
  // EventSource cannot set Last-Event-ID on a new stream; the query parameter carries it instead.
  return `${url}${url.includes('?') ? '&' : '?'}lastEventId=${encodeURIComponent(lastEventId)}`;
}

/**
 * Follows an eGov mobile QR session through its server-sent events until a final state. The browser's own
 * reconnection (with Last-Event-ID) is kept; when the server closes the stream, a new one is opened with
 * growing delays and the last event id as `lastEventId`. If nothing final arrives by `expiresAt` (plus a
 * grace), the session ends locally as EXPIRED with QR_SIGNING_TIMEOUT.
 *
 * @example
 * const $qr = followQrSigning(session);
 * $qr.subscribe(({ state, errorCode }) => render(state, errorCode));
 * const last = await $qr.done;
 */
export function followQrSigning(
  session: Pick<QrSigningSession, 'eventsUrl' | 'expiresAt'>,
  options: FollowQrSigningOptions = {},
): QrSigningFollower {
  const Source =
    options.EventSource ?? (globalThis as { EventSource?: QrEventSourceConstructor }).EventSource;
  const now = options.now ?? Date.now;
  const baseDelay = options.reconnectDelayMs ?? 2_000;
  const grace = options.expiryGraceMs ?? 5_000;
  const url = /^[a-z]+:/i.test(session.eventsUrl)
    ? session.eventsUrl
    : `${options.baseUrl ?? activeBaseUrl()}${session.eventsUrl}`;

  const state = atom<QrSigningFollowState>({
    state: 'WAITING',
    errorCode: undefined,
    final: false,
    connection: 'connecting',
  });
  let resolveDone: (value: QrSigningFollowState) => void = () => undefined;
  const done = new Promise<QrSigningFollowState>((resolve) => {
    resolveDone = resolve;
  });
  let source: QrEventSource | undefined;
  let lastEventId: string | undefined;
  let delay = baseDelay;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const patch = (changes: Partial<QrSigningFollowState>) => state.set({ ...state.get(), ...changes });

  function closeSource(): void {
    if (!source) return;
    source.onopen = null;
    source.onmessage = null;
    source.onerror = null;
    source.close();
    source = undefined;
  }

  function stop(): void {
    stopped = true;
    clearTimeout(reconnectTimer);
    clearTimeout(expiryTimer);
    closeSource();
    if (!state.get().final) patch({ connection: 'closed' });
  }

  function settle(next: QrSigningState, errorCode: ErrorCode | undefined): void {
    if (stopped) return;
    const final = FINAL_STATES.has(next);
    patch({ state: next, errorCode, final });
    if (!final) return;
    stop();
    patch({ connection: 'closed' });
    resolveDone(state.get());
  }

  function open(): void {
    if (stopped) return;
    if (!Source) {
      patch({ connection: 'closed' });
      return;
    }
    const current = new Source(withLastEventId(url, lastEventId));
    source = current;
    current.onopen = () => {
      delay = baseDelay;
      patch({ connection: 'open' });
    };
    current.onmessage = (event) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      const parsed = parseEvent(event.data);
      if (!parsed) return;
      const code = isErrorCode(parsed.errorCode) ? parsed.errorCode : undefined;
      const fallback: ErrorCode | undefined =
        parsed.state === 'EXPIRED'
          ? 'QR_SIGNING_TIMEOUT'
          : parsed.state === 'FAILED'
            ? 'FILE_SIGN_FAILED'
            : undefined;
      settle(parsed.state, code ?? fallback);
    };
    current.onerror = () => {
      if (current.readyState !== CLOSED) {
        patch({ connection: 'connecting' });
        return;
      }
      closeSource();
      patch({ connection: 'reconnecting' });
      reconnectTimer = setTimeout(open, delay);
      delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
    };
  }

  const expiryTimer = setTimeout(
    () => settle('EXPIRED', 'QR_SIGNING_TIMEOUT'),
    Math.max(0, Date.parse(session.expiresAt) - now() + grace),
  );
  open();

  return Object.assign(state, { stop, done });
}
