import type { Fetch } from './in-process-fetch.js';

/** One request a client made, as the server saw it asked. */
export interface RecordedCall {
  method: string;
  /** Path without the query, e.g. `/proxy/.../companies/990340005977/documents`. */
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  /** The body as text (JSON bodies: parse it with `json()`); undefined without a body. */
  body: string | undefined;
  /** The JSON body parsed (throws when the body is not JSON). */
  json(): unknown;
}

/**
 * Which requests a fault applies to: a method and path template from core (`':param'` segments match any one
 * segment, e.g. `['POST', DOCUMENT_PATHS.send]`), a path template alone (any method), or a predicate.
 */
export type CallMatch =
  | string
  | readonly [method: string, pathTemplate: string]
  | ((call: RecordedCall) => boolean);

/** What {@link FaultInjection.failNext} answers instead of the server. */
export type Failure =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { networkError: true };

/** A held request: it waits until `release()` (then goes to the server) or `fail()`. */
export interface HeldCall {
  /** Resolves when a matching request has arrived and is waiting. */
  readonly arrived: Promise<RecordedCall>;
  /** Lets the waiting request (and any later matching one) go to the server. */
  release(): void;
}

/** A fetch wrapper that records calls and plays failures, held requests and hand-made answers. */
export interface FaultInjection {
  readonly fetch: Fetch;
  /** Every request made through `fetch`, in order. */
  readonly calls: RecordedCall[];
  /** The calls a match selects (see {@link CallMatch}). */
  callsTo(match: CallMatch): RecordedCall[];
  /** The next matching request gets `failure` instead of reaching the server (once per call of failNext). */
  failNext(match: CallMatch, failure: Failure): void;
  /** Matching requests wait until the returned handle is released (loading states, races). */
  hold(match: CallMatch): HeldCall;
  /** Matching requests are answered by `handler` until the returned function is called. */
  intercept(match: CallMatch, handler: (call: RecordedCall) => Response | Promise<Response>): () => void;
  /** Forgets the recorded calls and every failure and interception; held requests are released. */
  reset(): void;
}

function templateRegExp(template: string): RegExp {
  const escaped = template
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}$`);
}

/** A predicate over recorded calls from a {@link CallMatch}. */
export function matcherOf(match: CallMatch): (call: RecordedCall) => boolean {
  if (typeof match === 'function') return match;
  const [method, template] = typeof match === 'string' ? [undefined, match] : match;
  const path = templateRegExp(template);
  return (call) => (method === undefined || call.method === method.toUpperCase()) && path.test(call.path);
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' }),
      ...headers,
    },
  });
}

/** Wraps `inner` (the in-process fetch) with recording and fault injection. */
export function withFaultInjection(inner: Fetch): FaultInjection {
  const calls: RecordedCall[] = [];
  let failures: Array<{ match: (call: RecordedCall) => boolean; failure: Failure }> = [];
  let holds: Array<{
    match: (call: RecordedCall) => boolean;
    gate: Promise<void>;
    arrive: (call: RecordedCall) => void;
    release: () => void;
  }> = [];
  let intercepts: Array<{
    match: (call: RecordedCall) => boolean;
    handler: (call: RecordedCall) => Response | Promise<Response>;
  }> = [];

  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const body = request.body === null ? undefined : await request.clone().text();
    const call: RecordedCall = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body,
      json: () => JSON.parse(body ?? ''),
    };
    calls.push(call);
    const failure = failures.findIndex((entry) => entry.match(call));
    if (failure >= 0) {
      const [entry] = failures.splice(failure, 1);
      if (entry && 'networkError' in entry.failure) throw new TypeError('fetch failed (test network error)');
      if (entry && 'status' in entry.failure)
        return jsonResponse(entry.failure.status, entry.failure.body, entry.failure.headers);
    }
    for (const hold of holds.filter((entry) => entry.match(call))) {
      hold.arrive(call);
      await hold.gate;
    }
    const intercept = intercepts.find((entry) => entry.match(call));
    if (intercept) return intercept.handler(call);
    return inner(input instanceof Request ? request : input, input instanceof Request ? undefined : init);
  };

  return {
    fetch,
    calls,
    callsTo: (match) => calls.filter(matcherOf(match)),
    failNext(match, failure) {
      failures.push({ match: matcherOf(match), failure });
    },
    hold(match) {
      let release: () => void = () => undefined;
      let arrive: (call: RecordedCall) => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const arrived = new Promise<RecordedCall>((resolve) => {
        arrive = resolve;
      });
      const entry = { match: matcherOf(match), gate, arrive, release: () => release() };
      holds.push(entry);
      return {
        arrived,
        release() {
          holds = holds.filter((other) => other !== entry);
          release();
        },
      };
    },
    intercept(match, handler) {
      const entry = { match: matcherOf(match), handler };
      intercepts.push(entry);
      return () => {
        intercepts = intercepts.filter((other) => other !== entry);
      };
    },
    reset() {
      calls.length = 0;
      failures = [];
      // Requests a finished test still held go on, so nothing waits forever.
      for (const hold of holds) hold.release();
      holds = [];
      intercepts = [];
    },
  };
}

/** A JSON error answer in the server's shape, for `intercept` handlers. */
export function errorResponse(status: number, code: string, message = code): Response {
  return jsonResponse(status, { code, message });
}
