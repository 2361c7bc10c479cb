import { readEventStream, type SupportEvent, supportEventSchema } from '@qoltanba/core';
import { ChatError, toChatError } from './chat-error';

/** Back-off before reconnecting: 1 s, doubling, at most 30 s (or the server's `retry:` to start with). */
export const RECONNECT_DELAY = { first: 1000, max: 30_000 } as const;

/** What {@link connectLiveEvents} needs. */
export interface LiveEventsOptions {
  /** Opens the stream, resuming after `lastEventId` (`Last-Event-ID`); rejects with a ChatError when refused. */
  open(lastEventId: string | undefined, signal: AbortSignal): Promise<Response>;
  onEvent(event: SupportEvent): void;
  /** The stream is open; `resumed` when the server was asked to replay what was missed (`Last-Event-ID`). */
  onOpen(resumed: boolean): void;
  /** The stream was refused for good (identity expired, chat off): no more reconnecting. */
  onFatal(error: ChatError): void;
  /** Waits `milliseconds` or until `signal` aborts (tests pass an immediate one). */
  wait?(milliseconds: number, signal: AbortSignal): Promise<void>;
}

const defaultWait = (milliseconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

// Refusals that another try will not change; rate limits and server errors are worth waiting out.
const isFatal = (error: ChatError) =>
  error.code.startsWith('SUPPORT_') ||
  ['BAD_REQUEST', 'VALIDATION_FAILED', 'NOT_FOUND', 'ROUTE_NOT_FOUND'].includes(error.code);

/**
 * Keeps the visitor's event stream open: reconnects with back-off after every drop and asks for what was missed with
 * `Last-Event-ID` (the `seq` of the last event seen). Returns `stop`.
 */
export function connectLiveEvents(options: LiveEventsOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const wait = options.wait ?? defaultWait;
  let lastEventId: string | undefined;
  let delay: number = RECONNECT_DELAY.first;
  let serverDelay: number | undefined;

  async function run(): Promise<void> {
    while (!signal.aborted) {
      try {
        const response = await options.open(lastEventId, signal);
        if (signal.aborted) return;
        delay = serverDelay ?? RECONNECT_DELAY.first;
        options.onOpen(lastEventId !== undefined);
        if (!response.body) throw new ChatError('INTERNAL_ERROR');
        await readEventStream(response.body, {
          onEvent(event) {
            if (signal.aborted) return;
            let payload: unknown;
            try {
              payload = JSON.parse(event.data);
            } catch {
              return;
            }
            const parsed = supportEventSchema.safeParse(payload);
            if (!parsed.success) return;
            options.onEvent(parsed.data);
          },
          onLastEventId(id) {
            // Even an event this version does not understand has been delivered: do not ask for it again.
            if (!signal.aborted) lastEventId = id;
          },
          onRetry(milliseconds) {
            serverDelay = Math.min(Math.max(milliseconds, 100), RECONNECT_DELAY.max);
          },
        });
      } catch (error) {
        if (signal.aborted) return;
        const chatError = toChatError(error);
        if (isFatal(chatError)) return options.onFatal(chatError);
        if (chatError.code === 'RATE_LIMITED')
          delay = Math.max(delay, Number(chatError.params.retryAfter) * 1000);
      }
      if (signal.aborted) return;
      await wait(delay, signal);
      delay = Math.min(delay * 2, RECONNECT_DELAY.max);
    }
  }

  void run();
  return () => controller.abort();
}
