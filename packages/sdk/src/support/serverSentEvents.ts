// A reader of the `text/event-stream` format (the HTML standard's "event stream interpretation") over a fetch
// body. EventSource cannot send a bearer or custom headers, so the support streams are read with fetch.

/** One dispatched server-sent event. */
export interface ServerSentEvent {
  /** The last event id seen on the stream so far (the `Last-Event-ID` to resume from); '' when none. */
  lastEventId: string;
  /** The `event:` field; `message` when absent. */
  type: string;
  /** The `data:` lines joined with newlines. */
  data: string;
}

/** What a reader calls as the stream goes. */
export interface ServerSentEventHandlers {
  onEvent(event: ServerSentEvent): void;
  /** The server's `retry:` field: its advised reconnection delay, ms. */
  onRetry?(delayMs: number): void;
  /** The id to resume from changed (at each event boundary, as the standard sets it). */
  onLastEventId?(lastEventId: string): void;
}

/**
 * An incremental parser: feed it decoded text in any chunks (lines may be split anywhere, CR, LF and CRLF all end
 * a line); it calls the handlers for each complete event. `end()` drops an event the stream did not finish, as
 * browsers do.
 */
export function createEventStreamParser(handlers: ServerSentEventHandlers, lastEventId = '') {
  let buffer = '';
  let data = '';
  let type = '';
  let idBuffer = lastEventId;

  function line(text: string): void {
    if (text === '') {
      // Dispatch: the id is taken even when there is no data (the standard's step 1).
      const id = idBuffer;
      handlers.onLastEventId?.(id);
      if (data !== '')
        handlers.onEvent({ lastEventId: id, type: type || 'message', data: data.slice(0, -1) });
      data = '';
      type = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data += `${value}\n`;
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\0')) idBuffer = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  }

  return {
    push(text: string): void {
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (char === '\r' && index === buffer.length - 1) break;
        line(buffer.slice(start, index));
        if (char === '\r' && buffer[index + 1] === '\n') index += 1;
        start = index + 1;
      }
      buffer = buffer.slice(start);
    },
    end(): void {
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1));
      buffer = '';
      data = '';
      type = '';
    },
    /** The id a reconnection should send as `Last-Event-ID`. */
    lastEventId: () => idBuffer,
  };
}

/**
 * Reads a fetch body as server-sent events until it ends (resolves) or fails (rejects); `onLastEventId` tells the id
 * to resume from. Aborting `signal` cancels the body, whether or not the fetch behind it honours the signal.
 */
export async function readServerSentEvents(
  body: ReadableStream<Uint8Array>,
  handlers: ServerSentEventHandlers,
  options: { lastEventId?: string; signal?: AbortSignal } = {},
): Promise<void> {
  const parser = createEventStreamParser(handlers, options.lastEventId);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (options.signal?.aborted) break;
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
