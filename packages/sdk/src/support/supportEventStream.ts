import {
  type ErrorCode,
  readEventStream,
  SUPPORT_PATHS,
  type SupportEvent,
  supportEventSchema,
} from '@qoltanba/core';
import { errorCodeOf, isApiError } from '../api/apiError';
import { activeClient } from '../session/activeClient';
import type { QoltanbaClient } from '../session/client';
import { reportError } from '../telemetry';

/** Where a support event stream is: `reconnecting` while it waits to open a new connection after one ended. */
export type SupportStreamConnection = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Options of {@link openSupportEventStream}. */
export interface SupportEventStreamOptions {
  /**
   * Opens one connection: a GET of the stream with `Last-Event-ID: lastEventId` when given. Rejects with ApiError
   * on an error status (as the sdk's clients do).
   */
  connect(request: { lastEventId: string | undefined; signal: AbortSignal }): Promise<Response>;
  /** Each event, checked with core's `supportEventSchema` (others are dropped and reported). */
  onEvent(event: SupportEvent): void;
  /** The connection changed; `closed` carries the code of the refusal that ended it (none after `stop()`). */
  onConnection?(connection: SupportStreamConnection, code?: ErrorCode): void;
  /** Resume after this event id (e.g. kept from an earlier stream). */
  lastEventId?: string;
  /** Wait before the first reconnection; 1 s by default, doubled after each failed attempt up to the maximum. */
  reconnectDelayMs?: number;
  /** Longest wait between attempts; 30 s by default. */
  maxReconnectDelayMs?: number;
  /** Waits `ms` (tests pass a gate); `setTimeout` by default. Resolving early after `stop()` is fine. */
  sleep?: (ms: number) => Promise<void>;
}

/** A running support event stream. */
export interface SupportEventStream {
  /** Closes the connection and stops reconnecting. */
  stop(): void;
  /** The id a new connection resumes from (`Last-Event-ID`); undefined before the first event. */
  lastEventId(): string | undefined;
  /** Resolves once the stream stopped for good (`stop()` or a refusal such as 403). */
  readonly done: Promise<void>;
}

// A refusal the same request would meet again (credentials, role, a missing route): reconnecting cannot help.
function isFinal(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().startsWith('text/event-stream');
}

function parse(data: string): SupportEvent | undefined {
  try {
    const parsed = supportEventSchema.safeParse(JSON.parse(data));
    if (parsed.success) return parsed.data;
    reportError(parsed.error, { action: 'support-event', data });
  } catch (error) {
    reportError(error, { action: 'support-event', data });
  }
  return undefined;
}

/**
 * Follows a support event stream (`text/event-stream` of `SupportEvent`) over fetch: EventSource cannot send the
 * bearer. When a connection ends or fails, a new one opens after a growing delay (the server's `retry:` sets the
 * base) with `Last-Event-ID`, so the server sends what was missed. A 4xx refusal (other than 408 and 429) ends it.
 *
 * @example
 * const stream = openSupportEventStream({ connect, onEvent: (event) => apply(event) });
 * stream.stop();
 */
export function openSupportEventStream(options: SupportEventStreamOptions): SupportEventStream {
  let baseDelay = options.reconnectDelayMs ?? 1_000;
  const maxDelay = options.maxReconnectDelayMs ?? 30_000;
  let delay = baseDelay;
  let lastEventId = options.lastEventId;
  let stopped = false;
  let current: AbortController | undefined;
  let wake: (() => void) | undefined;

  const sleep =
    options.sleep ??
    ((ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }));
  const report = (connection: SupportStreamConnection, code?: ErrorCode) =>
    options.onConnection?.(connection, code);

  async function connectOnce(): Promise<'again' | ErrorCode> {
    const controller = new AbortController();
    current = controller;
    let response: Response;
    try {
      response = await options.connect({ lastEventId, signal: controller.signal });
    } catch (error) {
      if (stopped) return 'again';
      if (isFinal(error)) return errorCodeOf(error);
      return 'again';
    }
    if (stopped) {
      await response.body?.cancel().catch(() => undefined);
      return 'again';
    }
    // The standard fails (never retries) a stream of another type: the address answers something else.
    if (!isEventStream(response) || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return 'INTERNAL_ERROR';
    }
    report('open');
    delay = baseDelay;
    try {
      await readEventStream(
        response.body,
        {
          onEvent: (event) => {
            const parsed = parse(event.data);
            if (parsed && !stopped) options.onEvent(parsed);
          },
          onLastEventId: (id) => {
            lastEventId = id === '' ? undefined : id;
          },
          onRetry: (ms) => {
            baseDelay = ms;
            delay = ms;
          },
        },
        { ...(lastEventId ? { lastEventId } : {}), signal: controller.signal },
      );
    } catch {
      // A broken connection (network, proxy): reconnect like an ended one.
    }
    return 'again';
  }

  async function run(): Promise<void> {
    report('connecting');
    while (!stopped) {
      const outcome = await connectOnce();
      if (stopped) break;
      if (outcome !== 'again') {
        stopped = true;
        report('closed', outcome);
        return;
      }
      report('reconnecting');
      await sleep(delay);
      delay = Math.min(delay * 2, maxDelay);
    }
    report('closed');
  }

  const done = run().catch((error: unknown) => {
    reportError(error, { action: 'support-stream' });
    report('closed', 'INTERNAL_ERROR');
  });

  return {
    stop() {
      if (stopped) return;
      stopped = true;
      current?.abort();
      wake?.();
    },
    lastEventId: () => lastEventId,
    done,
  };
}

/** Options of {@link followSupportInbox}. */
export interface FollowSupportInboxOptions extends Omit<SupportEventStreamOptions, 'connect'> {
  /** The client to call with; the active client by default. */
  client?: QoltanbaClient;
}

/**
 * Follows the operators' inbox events (`SUPPORT_PATHS.inboxEvents`): every conversation's new messages and status
 * and unread changes, with the session's bearer, reconnection and catch-up (see {@link openSupportEventStream}).
 * A user who is not an operator ends at once with `closed` and SUPPORT_OPERATOR_ONLY.
 *
 * @example
 * const stream = followSupportInbox({ onEvent: (event) => console.log(event.type) });
 */
export function followSupportInbox(options: FollowSupportInboxOptions): SupportEventStream {
  const client = options.client ?? activeClient();
  return openSupportEventStream({
    ...options,
    connect: ({ lastEventId, signal }) =>
      client.api
        .options({ signal })
        .url(SUPPORT_PATHS.inboxEvents)
        .headers({ Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) })
        .get()
        .res(),
  });
}
