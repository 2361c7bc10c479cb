import { get, type IncomingMessage } from 'node:http';

/** One block of a text/event-stream: its `id:`, its `data:` and whether it was only a comment. */
export interface StreamBlock {
  id: string | undefined;
  data: string | undefined;
  comment: boolean;
}

/** An open text/event-stream read over a real socket. */
export interface EventStreamReader {
  status: number;
  headers: Headers;
  /** Blocks received so far, in order. */
  readonly blocks: readonly StreamBlock[];
  /** Waits until `count` blocks with data have arrived (the test's timeout bounds it) and answers them. */
  events(count: number): Promise<StreamBlock[]>;
  /** Settles when the server ends the stream. */
  ended: Promise<void>;
  /** Waits until a block satisfies `match`. */
  until(match: (block: StreamBlock) => boolean): Promise<StreamBlock>;
  close(): void;
}

function parseBlock(text: string): StreamBlock {
  const block: StreamBlock = { id: undefined, data: undefined, comment: true };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) continue;
    block.comment = false;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') block.id = value;
    if (field === 'data') block.data = block.data === undefined ? value : `${block.data}\n${value}`;
  }
  return block;
}

/**
 * Opens `url` with `node:http` and reads its server-sent events as they arrive, until `close()` (fetch was not used:
 * undici kept a connection open after a cancelled body, which held the test server's close for seconds).
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<EventStreamReader> {
  const blocks: StreamBlock[] = [];
  let changed: () => void = () => undefined;
  let buffer = '';
  const request = get(url, { headers });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  request.on('error', () => undefined);
  response.setEncoding('utf8');
  const ended = new Promise<void>((resolve) => {
    response.once('end', resolve);
    response.once('close', resolve);
  });
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      blocks.push(parseBlock(buffer.slice(0, end)));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
    changed();
  });
  const waitFor = async <T>(check: () => T | undefined): Promise<T> => {
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      await new Promise<void>((resolve) => {
        changed = resolve;
      });
    }
  };
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return {
    status: response.statusCode ?? 0,
    headers: responseHeaders,
    blocks,
    ended,
    events: (count) =>
      waitFor(() => {
        const withData = blocks.filter((block) => block.data !== undefined);
        return withData.length >= count ? withData.slice(0, count) : undefined;
      }),
    until: (match) => waitFor(() => blocks.find(match)),
    close() {
      request.destroy();
    },
  };
}
