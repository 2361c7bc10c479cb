import {
  completeErrorMessage,
  DEFAULT_LANG,
  type ErrorCode,
  type ErrorParams,
  type ErrorResponse,
  errorCodeForStatus,
  errorCodeFromLegacyMessage,
  errorStatus,
  isErrorCode,
  type Lang,
} from '@qoltanba/core';

/**
 * A failed API call in the server's `{ code, message, params }` shape. `code` is always a catalogue code
 * (derived from the status when the body has none); `message` is ready to show in the request's language;
 * `params` holds the values of the code's text (Retry-After seconds, a lock's end...), so `errorTextOf` can
 * show the text in any language. Network failures have status 0 and code NETWORK_ERROR.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Catalogue code, stable across languages: branch on this, never on `message`. */
  readonly code: ErrorCode;
  /** Values of the `{name}` placeholders of the code's text (core's `ERROR_PARAMS`), when the server sent any. */
  readonly params: ErrorParams | undefined;
  /**
   * The portal page where the user can fix the cause (core's `ErrorResponse.link`, e.g. `/tariffs` for a send
   * refused for want of a tariff), when the server named one.
   */
  readonly link: ErrorResponse['link'];
  /** The parsed response body, for diagnostics. */
  readonly body: unknown;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { body?: unknown; cause?: unknown; params?: ErrorParams; link?: string } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = options.params;
    this.link = options.link;
    this.body = options.body;
  }
}

/** True for an ApiError, also one from another copy of the SDK (checks the shape). */
export function isApiError(value: unknown): value is ApiError {
  if (value instanceof ApiError) return true;
  if (!(value instanceof Error) || value.name !== 'ApiError') return false;
  const { status, code } = value as Partial<ApiError>;
  return typeof status === 'number' && isErrorCode(code);
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    // Plain-text bodies (proxies, the original backend) are kept as the message.
    return body.trim() ? { message: body.trim() } : undefined;
  }
}

// Checked field by field rather than with core's errorResponseSchema: a partial error body still gives its code or message.
function field(body: unknown, name: 'code' | 'message' | 'link'): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Partial<Record<keyof ErrorResponse, unknown>>)[name];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** The body's `params`, value by value: strings and finite numbers are kept, anything else is dropped. */
function bodyParams(body: unknown): ErrorParams {
  if (typeof body !== 'object' || body === null) return {};
  const params = (body as { params?: unknown }).params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return {};
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || (typeof entry[1] === 'number' && Number.isFinite(entry[1])),
    ),
  );
}

/** The body's `link` when it is a path on this site (`/…`, not `//host`); anything else is dropped. */
function bodyLink(body: unknown): string | undefined {
  const link = field(body, 'link');
  return link !== undefined && /^\/(?!\/)/.test(link) ? link : undefined;
}

/** Seconds of a Retry-After header (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The params of a refusal: the body's, plus RATE_LIMITED's retryAfter from Retry-After when the body lacks it. */
function paramsOf(
  code: ErrorCode,
  body: unknown,
  headers: HeaderSource | undefined,
): ErrorParams | undefined {
  const params = bodyParams(body);
  if (code === 'RATE_LIMITED' && params.retryAfter === undefined) {
    const seconds = retryAfterSeconds(headers?.get('retry-after'));
    if (seconds !== undefined) params.retryAfter = seconds;
  }
  return Object.keys(params).length > 0 ? params : undefined;
}

/** What {@link parseApiError} reads of the response headers (a fetch `Headers` fits). */
export interface HeaderSource {
  get(name: string): string | null;
}

/**
 * Builds an ApiError from an error response body (core's ErrorResponse `{ code, message, params, link }`, as object
 * or JSON text, or any other text), its status and, when given, its headers.
 * A known `code` keeps the server's message; an English message of the original backend is mapped to its
 * code; otherwise the code comes from the status. `params` come from the body; a 429 without
 * `params.retryAfter` takes it from the Retry-After header. Missing messages come from the catalogue in `lang`.
 *
 * @example parseApiError('{"code":"FILE_TOO_LARGE","message":"…"}', 413)
 * @example parseApiError('', 429, 'ru', response.headers).params // { retryAfter: 30 } with `Retry-After: 30`
 */
export function parseApiError(
  body: unknown,
  status: number,
  lang: Lang = DEFAULT_LANG,
  headers?: HeaderSource,
): ApiError {
  const parsed = parseBody(body);
  const rawCode = field(parsed, 'code');
  const rawMessage = field(parsed, 'message');
  const code = isErrorCode(rawCode)
    ? rawCode
    : (errorCodeFromLegacyMessage(rawMessage) ?? errorCodeForStatus(status));
  const params = paramsOf(code, parsed, headers);
  // The server's message is kept only with its own code: a legacy or status-derived code gets the catalogue's text.
  const message = (isErrorCode(rawCode) ? rawMessage : undefined) ?? completeErrorMessage(code, lang, params);
  const link = bodyLink(parsed);
  return new ApiError(status, code, message, {
    body: parsed,
    ...(params ? { params } : {}),
    ...(link ? { link } : {}),
  });
}

/**
 * A refusal decided on the client, before or instead of a request (no company chosen, files still
 * uploading…): the status the server would answer with for that code, the catalogue text in `lang`.
 *
 * @example throw clientApiError('FILES_STILL_UPLOADING', 'ru')
 */
export function clientApiError(code: ErrorCode, lang: Lang = DEFAULT_LANG): ApiError {
  const status = errorStatus(code);
  return new ApiError(status, code, parseApiError({ code }, status, lang).message);
}

/**
 * The page where the user can fix a failure (an ApiError's `link`, e.g. `/tariffs`), or undefined.
 *
 * @example errorLinkOf(error) // '/tariffs' for a send refused with FREE_TARIFF_ALREADY_USED
 */
export function errorLinkOf(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const { link } = error as { link?: unknown };
  return typeof link === 'string' ? link : undefined;
}

/**
 * The catalogue code of any failure: an ApiError's code, a bare catalogue code as itself (a refusal decided on
 * the client and kept in the same state), INTERNAL_ERROR for anything else. Branch on it; show the failure with
 * `errorTextOf`, which also fills the values of the text.
 */
export function errorCodeOf(error: unknown): ErrorCode {
  if (isApiError(error)) return error.code;
  return isErrorCode(error) ? error : 'INTERNAL_ERROR';
}
