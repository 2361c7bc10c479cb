import type { Lang } from '../i18n/lang';
import { errorCatalogue } from './catalogue';
import type { ErrorCode } from './codes';
import { formatErrorParam } from './error-params';

/** Values for the `{name}` placeholders of a catalogue text (names and kinds: `ERROR_PARAMS`). */
export type ErrorParams = Record<string, string | number>;

/**
 * The text of `code` in `lang`, with `{name}` placeholders replaced from `params` (instants and durations
 * formatted for `lang`, see `formatErrorParam`). A placeholder without a value stays as written, so a missing
 * parameter is visible rather than silently blank; interfaces use the sdk's `translateError`, which never
 * shows one.
 *
 * @example errorMessage('RATE_LIMITED', 'en', { retryAfter: 30 }) // 'Too many requests. Try again in 30 seconds'
 */
export function errorMessage(code: ErrorCode, lang: Lang, params?: ErrorParams): string {
  const text = errorCatalogue[code][lang];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : formatErrorParam(name, value, lang);
  });
}

/** The HTTP status the server answers `code` with; 400 for codes without one. */
export function errorStatus(code: ErrorCode): number {
  return errorCatalogue[code].status ?? 400;
}

/**
 * The text of `code` in `lang` with every placeholder filled from `params`; when a value is missing, the
 * catalogue's text without values (`withoutParams`), so the result never shows a `{name}`.
 *
 * @example completeErrorMessage('RATE_LIMITED', 'en') // 'Too many requests. Try again later'
 */
export function completeErrorMessage(code: ErrorCode, lang: Lang, params?: ErrorParams): string {
  const text = errorMessage(code, lang, params);
  const names = placeholderNames(errorCatalogue[code][lang]);
  if (names.every((name) => params?.[name] !== undefined)) return text;
  return errorCatalogue[code].withoutParams?.[lang] ?? text;
}

/**
 * Only the params the text of `code` has placeholders for, or `undefined` when it has none with a value: what
 * an error body carries.
 */
export function paramsForCode(code: ErrorCode, params: ErrorParams | undefined): ErrorParams | undefined {
  if (!params) return undefined;
  const entries = placeholderNames(errorCatalogue[code].en).flatMap((name) => {
    const value = params[name];
    return value === undefined ? [] : [[name, value] as const];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Names of the `{name}` placeholders in a text, in order of appearance. */
export function placeholderNames(text: string): string[] {
  return Array.from(text.matchAll(/\{(\w+)\}/g), (match) => match[1] ?? '');
}

const CODE_BY_LEGACY_MESSAGE: ReadonlyMap<string, ErrorCode> = new Map(
  (Object.entries(errorCatalogue) as Array<[ErrorCode, (typeof errorCatalogue)[ErrorCode]]>).flatMap(
    ([code, entry]) => (entry.legacyMessage ? [[normaliseMessage(entry.legacyMessage), code] as const] : []),
  ),
);

function normaliseMessage(message: string): string {
  return message.trim().toLowerCase().replace(/\s+/g, ' ');
}

/**
 * Maps an English message of the original backend (SPEC section 8) to its code, ignoring case,
 * surrounding space and a trailing parenthesised hint; `undefined` for unknown messages.
 *
 * @example errorCodeFromLegacyMessage('Free tariff already used') // 'FREE_TARIFF_ALREADY_USED'
 */
export function errorCodeFromLegacyMessage(message: string | null | undefined): ErrorCode | undefined {
  if (typeof message !== 'string') return undefined;
  const normalised = normaliseMessage(message);
  return (
    CODE_BY_LEGACY_MESSAGE.get(normalised) ??
    CODE_BY_LEGACY_MESSAGE.get(normalised.replace(/\s*\([^)]*\)\s*$/, '').replace(/[.!]$/, ''))
  );
}
