import { describe, expect, it } from 'vitest';
import { readEventStream, type ServerSentEvent } from './sse-reader';

/** A body that delivers `chunks` one read at a time, as a network would split them. */
function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function read(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  await readEventStream(body(chunks), {
    onEvent: (event) => events.push(event),
    onRetry: (ms) => retries.push(ms),
  });
  return { events, retries };
}

describe('readEventStream', () => {
  it('parses ids, event names and multi-line data, across any chunk boundary and line ending', async () => {
    const { events, retries } = await read([
      ': hello\r\nretry: 2500\r\n',
      'id: 7\r',
      '\nevent: message\ndata: {"a":\ndata:1}\n',
      '\nid: 8\rdata: two\r\r',
      'data: unterminated',
    ]);
    expect(events).toEqual([
      { id: '7', event: 'message', data: '{"a":\n1}' },
      { id: '8', event: 'message', data: 'two' },
    ]);
    expect(retries).toEqual([2500]);
  });

  it('keeps multi-byte characters split between chunks', async () => {
    const bytes = new TextEncoder().encode('data: Сәлем\n\n');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 8));
        controller.enqueue(bytes.slice(8));
        controller.close();
      },
    });
    const events: ServerSentEvent[] = [];
    await readEventStream(stream, { onEvent: (event) => events.push(event) });
    expect(events.map((event) => event.data)).toEqual(['Сәлем']);
  });

  it('reports an id that ends a block without data, as the starting point of a stream', async () => {
    const ids: string[] = [];
    const events: ServerSentEvent[] = [];
    await readEventStream(body(['id: 41\n\n', ': heartbeat\n\n', 'id: 42\ndata: x\n\n']), {
      onEvent: (event) => events.push(event),
      onLastEventId: (id) => ids.push(id),
    });
    expect(ids).toEqual(['41', '42']);
    expect(events.map((event) => event.id)).toEqual(['42']);
  });
});
