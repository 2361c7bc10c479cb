import { type ErrorCode, type ErrorParams, isErrorCode, type Lang } from '@qoltanba/core';
import { getT, isApiError, translateError } from '@qoltanba/sdk';
import { authFormsT, LOCAL_ERROR_CODES, type LocalErrorCode } from './texts';

/**
 * An error as a form shows it: a catalogue code (client validation or ApiError.code) or a local form code,
 * plus the values of its text that only the server knows (ApiError.params: ACCOUNT_BLOCKED's time, ...), so the
 * text is written in the form's language, also after a language switch.
 */
export interface ShownError {
  code: ErrorCode | LocalErrorCode | 'UNKNOWN';
  params?: ErrorParams;
}

const LOCAL_CODES: ReadonlySet<string> = new Set(LOCAL_ERROR_CODES);

/** Turns whatever an action rejected with into a {@link ShownError}; non-API failures become UNKNOWN. */
export function shownErrorOf(error: unknown): ShownError {
  if (isApiError(error)) return { code: error.code, ...(error.params ? { params: error.params } : {}) };
  return { code: 'UNKNOWN' };
}

/**
 * The text of `error` in `lang`: the catalogue text of its code with its params filled (the sdk's
 * `translateError`: never a raw placeholder); local codes come from the `authForms` texts.
 */
export function errorText(error: ShownError, lang: Lang): string {
  const { code, params } = error;
  if (isErrorCode(code)) return translateError(code, lang, params);
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
