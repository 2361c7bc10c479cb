import {
  createEventStreamParser,
  type EventStreamHandlers,
  type EventStreamOptions,
} from './event-stream-parser';

// Core's tsconfig has no DOM types: the few members of streams, signals and TextDecoder used are typed here, and a
// fetch body (`ReadableStream<Uint8Array>`) or an `AbortSignal` fits them.
interface ByteReader {
  read(): Promise<{ done: boolean; value?: Uint8Array | undefined }>;
  cancel(): Promise<void>;
  releaseLock(): void;
}
/** A byte stream such as a fetch `Response.body`. */
export interface EventStreamBody {
  getReader(): ByteReader;
}
/** The part of an `AbortSignal` the reader uses. */
export interface EventStreamSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}
interface Utf8Decoder {
  decode(bytes?: Uint8Array, options?: { stream?: boolean }): string;
}
const web = globalThis as unknown as {
  TextDecoder: new (label: 'utf-8', options: { ignoreBOM: boolean }) => Utf8Decoder;
};

/** Options of {@link readEventStream}. */
export interface ReadEventStreamOptions extends EventStreamOptions {
  /** Aborting it cancels the body and ends the read, whether or not the fetch behind the body honours it. */
  signal?: EventStreamSignal;
}

/**
 * Reads a `text/event-stream` body to its end (resolves) or until it fails (rejects with the body's error), decoding
 * UTF-8 across chunk boundaries and parsing as {@link createEventStreamParser} does. Reconnection is the caller's:
 * the last `onLastEventId` is the `Last-Event-ID` to resume from, `onRetry` the server's advised delay.
 *
 * @example
 * const response = await fetch(url, { headers: { Accept: 'text/event-stream' } });
 * if (response.body) await readEventStream(response.body, { onEvent: (event) => show(JSON.parse(event.data)) });
 */
export async function readEventStream(
  body: EventStreamBody,
  handlers: EventStreamHandlers,
  options: ReadEventStreamOptions = {},
): Promise<void> {
  const { signal } = options;
  const parser = createEventStreamParser(handlers, options);
  // The parser skips the one BOM the standard allows; a decoder that also did would skip a second.
  const decoder = new web.TextDecoder('utf-8', { ignoreBOM: true });
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  if (signal?.aborted) cancel();
  try {
    while (!signal?.aborted) {
      const { done, value } = await reader.read();
      if (done) break;
      if (value) parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
