import { isErrorCode, type Lang } from '@qoltanba/core';
import { isApiError } from '../api/apiError';
import { getT, translateError } from './i18n';

/**
 * The text to show for any failure, in the interface's `lang` (not the language the server answered in), with
 * the values only the server knows filled in: an ApiError gives its code's catalogue text with its `params`
 * (`Too many requests. Try again in 57 seconds`), a bare catalogue code its text, anything else the common
 * unknownError text. Never contains a `{name}` placeholder.
 *
 * Screens keep the caught error itself in state (not only its code) and call this when rendering, so a
 * language switch re-renders the text with the same values; branch on `errorCodeOf(error)`.
 *
 * @example catch (error) { setFailure(error) } … <p role="alert">{errorTextOf(failure, lang)}</p>
 */
export function errorTextOf(error: unknown, lang: Lang): string {
  if (isApiError(error)) return translateError(error.code, lang, error.params);
  if (isErrorCode(error)) return translateError(error, lang);
  return getT('common', lang)('unknownError');
}
