import type { ErrorCode, Lang } from '@qoltanba/core';
import { errorTextOf, isApiError, reportError } from '@qoltanba/sdk';

/** The catalogue code of a failed sdk call; anything that is not an ApiError is reported and reads INTERNAL_ERROR. */
export function failureCode(error: unknown, action: string): ErrorCode {
  if (isApiError(error)) return error.code;
  reportError(error, { action });
  return 'INTERNAL_ERROR';
}

/** The text of a failed sdk call in `lang`, values filled (`errorTextOf`); anything that is not an ApiError is reported. */
export function failureText(error: unknown, action: string, lang: Lang): string {
  failureCode(error, action);
  return errorTextOf(error, lang);
}
