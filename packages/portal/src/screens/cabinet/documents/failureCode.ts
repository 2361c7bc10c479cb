import type { ErrorCode } from '@qoltanba/core';
import { isApiError, reportError } from '@qoltanba/sdk';

/** The catalogue code of a failed sdk call; anything that is not an ApiError is reported and reads INTERNAL_ERROR. */
export function failureCode(error: unknown, action: string): ErrorCode {
  if (isApiError(error)) return error.code;
  reportError(error, { action });
  return 'INTERNAL_ERROR';
}
