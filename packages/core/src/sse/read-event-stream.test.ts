import { describe, expect, it } from 'vitest';
import type { ServerSentEvent } from './event-stream-parser';
import { readEventStream } from './read-event-stream';

/** A body that delivers `chunks` one read at a time, as a network would split them, then ends. */
function body(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks)
        controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function read(stream: ReadableStream<Uint8Array>, lastEventId?: string) {
  const events: ServerSentEvent[] = [];
  const ids: string[] = [];
  const retries: number[] = [];
  await readEventStream(
    stream,
    {
      onEvent: (event) => events.push(event),
      onLastEventId: (id) => ids.push(id),
      onRetry: (milliseconds) => retries.push(milliseconds),
    },
    lastEventId === undefined ? {} : { lastEventId },
  );
  return { events, ids, retries };
}

describe('readEventStream', () => {
  it('reads a body to its end: ids, types, multi-line data, retry, comments, an unfinished event dropped', async () => {
    const result = await read(
      body([
        ': hello\r\nretry: 2500\r\n',
        'id: 7\r',
        '\nevent: note\ndata: {"a":\ndata:1}\n',
        '\nid: 8\rdata: two\r\r',
        'data: unterminated',
      ]),
    );
    expect(result).toEqual({
      events: [
        { id: '7', event: 'note', data: '{"a":\n1}' },
        { id: '8', event: 'message', data: 'two' },
      ],
      ids: ['7', '8'],
      retries: [2500],
    });
  });

  it('decodes UTF-8 split anywhere between chunks, even one byte at a time', async () => {
    const bytes = new TextEncoder().encode('data: Сәлем 😀\n\n');
    const expected = [{ event: 'message', data: 'Сәлем 😀' }];
    // Byte 8 falls inside «С» (two bytes in UTF-8).
    expect((await read(body([bytes.subarray(0, 8), bytes.subarray(8)]))).events).toEqual(expected);
    const oneByOne = Array.from(bytes, (byte) => Uint8Array.of(byte));
    expect((await read(body(oneByOne))).events).toEqual(expected);
  });

  it('skips one leading BOM, split between chunks or not, and keeps a second one', async () => {
    const bom = [0xef, 0xbb, 0xbf];
    const data = new TextEncoder().encode('data: x\n\n');
    expect((await read(body([Uint8Array.of(0xef), Uint8Array.of(0xbb, 0xbf), data]))).events).toEqual([
      { event: 'message', data: 'x' },
    ]);
    // With the second BOM the first field is named "\uFEFFdata": unknown, so nothing is dispatched.
    expect((await read(body([Uint8Array.of(...bom, ...bom), data]))).events).toEqual([]);
  });

  it('decodes invalid UTF-8 as U+FFFD, as the standard says', async () => {
    const { events } = await read(
      body([Uint8Array.of(0x64, 0x61, 0x74, 0x61, 0x3a, 0xff, 0xc3, 0x0a, 0x0a)]),
    );
    expect(events).toEqual([{ event: 'message', data: '\uFFFD\uFFFD' }]);
  });

  it('drops a multi-byte character cut off by the end of the body', async () => {
    const { events } = await read(body(['data: ok\n\ndata: ', Uint8Array.of(0xd0)]));
    expect(events).toEqual([{ event: 'message', data: 'ok' }]);
  });

  it('starts from a given last event id', async () => {
    expect((await read(body(['data: a\n\n']), '12')).events).toEqual([
      { id: '12', event: 'message', data: 'a' },
    ]);
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
    await readEventStream(
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
    expect(stream.locked).toBe(false);
  });

  it('cancels at once, reading nothing, when its signal has already aborted', async () => {
    let cancelled = false;
    let pulled = false;
    const stream = new ReadableStream<Uint8Array>(
      {
        pull() {
          pulled = true;
        },
        cancel() {
          cancelled = true;
        },
      },
      { highWaterMark: 0 },
    );
    const events: ServerSentEvent[] = [];
    await readEventStream(
      stream,
      { onEvent: (event) => events.push(event) },
      { signal: AbortSignal.abort() },
    );
    expect(cancelled).toBe(true);
    expect(pulled).toBe(false);
    expect(events).toEqual([]);
  });

  it('rejects with the error of a body that fails, after the events before it, and releases the body', async () => {
    const failure = new Error('connection reset');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: before\n\ndata: lost'));
      },
      pull(controller) {
        controller.error(failure);
      },
    });
    const events: string[] = [];
    await expect(readEventStream(stream, { onEvent: (event) => events.push(event.data) })).rejects.toBe(
      failure,
    );
    expect(events).toEqual(['before']);
    expect(stream.locked).toBe(false);
  });
});
