import { type ErrorCode, errorMessage, isErrorCode, type Lang } from '@qoltanba/core';
import { getT, isApiError } from '@qoltanba/sdk';
import { authFormsT, LOCAL_ERROR_CODES, type LocalErrorCode } from './texts';

/**
 * An error as a form shows it: a catalogue code (client validation or ApiError.code) or a local form code,
 * plus the server's message, kept for texts that carry values only the server knows (e.g. ACCOUNT_BLOCKED's time).
 */
export interface ShownError {
  code: ErrorCode | LocalErrorCode | 'UNKNOWN';
  message?: string;
}

const LOCAL_CODES: ReadonlySet<string> = new Set(LOCAL_ERROR_CODES);

/** Turns whatever an action rejected with into a {@link ShownError}; non-API failures become UNKNOWN. */
export function shownErrorOf(error: unknown): ShownError {
  if (isApiError(error)) return { code: error.code, message: error.message };
  return { code: 'UNKNOWN' };
}

/**
 * The text of `error` in `lang`: the catalogue text of its code, except for texts with placeholders, where the
 * server's message (which has the values filled in) is shown; local codes come from the `authForms` texts.
 */
export function errorText(error: ShownError, lang: Lang): string {
  const { code, message } = error;
  if (isErrorCode(code)) {
    const text = errorMessage(code, lang);
    if (!/\{\w+\}/.test(text)) return text;
    return message ?? getT('common', lang)('unknownError');
  }
  if (LOCAL_CODES.has(code)) return authFormsT(lang)(`errors.${code}`);
  return getT('common', lang)('unknownError');
}

/**
 * Splits an action's failure into the field it concerns (by code, from `fieldByCode`) or the form's alert.
 *
 * @example routeError(error, { INVALID_PASSWORD: 'password' }) // { field: 'password', error: { code: 'INVALID_PASSWORD', … } }
 */
export function routeError<F extends string>(
  failure: unknown,
  fieldByCode: Partial<Record<ErrorCode, F>>,
): { field: F | undefined; error: ShownError } {
  const error = shownErrorOf(failure);
  const field = isErrorCode(error.code) ? fieldByCode[error.code] : undefined;
  return { field, error };
}
