import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEventStreamParser, type ServerSentEvent } from './event-stream-parser';
import { readEventStream } from './read-event-stream';

// Streams are generated as blocks of fields (a model), written out with random line ends, and cut at random places.
// The model says what must come out, without parsing text, so the property checks the parser against the standard's
// rules and not only against itself.

type Field =
  | { kind: 'data' | 'event' | 'id' | 'retry'; value: string }
  | { kind: 'comment'; value: string }
  | { kind: 'unknown'; name: string; value: string };

interface Outcome {
  events: ServerSentEvent[];
  ids: string[];
  retries: number[];
  lastEventId: string;
}

// Characters that matter: separators, spaces, NUL, a BOM, Cyrillic/Kazakh letters (two UTF-8 bytes), an astral one.
const text = fc.string({
  unit: fc.constantFrom('a', 'Z', '7', ':', ' ', '\u0000', '\uFEFF', 'ә', 'Ж', '€', '😀'),
  maxLength: 8,
});
const retryValue = fc.oneof(
  fc.stringMatching(/^[0-9]{1,6}$/),
  fc.constantFrom('', ' 5', '1.5', '-1', '5ms', '٥', 'soon'),
);
const field: fc.Arbitrary<Field> = fc.oneof(
  { weight: 4, arbitrary: text.map((value) => ({ kind: 'data' as const, value })) },
  { weight: 1, arbitrary: text.map((value) => ({ kind: 'event' as const, value })) },
  { weight: 2, arbitrary: text.map((value) => ({ kind: 'id' as const, value })) },
  { weight: 1, arbitrary: retryValue.map((value) => ({ kind: 'retry' as const, value })) },
  { weight: 1, arbitrary: text.map((value) => ({ kind: 'comment' as const, value })) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('unknown' as const),
      name: fc.constantFrom('foo', 'Data', 'ID', 'retry ', 'data ', 'événement'),
      value: text,
    }),
  },
);
const stream = fc.record({
  bom: fc.boolean(),
  blocks: fc.array(fc.array(field, { maxLength: 5 }), { maxLength: 6 }),
  // Fields after the last blank line: read, but their event is never dispatched.
  unfinished: fc.array(field, { maxLength: 3 }),
  // Text after the last line end: never a line.
  tail: fc.constantFrom('', 'data: x', 'retry: 10', 'id: 9', ':', 'd'),
  lineEnds: fc.array(fc.constantFrom('\n', '\r', '\r\n'), { minLength: 1, maxLength: 7 }),
  // Cut points, taken modulo the length of what is cut.
  cuts: fc.array(fc.nat(), { maxLength: 12 }),
});
type Stream = typeof stream extends fc.Arbitrary<infer T> ? T : never;

function fieldLine(item: Field, variant: number): string {
  if (item.kind === 'comment') return `:${item.value}`;
  const name = item.kind === 'unknown' ? item.name : item.kind;
  // Without the space only a value not starting with one survives unchanged; with it, any value does.
  if (item.value === '' && variant % 3 === 0) return name;
  if (!item.value.startsWith(' ') && variant % 2 === 0) return `${name}:${item.value}`;
  return `${name}: ${item.value}`;
}

/** The text of a model: each line gets the next of `lineEnds` in turn (never an LF right after a CR on a blank line). */
function write(model: Stream): string {
  const lines: string[] = [];
  for (const block of model.blocks) lines.push(...block.map((item, index) => fieldLine(item, index)), '');
  lines.push(...model.unfinished.map((item, index) => fieldLine(item, index)));
  let out = model.bom ? '\uFEFF' : '';
  let previousEnd = '';
  lines.forEach((line, index) => {
    let end = model.lineEnds[index % model.lineEnds.length] ?? '\n';
    // "\r" + "\n" would read as one CRLF, swallowing the blank line.
    if (line === '' && previousEnd === '\r' && end === '\n') end = '\r';
    out += line + end;
    previousEnd = end;
  });
  return out + model.tail;
}

/** What the standard says a model's stream dispatches. */
function expected(model: Stream): Outcome {
  const outcome: Outcome = { events: [], ids: [], retries: [], lastEventId: '' };
  let idBuffer = '';
  const apply = (items: Field[], ended: boolean) => {
    const data: string[] = [];
    let type = '';
    let hasId = false;
    for (const item of items) {
      if (item.kind === 'data') data.push(item.value);
      else if (item.kind === 'event') type = item.value;
      else if (item.kind === 'id' && !item.value.includes('\u0000')) {
        idBuffer = item.value;
        hasId = true;
      } else if (item.kind === 'retry' && /^[0-9]+$/.test(item.value))
        outcome.retries.push(Number(item.value));
    }
    if (!ended) return;
    outcome.lastEventId = idBuffer;
    if (hasId) outcome.ids.push(idBuffer);
    if (data.length > 0)
      outcome.events.push({
        ...(idBuffer ? { id: idBuffer } : {}),
        event: type || 'message',
        data: data.join('\n'),
      });
  };
  for (const block of model.blocks) apply(block, true);
  apply(model.unfinished, false);
  return outcome;
}

function cut<T extends { length: number; slice(start: number, end?: number): T }>(
  whole: T,
  cuts: number[],
): T[] {
  const points = [...new Set(cuts.map((point) => point % (whole.length + 1)))].sort((a, b) => a - b);
  const pieces: T[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(whole.slice(start, point));
    start = point;
  }
  pieces.push(whole.slice(start));
  return pieces;
}

function collector() {
  const outcome: Outcome = { events: [], ids: [], retries: [], lastEventId: '' };
  const handlers = {
    onEvent: (event: ServerSentEvent) => outcome.events.push(event),
    onLastEventId: (id: string) => {
      outcome.ids.push(id);
    },
    onRetry: (milliseconds: number) => outcome.retries.push(milliseconds),
  };
  return { outcome, handlers };
}

function parseText(pieces: string[]): Outcome {
  const { outcome, handlers } = collector();
  const parser = createEventStreamParser(handlers);
  for (const piece of pieces) parser.push(piece);
  parser.end();
  return { ...outcome, lastEventId: parser.lastEventId() };
}

async function readBytes(pieces: Uint8Array[]): Promise<Outcome> {
  const { outcome, handlers } = collector();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  await readEventStream(body, handlers);
  return { ...outcome, lastEventId: outcome.ids.at(-1) ?? '' };
}

describe('event stream parsing, property', () => {
  it('gives what the standard says, whole or cut anywhere into text chunks', () => {
    fc.assert(
      fc.property(stream, (model) => {
        const textOf = write(model);
        const want = expected(model);
        expect(parseText([textOf])).toEqual(want);
        expect(parseText(cut(textOf, model.cuts))).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same from UTF-8 bytes cut anywhere, even inside a character', async () => {
    await fc.assert(
      fc.asyncProperty(stream, async (model) => {
        const bytes = new TextEncoder().encode(write(model));
        const want = expected(model);
        expect(await readBytes(cut(bytes, model.cuts))).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });
});
