import { describe, expect, it } from 'vitest';
import { createEventStreamParser, readServerSentEvents, type ServerSentEvent } from './serverSentEvents';

function parseAll(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const ids: string[] = [];
  const parser = createEventStreamParser({
    onEvent: (event) => events.push(event),
    onRetry: (ms) => retries.push(ms),
    onLastEventId: (id) => ids.push(id),
  });
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, retries, ids };
}

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('server-sent events parser', () => {
  it('dispatches events with their id, type and multi-line data, skipping comments', () => {
    const { events } = parseAll([
      ': hello\n\nid: 1\ndata: {"a":1}\n\nid: 2\nevent: note\ndata: one\ndata: two\n\n',
    ]);
    expect(events).toEqual([
      { lastEventId: '1', type: 'message', data: '{"a":1}' },
      { lastEventId: '2', type: 'note', data: 'one\ntwo' },
    ]);
  });

  it('joins lines split across chunks, with CRLF, CR and LF endings (a CRLF split between chunks too)', () => {
    const { events } = parseAll(['id: 7\r', '\ndat', 'a: x\r\r', 'id: 8\ndata:y\n', '\n']);
    expect(events).toEqual([
      { lastEventId: '7', type: 'message', data: 'x' },
      { lastEventId: '8', type: 'message', data: 'y' },
    ]);
  });

  it('keeps the last id for later events without one, and takes an id even from a block without data', () => {
    const { events, ids } = parseAll(['id: 3\ndata: a\n\ndata: b\n\nid: 4\n\n']);
    expect(events.map((event) => event.lastEventId)).toEqual(['3', '3']);
    expect(ids.at(-1)).toBe('4');
  });

  it('reports retry advice and ignores a retry that is not a number', () => {
    expect(parseAll(['retry: 2500\nretry: soon\n\n']).retries).toEqual([2500]);
  });

  it('drops an event the stream did not finish', () => {
    expect(parseAll(['id: 1\ndata: half']).events).toEqual([]);
  });

  it('reads a fetch body to its end, decoding UTF-8 split across chunks', async () => {
    const bytes = new TextEncoder().encode('data: Сәлем\n\n');
    const events: ServerSentEvent[] = [];
    // Byte 8 falls inside «С» (two bytes in UTF-8).
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 8));
        controller.enqueue(bytes.subarray(8));
        controller.close();
      },
    });
    await readServerSentEvents(stream, { onEvent: (event) => events.push(event) });
    expect(events.map((event) => event.data)).toEqual(['Сәлем']);
  });

  it('stops reading when its signal aborts, cancelling the body', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: first\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const events: string[] = [];
    await readServerSentEvents(
      stream,
      {
        onEvent: (event) => {
          events.push(event.data);
          controller.abort();
        },
      },
      { signal: controller.signal },
    );
    expect(events).toEqual(['first']);
    expect(cancelled).toBe(true);
  });

  it('reads a body given whole', async () => {
    const events: string[] = [];
    await readServerSentEvents(body(['data: 1\n\n', 'data: 2\n\n']), { onEvent: (e) => events.push(e.data) });
    expect(events).toEqual(['1', '2']);
  });
});
