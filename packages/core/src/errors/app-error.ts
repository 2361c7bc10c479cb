import { type ErrorCode, isErrorCode } from './codes';
import { type ErrorParams, errorMessage, errorStatus } from './error-message';

/**
 * An error with a catalogue code, thrown by the server's domain code and turned into a
 * `{ code, message }` response in the request's language. `message` is the English text, for logs.
 *
 * @example throw new AppError('RATE_LIMITED', { retryAfter: 30 })
 */
export class AppError extends Error {
  /** The catalogue code. */
  readonly code: ErrorCode;
  /** HTTP status for the response: `options.status`, else the catalogue's, else 400. */
  readonly status: number;
  /** Placeholder values for the message in any language. */
  readonly params: ErrorParams | undefined;

  /**
   * `options.status` overrides the catalogue's status where a route gives the code another meaning
   * (IIN_NOT_IN_REGISTER is 400 for an attach but 404 for a register lookup).
   */
  constructor(code: ErrorCode, params?: ErrorParams, options?: { cause?: unknown; status?: number }) {
    super(
      errorMessage(code, 'en', params),
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = 'AppError';
    this.code = code;
    this.status = options?.status ?? errorStatus(code);
    this.params = params;
  }
}

/** True for an {@link AppError}, also one from another copy of this package (checks the shape). */
export function isAppError(value: unknown): value is AppError {
  if (value instanceof AppError) return true;
  return (
    value instanceof Error &&
    value.name === 'AppError' &&
    isErrorCode((value as { code?: unknown }).code) &&
    typeof (value as { status?: unknown }).status === 'number'
  );
}
