import {
  type Company,
  type ErrorCode,
  type ErrorParams,
  errorMessage,
  errorStatus,
  hasUnstorableCharacters,
  isErrorCode,
  type Profile,
  paramsForCode,
} from '@qoltanba/core';

// The fake server's HTTP pieces: answers, refusals and the server's input-validation rule.

/** A JSON answer. */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** An empty 204 answer. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/**
 * An error answer shaped as the server's: `{ code, message, params }` with only the params the code's text has
 * placeholders for, and a `retryAfter` (RATE_LIMITED, SIGNING_LINK_RESEND_TOO_EARLY, ...) also as the Retry-After header. The status defaults to the
 * catalogue's, as the server's AppError does.
 *
 * @example failure('RATE_LIMITED', 429, { retryAfter: 57 })
 */
export function failure(code: ErrorCode, status = errorStatus(code), params?: ErrorParams): Response {
  const shown = paramsForCode(code, params);
  const response = json(status, {
    code,
    message: errorMessage(code, 'en', shown),
    ...(shown ? { params: shown } : {}),
  });
  // Only codes whose text has {retryAfter} keep it in `shown`, as the server's header rule.
  if (typeof shown?.retryAfter === 'number') {
    response.headers.set('retry-after', String(shown.retryAfter));
  }
  return response;
}

/** Thrown by a fake handler to answer with an error, as the server's handlers throw AppError. */
export class FakeRefusal extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode, status = errorStatus(code), params?: ErrorParams) {
    super(code);
    this.code = code;
    this.status = status;
    this.params = params;
  }
}

/** Throws a {@link FakeRefusal}; `params` fill the code's text, as the server's `AppError(code, params)`. */
export function refuse(code: ErrorCode, params?: ErrorParams, status?: number): never {
  throw new FakeRefusal(code, status, params);
}

/** What the fake reads of a zod issue. */
export interface ParseIssue {
  message: string;
  path?: ReadonlyArray<PropertyKey>;
}

/** The part of a zod schema the fake uses. */
export interface Parser<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<ParseIssue> } };
}

/**
 * Parses input as the server's route helper does: the first issue's message when it is a catalogue code
 * (core's field schemas put codes there), else VALIDATION_FAILED {field} (the issue's path, or `location`
 * when the whole value is wrong).
 */
export function parseInput<T>(schema: Parser<T>, value: unknown, location = 'body'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  // VALIDATION_FAILED itself as a message still needs its field, like any issue without a code of its own.
  if (isErrorCode(issue?.message) && issue.message !== 'VALIDATION_FAILED') refuse(issue.message);
  const path = issue?.path ?? [];
  refuse('VALIDATION_FAILED', { field: path.length > 0 ? path.map(String).join('.') : location });
}

/**
 * True when parsed input (query, params, a JSON body) holds a string or key with NUL or a lone surrogate
 * (core's `hasUnstorableCharacters`): the server's route helper refuses those with 400 CONTROL_CHARACTERS.
 */
export function hasUnstorableText(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) return true;
    } else if (Array.isArray(value)) {
      pending.push(...value);
    } else if (typeof value === 'object' && value !== null && !(value instanceof FormData)) {
      for (const [key, item] of Object.entries(value)) {
        if (hasUnstorableCharacters(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** The access token of an `Authorization: Bearer` header (the whole header without that prefix). */
export function bearerToken(headers: Headers): string | undefined {
  return headers.get('authorization')?.replace(/^Bearer /, '');
}

/** A route template (core's `:param` paths) as a regular expression and its parameter names. */
export function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template.replace(/[.]/g, '\\.').replace(/:([A-Za-z]+)/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

/** An account of the fake server. */
export interface FakeAccount {
  userId: string;
  email: string;
  phone: string;
  password: string;
  profile: Profile;
  companies: Company[];
  /** When set, password login answers 423 ACCOUNT_BLOCKED with this as `params.until` (an ISO instant, as the server's). */
  blockedUntil?: string;
  /**
   * When set, password login answers 429 RATE_LIMITED with this as `params.retryAfter` (and Retry-After), as the
   * server's slow-down while many clients guess; login by code still works.
   */
  slowedDownFor?: number;
}

/** What a fake handler receives. `body` is the JSON body as a record; `rawBody` is what was sent (FormData…). */
export interface FakeContext {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  rawBody: unknown;
  headers: Headers;
  account: FakeAccount | undefined;
}

/** A fake route handler. */
export type FakeHandler = (context: FakeContext) => Response | Promise<Response>;
