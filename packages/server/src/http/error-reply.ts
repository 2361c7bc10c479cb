import {
  AppError,
  type ErrorCode,
  type ErrorResponse,
  errorCatalogue,
  errorCodeForStatus,
  errorMessage,
  errorStatus,
  type Lang,
  paramsForCode,
} from '@qoltanba/core';
import { BLOB_STORE_RETRY_AFTER_SECONDS, BlobStoreUnavailableError } from '../blob/blob-store.js';
import { DATABASE_RETRY_AFTER_SECONDS, DatabaseUnavailableError } from '../db/connection-failure.js';

/** How an error is answered: the catalogue code, HTTP status, message parameters, and whether it is unexpected. */
export interface ErrorReply {
  code: ErrorCode;
  status: number;
  params?: Record<string, string | number>;
  /** True for failures that are the server's fault: logged as errors, never detailed to the client. */
  unexpected: boolean;
}

/** Fastify's own error codes for bad input, mapped to catalogue codes. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'QUERY_PARAM_TOO_LONG',
  FST_ERR_NOT_FOUND: 'ROUTE_NOT_FOUND',
};

function property(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error
    ? (error as Record<string, unknown>)[name]
    : undefined;
}

/** Classifies any thrown value into an {@link ErrorReply}. Bad input is a 4xx; anything unknown is a 500. */
export function classifyError(error: unknown): ErrorReply {
  if (error instanceof AppError) {
    return {
      code: error.code,
      status: error.status,
      ...(error.params ? { params: error.params } : {}),
      unexpected: error.status >= 500,
    };
  }
  const fastifyCode = property(error, 'code');
  if (typeof fastifyCode === 'string' && fastifyCode in FASTIFY_CODES) {
    const code = FASTIFY_CODES[fastifyCode] ?? 'BAD_REQUEST';
    return { code, status: errorStatus(code), unexpected: false };
  }
  if (fastifyCode === 'FST_ERR_VALIDATION') {
    const validation = property(error, 'validation');
    const first = Array.isArray(validation) ? validation[0] : undefined;
    const path = property(first, 'instancePath');
    const field =
      typeof path === 'string' && path !== '' ? path.replace(/^\//, '').replaceAll('/', '.') : 'body';
    return { code: 'VALIDATION_FAILED', status: 400, params: { field }, unexpected: false };
  }
  if (error instanceof DatabaseUnavailableError) {
    // Retryable, but logged as an error: the operator must hear of it.
    return {
      code: 'DATABASE_UNAVAILABLE',
      status: 503,
      params: { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
      unexpected: true,
    };
  }
  if (error instanceof BlobStoreUnavailableError) {
    return {
      code: 'STORAGE_UNAVAILABLE',
      status: 503,
      params: { retryAfter: BLOB_STORE_RETRY_AFTER_SECONDS },
      unexpected: true,
    };
  }
  const statusCode = property(error, 'statusCode');
  if (error instanceof SyntaxError && statusCode === 400) {
    return { code: 'MALFORMED_JSON', status: 400, unexpected: false };
  }
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const code = errorCodeForStatus(statusCode);
    return { code, status: errorStatus(code), unexpected: false };
  }
  return { code: 'INTERNAL_ERROR', status: 500, unexpected: true };
}

/**
 * The `{code, message, params, link}` body of an error response: the message in the request's language, `params`
 * (only the values the code's text has placeholders for) so clients can show the text in a language of their own,
 * and the catalogue's `link` to the page that fixes the cause, when it has one.
 */
export function errorBody(
  reply: Pick<ErrorReply, 'code' | 'params'>,
  lang: Lang,
): ErrorResponse & { code: ErrorCode } {
  const params = paramsForCode(reply.code, reply.params);
  const { link } = errorCatalogue[reply.code];
  return {
    code: reply.code,
    message: errorMessage(reply.code, lang, reply.params),
    ...(params ? { params } : {}),
    ...(link ? { link } : {}),
  };
}

/** The Retry-After header (seconds) of an error reply: the `retryAfter` of a code whose text has it, else none. */
export function retryAfterOf(reply: Pick<ErrorReply, 'code' | 'params'>): string | undefined {
  const seconds = reply.params?.retryAfter;
  const takesIt = errorCatalogue[reply.code].en.includes('{retryAfter}');
  return takesIt && typeof seconds === 'number' ? String(seconds) : undefined;
}
