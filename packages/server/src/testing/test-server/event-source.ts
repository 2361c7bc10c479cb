import { createEventStreamParser } from '@qoltanba/core';
import type { Fetch } from './in-process-fetch.js';

/** The message event an {@link InProcessEventSource} dispatches (the fields a MessageEvent has that clients read). */
export interface StreamMessageEvent {
  type: string;
  data: string;
  lastEventId: string;
}

type Listener = (event: StreamMessageEvent | { type: string }) => void;

/** The EventSource API over the test server's in-process fetch (what `followQrSigning` and browsers use). */
export interface InProcessEventSource {
  readonly url: string;
  readonly readyState: number;
  onopen: ((event: { type: string }) => void) | null;
  onmessage: ((event: StreamMessageEvent) => void) | null;
  onerror: ((event: { type: string }) => void) | null;
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
  close(): void;
}

/** A constructor of {@link InProcessEventSource}s, as `globalThis.EventSource` is. */
export type InProcessEventSourceConstructor = new (url: string) => InProcessEventSource;

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

/**
 * An EventSource class reading server-sent events through `fetch` (the in-process one): it opens the stream,
 * dispatches each event, and like a browser reconnects after the server ends the stream (readyState CONNECTING,
 * an `error` event, then a new request with `Last-Event-ID`); a refusal or another content type closes it.
 */
export function eventSourceClass(
  fetch: Fetch,
  options: { reconnectMs?: number } = {},
): InProcessEventSourceConstructor {
  const defaultRetry = options.reconnectMs ?? 1_000;
  return class EventSource implements InProcessEventSource {
    static readonly CONNECTING = CONNECTING;
    static readonly OPEN = OPEN;
    static readonly CLOSED = CLOSED;
    readonly url: string;
    readyState = CONNECTING;
    onopen: ((event: { type: string }) => void) | null = null;
    onmessage: ((event: StreamMessageEvent) => void) | null = null;
    onerror: ((event: { type: string }) => void) | null = null;
    private readonly listeners = new Map<string, Set<Listener>>();
    private controller: AbortController | undefined;
    private lastEventId = '';
    private retryMs = defaultRetry;
    private timer: ReturnType<typeof setTimeout> | undefined;

    constructor(url: string) {
      this.url = url;
      void this.connect();
    }

    addEventListener(type: string, listener: Listener): void {
      let set = this.listeners.get(type);
      if (!set) {
        set = new Set();
        this.listeners.set(type, set);
      }
      set.add(listener);
    }

    removeEventListener(type: string, listener: Listener): void {
      this.listeners.get(type)?.delete(listener);
    }

    close(): void {
      this.readyState = CLOSED;
      clearTimeout(this.timer);
      this.controller?.abort();
    }

    private dispatch(event: StreamMessageEvent | { type: string }): void {
      if (event.type === 'open') this.onopen?.(event);
      if (event.type === 'error') this.onerror?.(event);
      if (event.type === 'message') this.onmessage?.(event as StreamMessageEvent);
      for (const listener of this.listeners.get(event.type) ?? []) listener(event);
    }

    private async connect(): Promise<void> {
      const controller = new AbortController();
      this.controller = controller;
      let response: Response;
      try {
        response = await fetch(this.url, {
          headers: {
            accept: 'text/event-stream',
            ...(this.lastEventId ? { 'last-event-id': this.lastEventId } : {}),
          },
          signal: controller.signal,
        });
      } catch {
        if (this.readyState !== CLOSED) this.reconnect();
        return;
      }
      if (this.readyState === CLOSED) {
        await response.body?.cancel().catch(() => undefined);
        return;
      }
      const type = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || !type.startsWith('text/event-stream') || !response.body) {
        await response.body?.cancel().catch(() => undefined);
        this.readyState = CLOSED;
        this.dispatch({ type: 'error' });
        return;
      }
      this.readyState = OPEN;
      this.dispatch({ type: 'open' });
      const parser = createEventStreamParser(
        {
          onEvent: (event) => {
            if (this.readyState !== OPEN) return;
            this.dispatch({ type: event.event, data: event.data, lastEventId: event.id ?? '' });
          },
          onRetry: (ms) => {
            this.retryMs = ms;
          },
          onLastEventId: (id) => {
            this.lastEventId = id;
          },
        },
        { lastEventId: this.lastEventId },
      );
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.push(decoder.decode(value, { stream: true }));
        }
      } catch {
        // An aborted or dropped stream: handled as its end.
      }
      parser.end();
      if (this.readyState !== CLOSED) this.reconnect();
    }

    private reconnect(): void {
      this.readyState = CONNECTING;
      this.dispatch({ type: 'error' });
      if (this.readyState === CLOSED) return;
      this.timer = setTimeout(() => void this.connect(), this.retryMs);
    }
  };
}
