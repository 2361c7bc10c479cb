import type { FastifyInstance } from 'fastify';

/** The fetch signature the sdk, the portal and the help widget take. */
/** The client address the server sees for requests through the in-process fetch (unless `remoteAddress` says). */
export const IN_PROCESS_CLIENT_ADDRESS = '10.254.0.1';

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** The in-process fetch plus control over the event streams it holds open. */
export interface InProcessFetch extends Fetch {
  /** How many `text/event-stream` responses are open now. */
  openStreams(): number;
  /** Breaks every open event stream, as a network failure would (the server sees the connection close). */
  dropStreams(): void;
}

/** Options of {@link inProcessFetch}. */
export interface InProcessFetchOptions {
  /** The origin requests are made against; a request to another origin is refused like an unreachable host. */
  baseUrl: string;
  /** The client address the server sees (per-IP limits key on it); a function is asked per request. */
  remoteAddress?: string | (() => string);
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The request's method, headers and body bytes, read through the environment's own Request (jsdom, happy-dom, node). */
async function readRequest(input: string | URL | Request, init: RequestInit | undefined) {
  const request = new Request(input, init);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // happy-dom's Request drops an Origin header (a browser sets it itself): keep the one the caller names.
  const origin = new Headers(init?.headers).get('origin');
  if (origin !== null && headers.origin === undefined) headers.origin = origin;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null;
  const body = hasBody ? Buffer.from(await request.arrayBuffer()) : undefined;
  return {
    url: new URL(request.url),
    method: request.method,
    headers,
    body,
    signal: init?.signal ?? request.signal,
  };
}

/**
 * A fetch that hands each request to Fastify's `inject` (no port, no socket) and answers a streaming Response:
 * the body arrives as the server writes it, so server-sent events are read as they come. Aborting the signal
 * closes the server's side of the response, as a dropped connection does.
 */
export function inProcessFetch(app: FastifyInstance, options: InProcessFetchOptions): InProcessFetch {
  const origin = new URL(options.baseUrl).origin;
  const streams = new Set<() => void>();
  const fetch: Fetch = async (input, init) => {
    const request = await readRequest(input, init);
    if (request.url.origin !== origin)
      throw new TypeError(`fetch failed: ${request.url.origin} is not the test server (${origin})`);
    const signal = request.signal ?? undefined;
    if (signal?.aborted) throw abortError(signal);
    const response = await app.inject({
      method: request.method as 'GET',
      url: `${request.url.pathname}${request.url.search}`,
      headers: request.headers,
      remoteAddress:
        typeof options.remoteAddress === 'function'
          ? options.remoteAddress()
          : (options.remoteAddress ?? IN_PROCESS_CLIENT_ADDRESS),
      payloadAsStream: true,
      ...(request.body ? { payload: request.body } : {}),
    });
    const stream = response.stream();
    const raw = response.raw.res;
    // The server sees the connection close (its `close` listeners end streams); the reader sees `reason`.
    let settled = false;
    let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
    const hangUp = (reason: Error | undefined) => {
      raw.destroy();
      stream.destroy();
      if (settled) return;
      settled = true;
      if (reason) controller?.error(reason);
      else controller?.close();
    };
    const onAbort = () => hangUp(abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    const drop = () => hangUp(new TypeError('network error (test server dropped the stream)'));
    if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) streams.add(drop);
    stream.once('close', () => {
      signal?.removeEventListener('abort', onAbort);
      streams.delete(drop);
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const status = response.statusCode;
    let body: ReadableStream<Uint8Array> | null = null;
    if (NULL_BODY_STATUSES.has(status) || request.method === 'HEAD') stream.resume();
    else
      body = new ReadableStream<Uint8Array>({
        start(opened) {
          controller = opened;
          stream.on('data', (chunk: Buffer) => {
            if (!settled) opened.enqueue(new Uint8Array(chunk));
          });
          stream.once('end', () => {
            if (settled) return;
            settled = true;
            opened.close();
          });
          stream.once('error', (error) => hangUp(error));
        },
        // The reader cancelled (an EventSource closed, a body not read): the server sees the client leave.
        cancel() {
          settled = true;
          hangUp(undefined);
        },
      });
    return new Response(body, { status, statusText: response.statusMessage, headers });
  };
  return Object.assign(fetch, {
    openStreams: () => streams.size,
    dropStreams() {
      for (const drop of [...streams]) drop();
    },
  });
}

function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error) return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}
