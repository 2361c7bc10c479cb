// The HTML standard's "event stream interpretation" (text/event-stream), on decoded text and without I/O, so the
// sdk's and the help widget's fetch-based readers share one implementation (EventSource cannot send headers).

/** One event dispatched from a `text/event-stream`. */
export interface ServerSentEvent {
  /**
   * The stream's last event id when the event was dispatched (the standard's `lastEventId`: set by this block's
   * `id:` or kept from an earlier one); absent when there is none.
   */
  id?: string;
  /** The `event:` field; `message` when the block had none. */
  event: string;
  /** The block's `data:` lines joined with newlines. */
  data: string;
}

/** What a parser reports as a stream goes. */
export interface EventStreamHandlers {
  /** A block ended by a blank line that had at least one `data:` line. */
  onEvent(event: ServerSentEvent): void;
  /** A `retry:` field of ASCII digits: the server's advised reconnection delay, in milliseconds. */
  onRetry?(milliseconds: number): void;
  /**
   * A block with an `id:` field ended, with or without data: the id a reconnection sends as `Last-Event-ID` from
   * now on ('' when the server cleared it). A block with only an `id:` dispatches no event but still reports it, so
   * a client that reconnects before any event resumes from there.
   */
  onLastEventId?(id: string): void;
}

/** Options of {@link createEventStreamParser} and `readEventStream`. */
export interface EventStreamOptions {
  /** The last event id to start from (e.g. the one a reconnection sent); '' by default. */
  lastEventId?: string;
}

/** An incremental `text/event-stream` parser; see {@link createEventStreamParser}. */
export interface EventStreamParser {
  /** Feeds decoded text; chunks may split lines (and CRLF pairs) anywhere. */
  push(text: string): void;
  /**
   * Ends the stream: an event not finished by a blank line is dropped, as the standard says. The parser can then
   * take the next connection's stream; the last event id stays, as EventSource keeps it across reconnections.
   */
  end(): void;
  /** The id a reconnection should send as `Last-Event-ID` ('' when none): an `id:` counts once its block ended. */
  lastEventId(): string;
}

const LF = 10;
const CR = 13;
const COLON = 58;
const BOM = 0xfeff;
const DIGITS = /^[0-9]+$/;

/**
 * Parses `text/event-stream` text fed in any chunks, per the HTML standard: CR, LF and CRLF end lines; one leading
 * BOM is skipped; `:` lines are comments; one space after a field's colon is dropped; `data:` lines join with LF;
 * an `id:` containing NUL is ignored; `retry:` counts only when all ASCII digits; unknown fields are ignored; a block
 * without data dispatches nothing (but its `id:` is still reported, see {@link EventStreamHandlers.onLastEventId}).
 *
 * @example
 * const parser = createEventStreamParser({ onEvent: (event) => console.log(event.event, event.data) });
 * parser.push('id: 1\ndata: hel');
 * parser.push('lo\n\n'); // logs "message hello"
 */
export function createEventStreamParser(
  handlers: EventStreamHandlers,
  options: EventStreamOptions = {},
): EventStreamParser {
  // The standard's "last event ID string" (what a reconnection sends), and its buffer that `id:` lines set: a
  // block's id counts once the block ends.
  let lastEventId = options.lastEventId ?? '';
  let idBuffer = lastEventId;
  let started = false;
  // The text after the last line end seen, and whether the last chunk ended on a CR (its LF may open the next).
  let partialLine = '';
  let afterCarriageReturn = false;
  let data = '';
  let eventType = '';
  let blockHasId = false;

  function dispatch(): void {
    lastEventId = idBuffer;
    if (blockHasId) handlers.onLastEventId?.(lastEventId);
    if (data !== '') {
      const event: ServerSentEvent = { event: eventType || 'message', data: data.slice(0, -1) };
      if (lastEventId !== '') event.id = lastEventId;
      handlers.onEvent(event);
    }
    data = '';
    eventType = '';
    blockHasId = false;
  }

  function line(text: string): void {
    if (text === '') {
      dispatch();
      return;
    }
    if (text.charCodeAt(0) === COLON) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data += `${value}\n`;
    else if (field === 'event') eventType = value;
    else if (field === 'id') {
      if (value.includes('\0')) return;
      idBuffer = value;
      blockHasId = true;
    } else if (field === 'retry' && DIGITS.test(value)) handlers.onRetry?.(Number(value));
  }

  return {
    push(text) {
      if (text === '') return;
      let start = 0;
      if (!started) {
        started = true;
        if (text.charCodeAt(0) === BOM) start = 1;
      }
      if (afterCarriageReturn && text.charCodeAt(start) === LF) start += 1;
      afterCarriageReturn = false;
      for (let index = start; index < text.length; index += 1) {
        const char = text.charCodeAt(index);
        if (char !== LF && char !== CR) continue;
        line(partialLine + text.slice(start, index));
        partialLine = '';
        if (char === CR) {
          if (index + 1 === text.length) afterCarriageReturn = true;
          else if (text.charCodeAt(index + 1) === LF) index += 1;
        }
        start = index + 1;
      }
      partialLine += text.slice(start);
    },
    end() {
      idBuffer = lastEventId;
      started = false;
      partialLine = '';
      afterCarriageReturn = false;
      data = '';
      eventType = '';
      blockHasId = false;
    },
    lastEventId: () => lastEventId,
  };
}
