import {
  DEFAULT_LANG,
  type ErrorCode,
  type ErrorResponse,
  errorCodeForStatus,
  errorCodeFromLegacyMessage,
  errorMessage,
  errorStatus,
  isErrorCode,
  type Lang,
} from '@qoltanba/core';
import { getT } from '../i18n';

/**
 * A failed API call in the server's `{ code, message }` shape. `code` is always a catalogue code (derived
 * from the status when the body has none); `message` is ready to show in the request's language.
 * Network failures have status 0 and code NETWORK_ERROR.
 */
export class ApiError extends Error {
  /** HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** Catalogue code, stable across languages: branch on this, never on `message`. */
  readonly code: ErrorCode;
  /** The parsed response body, for diagnostics. */
  readonly body: unknown;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { body?: unknown; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
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
function field(body: unknown, name: keyof ErrorResponse): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Partial<Record<keyof ErrorResponse, unknown>>)[name];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function catalogueText(code: ErrorCode, lang: Lang): string {
  const text = errorMessage(code, lang);
  // A text that needs parameters we do not have would show a raw placeholder.
  return /\{\w+\}/.test(text) ? getT('common', lang)('unknownError') : text;
}

/**
 * Builds an ApiError from an error response body (core's ErrorResponse `{ code, message }`, as object or
 * JSON text, or any other text) and its status.
 * A known `code` keeps the server's message; an English message of the original backend is mapped to its
 * code; otherwise the code comes from the status. Missing messages come from the catalogue in `lang`.
 *
 * @example parseApiError('{"code":"FILE_TOO_LARGE","message":"…"}', 413)
 */
export function parseApiError(body: unknown, status: number, lang: Lang = DEFAULT_LANG): ApiError {
  const parsed = parseBody(body);
  const rawCode = field(parsed, 'code');
  const rawMessage = field(parsed, 'message');
  if (isErrorCode(rawCode)) {
    return new ApiError(status, rawCode, rawMessage ?? catalogueText(rawCode, lang), { body: parsed });
  }
  const legacyCode = errorCodeFromLegacyMessage(rawMessage);
  const code = legacyCode ?? errorCodeForStatus(status);
  return new ApiError(status, code, catalogueText(code, lang), { body: parsed });
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

/** The catalogue code of any failure: an ApiError's code, INTERNAL_ERROR for anything else. */
export function errorCodeOf(error: unknown): ErrorCode {
  return isApiError(error) ? error.code : 'INTERNAL_ERROR';
}
