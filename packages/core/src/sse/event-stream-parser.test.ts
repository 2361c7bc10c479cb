import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type ServerSentEvent } from './event-stream-parser';

/** Everything a parser reported for `chunks` pushed in order and then ended, plus its last event id after. */
function parse(chunks: string[], lastEventId?: string) {
  const events: ServerSentEvent[] = [];
  const ids: string[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser(
    {
      onEvent: (event) => events.push(event),
      onLastEventId: (id) => ids.push(id),
      onRetry: (milliseconds) => retries.push(milliseconds),
    },
    lastEventId === undefined ? {} : { lastEventId },
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, ids, retries, lastEventId: parser.lastEventId() };
}

interface Case {
  name: string;
  stream: string;
  events: ServerSentEvent[];
  ids?: string[];
  retries?: number[];
  lastEventId?: string;
}

const message = (data: string, id?: string, event = 'message'): ServerSentEvent =>
  id === undefined ? { event, data } : { id, event, data };

// Each case is parsed whole, then again one character per push (so every line end and pair is split).
const cases: Case[] = [
  { name: 'one data line', stream: 'data: hello\n\n', events: [message('hello')] },
  { name: 'no space after the colon', stream: 'data:hello\n\n', events: [message('hello')] },
  { name: 'only one leading space dropped', stream: 'data:  two\n\n', events: [message(' two')] },
  { name: 'later colons belong to the value', stream: 'data: a: b:c\n\n', events: [message('a: b:c')] },
  { name: 'trailing spaces kept', stream: 'data: x \n\n', events: [message('x ')] },
  {
    name: 'multi-line data joined by LF',
    stream: 'data: one\ndata:\ndata: three\n\n',
    events: [message('one\n\nthree')],
  },
  { name: 'a field without colon has an empty value', stream: 'data\n\n', events: [message('')] },
  { name: 'two empty data lines', stream: 'data\ndata\n\n', events: [message('\n')] },
  { name: 'event type', stream: 'event: note\ndata: x\n\n', events: [message('x', undefined, 'note')] },
  {
    name: 'the event type is reset after each block',
    stream: 'event: note\ndata: 1\n\ndata: 2\n\n',
    events: [message('1', undefined, 'note'), message('2')],
  },
  {
    name: 'an empty event type means message',
    stream: 'event:\ndata: x\n\n',
    events: [message('x')],
  },
  {
    name: 'a block with an event type but no data dispatches nothing and leaks no type',
    stream: 'event: note\n\ndata: x\n\n',
    events: [message('x')],
  },
  {
    name: 'comments are skipped, a comment-only block dispatches nothing',
    stream: ': hello\n\n:\ndata: x\n: between\ndata: y\n\n',
    events: [message('x\ny')],
  },
  {
    name: 'unknown fields are ignored',
    stream: 'foo: 1\nDATA: 2\ndata : 3\ndata: 4\n\n',
    events: [message('4')],
  },
  { name: 'LF line ends', stream: 'data: a\ndata: b\n\n', events: [message('a\nb')] },
  { name: 'CR line ends', stream: 'data: a\rdata: b\r\r', events: [message('a\nb')] },
  { name: 'CRLF line ends', stream: 'data: a\r\ndata: b\r\n\r\n', events: [message('a\nb')] },
  {
    name: 'mixed line ends; LF CR is two line ends (a blank line)',
    stream: 'data: a\r\ndata: b\rdata: c\n\r',
    events: [message('a\nb\nc')],
  },
  { name: 'CR CR LF is a line end and a blank line', stream: 'data: a\r\r\n', events: [message('a')] },
  {
    name: 'ids stay for later events without one',
    stream: 'id: 3\ndata: a\n\ndata: b\n\n',
    events: [message('a', '3'), message('b', '3')],
    ids: ['3'],
    lastEventId: '3',
  },
  {
    name: 'an empty id clears the last event id',
    stream: 'id: 3\ndata: a\n\nid\ndata: b\n\n',
    events: [message('a', '3'), message('b')],
    ids: ['3', ''],
    lastEventId: '',
  },
  {
    name: 'an id with NUL is ignored',
    stream: 'id: 5\n\nid: 6\u00007\ndata: x\n\n',
    events: [message('x', '5')],
    ids: ['5'],
    lastEventId: '5',
  },
  {
    name: 'an id-only block updates the last event id without an event',
    stream: 'id: 41\n\n: heartbeat\n\nid: 42\ndata: x\n\n',
    events: [message('x', '42')],
    ids: ['41', '42'],
    lastEventId: '42',
  },
  {
    name: 'the last of several ids in a block counts',
    stream: 'id: 1\nid: 2\ndata: x\n\n',
    events: [message('x', '2')],
    ids: ['2'],
    lastEventId: '2',
  },
  {
    name: 'ids may hold any other text',
    stream: 'id:  spaced: Сәлем \ndata: x\n\n',
    events: [message('x', ' spaced: Сәлем ')],
    ids: [' spaced: Сәлем '],
    lastEventId: ' spaced: Сәлем ',
  },
  {
    name: 'retry of ASCII digits is reported at once, even in a block without data or end',
    stream: 'retry: 2500\nid: 9\n\nretry: 0\nretry:007\n',
    events: [],
    ids: ['9'],
    retries: [2500, 0, 7],
    lastEventId: '9',
  },
  {
    name: 'retry that is not all ASCII digits is ignored',
    stream: 'retry: soon\nretry: 1.5\nretry: -1\nretry:\nretry:  5\nretry: 5ms\nretry: ٥\n\n',
    events: [],
    retries: [],
  },
  { name: 'a leading BOM is skipped', stream: '\uFEFFdata: x\n\n', events: [message('x')] },
  {
    name: 'only one leading BOM is skipped',
    stream: '\uFEFF\uFEFFdata: x\n\ndata: y\n\n',
    events: [message('y')],
  },
  { name: 'a BOM inside a value is kept', stream: 'data: \uFEFFx\n\n', events: [message('\uFEFFx')] },
  {
    name: 'an event the stream did not finish is dropped',
    stream: 'data: done\n\nid: 2\ndata: half\n',
    events: [message('done')],
    ids: [],
    lastEventId: '',
  },
  {
    name: 'an unfinished last line is dropped',
    stream: 'data: a\n\nretry: 10',
    events: [message('a')],
    retries: [],
  },
  { name: 'an empty stream', stream: '', events: [] },
  { name: 'blank lines alone', stream: '\n\r\n\r\n', events: [] },
  {
    name: 'NUL and astral characters in data',
    stream: 'data: a\u0000😀b\n\n',
    events: [message('a\u0000😀b')],
  },
];

describe('createEventStreamParser', () => {
  it.each(cases)('$name', ({ stream, events, ids = [], retries = [], lastEventId = '' }) => {
    const whole = parse([stream]);
    expect(whole).toEqual({ events, ids, retries, lastEventId });
    expect(parse(Array.from(stream))).toEqual(whole);
    expect(parse(stream.split(''))).toEqual(whole);
  });

  it('starts from a given last event id, and keeps it for events without one', () => {
    const { events, ids, lastEventId } = parse(['data: a\n\nid: 8\ndata: b\n\n'], '7');
    expect(events).toEqual([message('a', '7'), message('b', '8')]);
    expect(ids).toEqual(['8']);
    expect(lastEventId).toBe('8');
  });

  it('dispatches a block ended by CR at once, and takes an LF opening the next chunk as the rest of that CRLF', () => {
    const events: ServerSentEvent[] = [];
    const parser = createEventStreamParser({ onEvent: (event) => events.push(event) });
    parser.push('data: a\r\r');
    expect(events).toEqual([message('a')]);
    parser.push('\ndata: b\r');
    parser.push('');
    parser.push('\n\n');
    expect(events).toEqual([message('a'), message('b')]);
  });

  it('reports the id first, then the event, each in stream order', () => {
    const order: string[] = [];
    const parser = createEventStreamParser({
      onEvent: (event) => order.push(`event ${event.data}`),
      onLastEventId: (id) => order.push(`id ${id}`),
      onRetry: (milliseconds) => order.push(`retry ${milliseconds}`),
    });
    parser.push('id: 1\ndata: a\nretry: 5\n\nid: 2\n\n');
    expect(order).toEqual(['retry 5', 'id 1', 'event a', 'id 2']);
  });

  it('takes the next stream after end(): the last event id stays, a new leading BOM is skipped again', () => {
    const events: ServerSentEvent[] = [];
    const parser = createEventStreamParser({ onEvent: (event) => events.push(event) });
    parser.push('id: 4\ndata: a\n\nid: 5\nevent: lost\ndata: half');
    parser.end();
    expect(parser.lastEventId()).toBe('4');
    parser.push('\uFEFFdata: b\n\n');
    parser.end();
    expect(events).toEqual([message('a', '4'), message('b', '4')]);
  });

  it('works without the optional handlers', () => {
    const events: ServerSentEvent[] = [];
    const parser = createEventStreamParser({ onEvent: (event) => events.push(event) });
    parser.push('retry: 10\nid: 1\n\ndata: x\n\n');
    expect(events).toEqual([message('x', '1')]);
  });
});
