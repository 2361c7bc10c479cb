import type { ErrorCode } from './codes';

// Status 0 is what a browser reports when no response arrived at all.
const CODE_BY_STATUS: Readonly<Record<number, ErrorCode>> = {
  0: 'NETWORK_ERROR',
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * The catalogue code that best describes an HTTP status when nothing more precise is known (a plugin's
 * plain 4xx on the server, a body without a code on the client): the inverse of `errorStatus`.
 */
export function errorCodeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST');
}
