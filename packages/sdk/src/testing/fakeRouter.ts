import {
  bearerToken,
  compile,
  type FakeAccount,
  type FakeHandler,
  FakeRefusal,
  failure,
  hasUnstorableText,
} from './fakeHttp';
import { FAKE_ROUTES, type FakeOperationId } from './fakeRoutes';

// The fake server's routing, as the server's: a request finds its route by path then method (405 for a known path
// with another method, 404 for none), is authenticated, its JSON body parsed and its text checked before the
// handler runs; a handler's FakeRefusal becomes the error answer. Tests' overrides (`on`) come first.

/** One request the fake received. */
export interface FakeCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

interface Route {
  method: string;
  pattern: RegExp;
  names: string[];
  handler: FakeHandler;
  authenticated: boolean;
}

/** Routes operations of FAKE_ROUTES to handlers; `ownerOf` names the account an access token belongs to. */
export function createFakeRouter(ownerOf: (accessToken: string) => FakeAccount | undefined) {
  const calls: FakeCall[] = [];
  const overrides: Route[] = [];
  const played = new Map<FakeOperationId, Route>();

  /** Plays one operation of FAKE_ROUTES (its fixed path parameters added to the request's). */
  const play = (operationId: FakeOperationId, handler: FakeHandler) => {
    const route = FAKE_ROUTES.find((candidate) => candidate.operationId === operationId);
    if (!route) throw new Error(`fake server: ${operationId} is not in FAKE_ROUTES`);
    const fixed: Readonly<Record<string, string>> = 'fixed' in route ? route.fixed : {};
    played.set(operationId, {
      method: route.method,
      ...compile(route.path),
      handler: (context) => handler({ ...context, params: { ...context.params, ...fixed } }),
      authenticated: route.authenticated,
    });
  };
  /** Plays every operation of `handlers`, in their order. */
  const playAll = (handlers: Partial<Record<FakeOperationId, FakeHandler>>) => {
    for (const [operationId, handler] of Object.entries(handlers) as Array<[FakeOperationId, FakeHandler]>) {
      play(operationId, handler);
    }
  };
  /** Throws unless every operation of FAKE_ROUTES is played. */
  const checkAllPlayed = () => {
    const unplayed = FAKE_ROUTES.filter((route) => !played.has(route.operationId));
    if (unplayed.length > 0)
      throw new Error(`fake server: no handler for ${unplayed.map((r) => r.operationId)}`);
  };
  /**
   * Answers `method template` with `handler` instead of the default (tests that need a particular answer).
   * Later registrations win. Authenticated as the route of FAKE_ROUTES with that method and path.
   */
  const on = (
    method: string,
    template: string,
    handler: FakeHandler,
    authenticated = FAKE_ROUTES.some(
      (route) => route.method === method && route.path === template && route.authenticated,
    ),
  ) => {
    overrides.unshift({ method, ...compile(template), handler, authenticated });
  };

  function parseBody(init: RequestInit): { body: unknown } | { malformed: true } {
    if (typeof init.body === 'string') {
      if (init.body === '') return { body: undefined };
      try {
        return { body: JSON.parse(init.body) as unknown };
      } catch {
        return { malformed: true };
      }
    }
    return { body: init.body ?? undefined };
  }

  async function answer(route: Route, match: RegExpExecArray, url: URL, init: RequestInit, headers: Headers) {
    const bearer = bearerToken(headers);
    const owner = bearer === undefined ? undefined : ownerOf(bearer);
    // As the server: authentication first, then the body, then the handler's own checks.
    if (route.authenticated && !owner) return failure('UNAUTHORIZED');
    const parsed = parseBody(init);
    if ('malformed' in parsed) return failure('MALFORMED_JSON');
    const params = Object.fromEntries(
      route.names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? '')]),
    );
    const { body } = parsed;
    if ([Object.fromEntries(url.searchParams), params, body].some(hasUnstorableText)) {
      return failure('CONTROL_CHARACTERS');
    }
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    try {
      return await route.handler({
        method: route.method,
        path: url.pathname,
        params,
        query: url.searchParams,
        body: record,
        rawBody: body,
        headers,
        account: owner,
      });
    } catch (error) {
      if (error instanceof FakeRefusal) return failure(error.code, error.status);
      throw error;
    }
  }

  async function fetch(input: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    if (init.signal?.aborted) throw new DOMException('The request was aborted', 'AbortError');
    const parsed = parseBody(init);
    calls.push({ method, path: url.pathname, headers, body: 'body' in parsed ? parsed.body : init.body });
    let allowed = false;
    for (const route of [...overrides, ...played.values()]) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      if (route.method !== method) {
        allowed = true;
        continue;
      }
      return answer(route, match, url, init, headers);
    }
    return allowed ? failure('METHOD_NOT_ALLOWED') : failure('ROUTE_NOT_FOUND');
  }

  return {
    fetch,
    calls,
    on,
    playAll,
    checkAllPlayed,
    /** The requests made to `template` (a path from core, `:params` allowed). */
    callsTo(method: string, template: string): FakeCall[] {
      const { pattern } = compile(template);
      return calls.filter((call) => call.method === method && pattern.test(call.path));
    },
  };
}
