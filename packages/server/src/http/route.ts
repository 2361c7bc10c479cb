import multipart from '@fastify/multipart';
import { AppError, hasUnstorableCharacters, isErrorCode, type Lang } from '@qoltanba/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { requestLang } from './request-lang.js';

/** HTTP methods a route may use. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Per-route rate limit, stricter (or looser) than the global one. */
export interface RouteRateLimit {
  max: number;
  /** Milliseconds, or a duration such as '1 minute'. */
  timeWindow: number | string;
}

type Schema = z.ZodType;

/** One part of a multipart request body, as the OpenAPI document describes it. */
export type MultipartPart =
  | { name: string; kind: 'json'; schema: z.ZodType; description: string; required: boolean }
  | { name: string; kind: 'text'; maxLength: number; description: string; required: boolean }
  | {
      name: string;
      kind: 'files';
      /** Content types the server accepts (it checks the content itself, not the declared type). */
      contentTypes: readonly string[];
      maxCount: number;
      description: string;
      required: boolean;
    };

/** A `multipart/form-data` body, read by the handler as a stream with `request.parts()`. */
export interface MultipartBody {
  /** The parts, in the order the client must send them. */
  parts: readonly MultipartPart[];
  /** Parser limits: bytes per file, files, fields, bytes per field, parts. */
  limits: { fileSize: number; files: number; fields: number; fieldSize: number; parts: number };
}
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler receives: validated input, the request language and the raw Fastify objects. */
export interface RouteContext<Q, P, B, H = undefined> {
  query: Q;
  params: P;
  body: B;
  /** The request headers `headers` declares, validated (undefined when the route declares none). */
  headers: H;
  lang: Lang;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * One API operation: where it lives, its zod schemas (validation and OpenAPI come from the same
 * objects) and its handler. Create it with {@link defineRoute} so the handler's types are inferred.
 */
export interface RouteDefinition<
  TQuery extends Schema | undefined = Schema | undefined,
  TParams extends Schema | undefined = Schema | undefined,
  TBody extends Schema | undefined = Schema | undefined,
  TResponse extends Schema = Schema,
  THeaders extends Schema | undefined = Schema | undefined,
> {
  method: HttpMethod;
  /** Fastify path syntax: `/proxy/documents/api/v1/document/:id`. */
  url: string;
  summary: string;
  description?: string;
  tags?: string[];
  /**
   * Unique camelCase name of the operation (`login`, `getProfile`): partners generate client methods from it,
   * so it is part of the contract. Required, hidden routes included.
   */
  operationId: string;
  query?: TQuery;
  params?: TParams;
  body?: TBody;
  /**
   * Request headers the route reads (an object schema, lower-case names), validated like the query and listed in
   * the OpenAPI document as header parameters.
   */
  headers?: THeaders;
  /** Schema of the success response body. */
  response: TResponse;
  /** Success status; 200 by default. */
  status?: 200 | 201 | 202 | 204;
  /**
   * `html` routes return a string sent as text/html; `binary` routes return bytes and set their own
   * content type on the reply; `event-stream` routes take the reply over (`reply.hijack()`) and write
   * server-sent events whose data is `response` (not checked by the helper).
   */
  produces?: 'json' | 'html' | 'binary' | 'event-stream';
  /** Content types a `binary` route answers with, for the OpenAPI document (application/octet-stream if absent). */
  binaryContentTypes?: readonly string[];
  /**
   * The route needs a signed-in user: the registry's authenticator runs before input validation, so an
   * anonymous caller gets 401 rather than a validation error. The handler reads the user with `requireUser`.
   */
  auth?: boolean;
  /**
   * Another credential the handler checks itself, for the OpenAPI document: a partner API key (`qk_...`) or an embed
   * session (`qs_...`), both as `Authorization: Bearer`.
   */
  security?: 'partnerApiKey' | 'embedSession';
  /**
   * Checks that credential before input validation, as `auth` does for users (and, for multipart routes, before
   * the body is read): a caller without it gets the route's 401, never a validation error. Routes with `security`
   * set it; the handler reads what it found from its own per-request cache.
   */
  authorize?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /**
   * The body is raw bytes of any content type (a Buffer, not JSON): the handler checks the content itself.
   * The listed types are what the OpenAPI document advertises.
   */
  rawBody?: { contentTypes: readonly string[] };
  /**
   * The body is `multipart/form-data`, streamed: nothing is parsed before the handler, which iterates
   * `request.parts()` (limits from here). Other content types answer 415.
   */
  multipart?: MultipartBody;
  /** An empty body sent as `application/json` reads as no body instead of 400 MALFORMED_JSON. */
  allowEmptyJsonBody?: boolean;
  rateLimit?: RouteRateLimit;
  /** Largest accepted body in bytes for this route (the global limit applies otherwise). */
  bodyLimit?: number;
  /** Left out of the OpenAPI document. */
  hidden?: boolean;
  /**
   * Any web page may call the route from a browser (the custom elements on partner pages use it): answers carry
   * `Access-Control-Allow-Origin: *` and preflights are answered (http/public-cors.ts). Anonymous routes only: no
   * credentials are ever allowed cross-origin.
   */
  publicCors?: boolean;
  handler: (
    context: RouteContext<Parsed<TQuery>, Parsed<TParams>, Parsed<TBody>, Parsed<THeaders>>,
  ) => Promise<z.input<TResponse>>;
}

/** Type-erased route definition, as kept in a registry. */
// biome-ignore lint/suspicious/noExplicitAny: erases the handler's generic context for storage.
export type AnyRouteDefinition = RouteDefinition<any, any, any, any, any>;

/** Identity function that gives a route definition its inferred types. */
export function defineRoute<
  TQuery extends Schema | undefined = undefined,
  TParams extends Schema | undefined = undefined,
  TBody extends Schema | undefined = undefined,
  TResponse extends Schema = Schema,
  THeaders extends Schema | undefined = undefined,
>(
  definition: RouteDefinition<TQuery, TParams, TBody, TResponse, THeaders>,
): RouteDefinition<TQuery, TParams, TBody, TResponse, THeaders> {
  return definition;
}

/** The name of the first offending field of a zod error, or the input's location when the whole value is wrong. */
export function invalidField(error: z.ZodError, location: string): string {
  const path = error.issues[0]?.path ?? [];
  return path.length > 0 ? path.map(String).join('.') : location;
}

/**
 * The error answered for invalid input: the first issue's message when it is a catalogue code (core's field
 * schemas use codes such as INVALID_LOGIN or PASSWORD_TOO_SHORT as messages), else VALIDATION_FAILED {field}.
 */
export function validationError(error: z.ZodError, location: string): AppError {
  const message = error.issues[0]?.message;
  if (isErrorCode(message)) return new AppError(message);
  return new AppError('VALIDATION_FAILED', { field: invalidField(error, location) });
}

/**
 * True when a parsed input (query, params, JSON body) holds a string or an object key with NUL or a lone
 * surrogate (see core's `hasUnstorableCharacters`). Bytes are not text and are skipped. Walks with its own
 * stack: a JSON body may nest deeper than the call stack allows.
 */
export function hasUnstorableText(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (typeof value === 'object' && value !== null && !(value instanceof Uint8Array)) {
      for (const [key, item] of Object.entries(value)) {
        if (hasUnstorableCharacters(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function parseInput<S extends Schema | undefined>(schema: S, value: unknown, location: string): Parsed<S> {
  if (schema === undefined) return undefined as Parsed<S>;
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error, location);
  return result.data as Parsed<S>;
}

/** Options of {@link registerRoute}. */
export interface RegisterRouteOptions {
  /** Check handler results against the response schema (on outside production, to catch contract drift). */
  validateResponses: boolean;
  /** Rejects a request without a valid user (throws 401); required for routes with `auth: true`. */
  authenticate?: (request: FastifyRequest) => Promise<unknown>;
}

/**
 * Registers a route on Fastify: authenticates (for `auth` routes), refuses NUL and lone surrogates anywhere in
 * query, params and body with 400 CONTROL_CHARACTERS (no route can store them; field schemas refuse other
 * control characters), zod-validates query, params and body, and sends the handler's result.
 */
export function registerRoute(
  app: FastifyInstance,
  definition: AnyRouteDefinition,
  options: RegisterRouteOptions,
): void {
  const status = definition.status ?? 200;
  const userCheck = definition.auth ? options.authenticate : undefined;
  const authenticate: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined =
    userCheck ? (request) => userCheck(request) : definition.authorize;
  if (definition.auth && !userCheck) {
    throw new Error(`${definition.method} ${definition.url} needs a user but no authenticator is configured`);
  }
  const route: RouteOptions = {
    method: definition.method,
    url: definition.url,
    ...(definition.bodyLimit ? { bodyLimit: definition.bodyLimit } : {}),
    // Uploads are refused before their body is parsed: an anonymous caller gets 401 (not 415), and the
    // connection is closed instead of reading a body nobody will use.
    ...(definition.multipart && authenticate
      ? {
          preParsing: async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            try {
              await authenticate(request, reply);
            } catch (error) {
              reply.header('connection', 'close');
              throw error;
            }
            return payload;
          },
        }
      : {}),
    config: {
      ...(definition.rateLimit ? { rateLimit: definition.rateLimit } : {}),
      ...(definition.allowEmptyJsonBody ? { allowEmptyJsonBody: true } : {}),
      ...(definition.produces === 'event-stream' ? { eventStream: true } : {}),
    },
    handler: async (request, reply) => {
      if (authenticate) await authenticate(request, reply);
      if ([request.query, request.params, request.body].some(hasUnstorableText)) {
        throw new AppError('CONTROL_CHARACTERS');
      }
      const query = parseInput(definition.query, request.query, 'query');
      const params = parseInput(definition.params, request.params, 'params');
      const body = parseInput(definition.body, request.body, 'body');
      const headers = parseInput(definition.headers, request.headers, 'headers');
      const result = await definition.handler({
        query,
        params,
        body,
        headers,
        lang: requestLang(request),
        request,
        reply,
      });
      if (options.validateResponses && definition.produces !== 'event-stream') {
        const checked = definition.response.safeParse(result);
        if (!checked.success) {
          throw new Error(
            `Response of ${definition.method} ${definition.url} does not match its schema: ${checked.error.message}`,
          );
        }
      }
      if (reply.sent) return reply;
      if (reply.statusCode === 200 && status !== 200) reply.code(status);
      if (status === 204) return reply.send();
      if (definition.produces === 'html') {
        return reply.type('text/html; charset=utf-8').send(result);
      }
      return reply.send(result);
    },
  };
  if (definition.multipart) {
    const { limits } = definition.multipart;
    // Own scope: only multipart is parsed here, and only lazily, by the handler.
    void app.register((scope, _options, done) => {
      scope.removeAllContentTypeParsers();
      void scope.register(multipart, { limits, throwFileSizeLimit: true });
      // A child plugin loads after the multipart plugin, so the route sees its parser and decorators.
      void scope.register((inner, _innerOptions, innerDone) => {
        inner.route(route);
        innerDone();
      });
      done();
    });
    return;
  }
  if (!definition.rawBody) {
    app.route(route);
    return;
  }
  // Raw-body routes live in their own scope so their catch-all parser does not reach the JSON routes.
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    scope.route(route);
    done();
  });
}

/** True when the request's route accepts an empty JSON body (see `allowEmptyJsonBody`). */
export function allowsEmptyJsonBody(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { allowEmptyJsonBody?: unknown } | undefined;
  return config?.allowEmptyJsonBody === true;
}

/** Whether the request's route is an `event-stream` route (it keeps the idle timeout: its heartbeats beat it). */
export function isEventStreamRoute(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { eventStream?: unknown } | undefined;
  return config?.eventStream === true;
}

/** A regular expression matching the concrete paths of a Fastify route URL (`:param` = one segment). */
export function urlPattern(url: string): RegExp {
  const source = url
    .split(/(:[A-Za-z0-9_]+)/)
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

const OPERATION_ID = /^[a-z][A-Za-z0-9]*$/;

/** Keeps every route registered through the helper, in order, for the OpenAPI document. */
export class RouteRegistry {
  readonly #routes: AnyRouteDefinition[] = [];
  readonly #patterns: Array<{ method: HttpMethod; pattern: RegExp; publicCors: boolean }> = [];
  readonly #operationIds = new Set<string>();

  /** Adds a route; throws when its operationId is not camelCase or another route already has it. */
  add(definition: AnyRouteDefinition): void {
    const { operationId, method, url } = definition;
    if (!OPERATION_ID.test(operationId)) {
      throw new Error(`${method} ${url}: operationId "${operationId}" is not camelCase`);
    }
    if (this.#operationIds.has(operationId)) {
      throw new Error(`${method} ${url}: operationId "${operationId}" is already taken by another route`);
    }
    if (definition.publicCors && (definition.auth || definition.security)) {
      throw new Error(`${method} ${url}: a route with a credential cannot be publicCors`);
    }
    this.#operationIds.add(operationId);
    this.#routes.push(definition);
    this.#patterns.push({
      method: definition.method,
      pattern: urlPattern(definition.url),
      publicCors: definition.publicCors === true,
    });
  }

  /** Methods registered for a concrete path (e.g. to answer 405 with an Allow header); HEAD comes with GET. */
  methodsFor(path: string): HttpMethod[] {
    const methods = this.#patterns.filter(({ pattern }) => pattern.test(path)).map(({ method }) => method);
    return [...new Set(methods)];
  }

  /** Methods of the `publicCors` routes at a concrete path (empty when none: no CORS there). */
  publicCorsMethodsFor(path: string): HttpMethod[] {
    const methods = this.#patterns
      .filter(({ pattern, publicCors }) => publicCors && pattern.test(path))
      .map(({ method }) => method);
    return [...new Set(methods)];
  }

  /** Routes in registration order. */
  list(): readonly AnyRouteDefinition[] {
    return this.#routes;
  }
}
