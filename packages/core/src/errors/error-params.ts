import { formatDateTime } from '../i18n/date-time';
import type { Lang } from '../i18n/lang';

/** How a placeholder's value is written into a text. */
export type ErrorParamKind = 'text' | 'seconds' | 'instant' | 'duration';

/**
 * Every placeholder the catalogue's texts may use, with the kind of value it holds. Values are language-neutral
 * (a field path, a number of seconds, an ISO 8601 instant) so any client writes the text in its own language;
 * the server sends them as the error body's `params` (core's `errorParamsSchema` documents each one).
 */
export const ERROR_PARAMS = {
  /** Path of the invalid input field, e.g. `signers.0.email`. */
  field: 'text',
  /** Seconds until a retry may succeed, as in the Retry-After header. */
  retryAfter: 'seconds',
  /** When a lock ends: an ISO 8601 instant, shown as date and time in Asia/Almaty. */
  until: 'instant',
  /** Seconds to wait, shown as hours, minutes and seconds. */
  wait: 'duration',
  /** The web origin a browser sent, e.g. `http://127.0.0.1:5173`. */
  origin: 'text',
  /** The origins that were expected instead, comma-separated. */
  expected: 'text',
  /** The bank reference of an earlier payment, e.g. `1c:KZ…:02.03.2026:71:KZ…` for one from a statement. */
  reference: 'text',
} as const satisfies Record<string, ErrorParamKind>;

/** A placeholder name of the catalogue; see {@link ERROR_PARAMS}. */
export type ErrorParamName = keyof typeof ERROR_PARAMS;

/** True when `name` is a placeholder the catalogue knows. */
export function isErrorParamName(name: unknown): name is ErrorParamName {
  return typeof name === 'string' && Object.hasOwn(ERROR_PARAMS, name);
}

const DURATION_UNITS: Record<Lang, readonly [hours: string, minutes: string, seconds: string]> = {
  kk: ['сағ', 'мин', 'сек'],
  ru: ['ч', 'мин', 'с'],
  en: ['h', 'min', 's'],
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 instant as people in Kazakhstan read it: date and time in Asia/Almaty, in `lang`. */
function formatInstant(value: string | number, lang: Lang): string {
  // Only ISO text: engines' lenient date parsing would misread an already formatted time.
  const date = typeof value === 'string' && ISO_INSTANT.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return String(value);
  return formatDateTime(date, lang);
}

/** Seconds as `1 h 5 min`, `40 s`; zero parts are left out. */
function formatDuration(value: string | number, lang: Lang): string {
  const total = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(total) || total < 0) return String(value);
  const seconds = Math.ceil(total);
  const parts = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const [hourUnit, minuteUnit, secondUnit] = DURATION_UNITS[lang];
  const units = [hourUnit, minuteUnit, secondUnit];
  const shown = parts.flatMap((part, index) => (part > 0 ? [`${part} ${units[index]}`] : []));
  return shown.length > 0 ? shown.join(' ') : `0 ${secondUnit}`;
}

/**
 * A placeholder's value as it reads in `lang`: instants and durations are formatted, other values written as
 * they are (also values of names the catalogue does not know, and values of the wrong type).
 *
 * @example formatErrorParam('wait', 3900, 'en') // '1 h 5 min'
 */
export function formatErrorParam(name: string, value: string | number, lang: Lang): string {
  if (!isErrorParamName(name)) return String(value);
  const kind: ErrorParamKind = ERROR_PARAMS[name];
  if (kind === 'instant') return formatInstant(value, lang);
  if (kind === 'duration') return formatDuration(value, lang);
  return String(value);
}
