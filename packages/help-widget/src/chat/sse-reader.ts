/** One server-sent event as the stream spelled it. */
export interface ServerSentEvent {
  /** The `id:` field (also remembered as the stream's last event id), if the event had one. */
  id: string | undefined;
  event: string;
  data: string;
}

/** What {@link readEventStream} reports besides events. */
export interface EventStreamHandlers {
  onEvent(event: ServerSentEvent): void;
  /** The server's `retry:` field, in milliseconds. */
  onRetry?(milliseconds: number): void;
  /**
   * An `id:` that ended a block, with or without data: the stream's last event id from now on. The server opens
   * a stream with an id-only block, so a client that reconnects before any event still resumes from there.
   */
  onLastEventId?(id: string): void;
}

/**
 * Reads a `text/event-stream` body until it ends, parsing fields as the HTML standard's event-stream interpretation
 * does (`data:` lines joined by newlines, `:` comments skipped, one leading space of a value dropped, an `id:` with
 * NUL ignored). EventSource would do this too, but it cannot send our identity headers.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  handlers: EventStreamHandlers,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let eventType = '';
  let id: string | undefined;

  const dispatch = () => {
    if (id !== undefined) handlers.onLastEventId?.(id);
    if (data.length > 0) handlers.onEvent({ id, event: eventType || 'message', data: data.join('\n') });
    data = [];
    eventType = '';
    id = undefined;
  };
  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') eventType = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) handlers.onRetry?.(Number(value));
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      // A lone \r at the end may be the first half of \r\n: keep it until more arrives.
      const lines = buffer.split(/\r\n|\r(?!$)|\n/);
      buffer = lines.pop() ?? '';
      for (const text of lines) line(text);
      if (done) break;
    }
  } finally {
    reader.releaseLock();
  }
  // An event not ended by a blank line when the stream closes is dropped, as the standard says.
}
