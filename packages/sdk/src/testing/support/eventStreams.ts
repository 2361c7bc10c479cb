import type { SupportEvent } from '@qoltanba/core';
import type { FakeContext } from '../fakeHttp';

// The support chat's events and its two event streams (the visitor's and the inbox's): sequence ids,
// Last-Event-ID catch-up, and real `text/event-stream` bodies that stay open and push events as they happen.

/** Who receives an event: both streams, or only the operators' or only the visitor's (read marks). */
export type Audience = 'all' | 'inbox' | 'visitor';

/** An event as sent, with who may receive it. */
export interface StoredEvent {
  event: SupportEvent;
  audience: Audience;
  visitorKey: string;
}

/** The support events the fake has sent, and its open streams. */
export function createSupportEvents() {
  const events: StoredEvent[] = [];
  const listeners = new Set<() => void>();
  /** Open event streams and their listeners. */
  const streams = new Map<ReadableStreamDefaultController<Uint8Array>, () => void>();
  let seq = 0;

  function emit(event: SupportEvent, audience: Audience, visitorKey: string): void {
    events.push({ event, audience, visitorKey });
    for (const listener of [...listeners]) listener();
  }
  const newSeq = () => {
    seq += 1;
    return seq;
  };

  /**
   * An open `text/event-stream` of the events `wanted` lets through: those after `Last-Event-ID` first (none
   * without it: a new stream starts now), then each new one as it happens, until the reader cancels or the test
   * drops the stream.
   */
  function eventStream(context: FakeContext, wanted: (stored: StoredEvent) => boolean): Response {
    const header = context.headers.get('last-event-id');
    const after = header !== null && /^\d+$/.test(header.trim()) ? Number(header) : seq;
    const encoder = new TextEncoder();
    let sent = events.findIndex((stored) => stored.event.seq > after);
    if (sent === -1) sent = events.length;
    let listener: () => void = () => undefined;
    let own: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        own = controller;
        listener = () => {
          while (sent < events.length) {
            const stored = events[sent] as StoredEvent;
            sent += 1;
            if (!wanted(stored)) continue;
            const { event } = stored;
            controller.enqueue(encoder.encode(`id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`));
          }
        };
        streams.set(controller, listener);
        listeners.add(listener);
        listener();
      },
      cancel() {
        listeners.delete(listener);
        if (own) streams.delete(own);
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    });
  }

  /** The server ends every open event stream (clients then reconnect with Last-Event-ID). */
  function dropStreams(): void {
    for (const [controller, listener] of [...streams]) {
      streams.delete(controller);
      listeners.delete(listener);
      controller.close();
    }
  }

  return {
    emit,
    newSeq,
    eventStream,
    dropStreams,
    /** Event streams open now. */
    openStreams: () => streams.size,
    /** The sequence id of the last event. */
    lastSeq: () => seq,
  };
}

/** The support events (see {@link createSupportEvents}). */
export type SupportEvents = ReturnType<typeof createSupportEvents>;
