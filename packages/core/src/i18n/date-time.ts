import type { Lang } from './lang';

/** Kazakhstan's time zone, in which every date and time the product shows is written. */
export const KZ_TIME_ZONE = 'Asia/Almaty';

/** An instant as a `Date`, an ISO 8601 text or epoch milliseconds. */
export type DateInput = Date | string | number;

/** Kazakh month names, our own: Chromium's ICU has none and writes "2026 M11 28". */
const KK_MONTHS = [
  'қаңтар',
  'ақпан',
  'наурыз',
  'сәуір',
  'мамыр',
  'маусым',
  'шілде',
  'тамыз',
  'қыркүйек',
  'қазан',
  'қараша',
  'желтоқсан',
] as const;

const INTL_LOCALES: Record<Exclude<Lang, 'kk'>, string> = { ru: 'ru-RU', en: 'en-GB' };

/** Wall-clock fields of an instant in {@link KZ_TIME_ZONE}, with the zone's offset from UTC then. */
export interface KzTimeParts {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC: 300 since March 2024, 360 before. */
  offsetMinutes: number;
}

let numericFormat: Intl.DateTimeFormat | undefined;

function numericParts(date: Date): Record<string, number> | undefined {
  try {
    numericFormat ??= new Intl.DateTimeFormat('en-US', {
      timeZone: KZ_TIME_ZONE,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
  } catch {
    return undefined; // an engine without time zone data: the fixed offset below
  }
  const fields: Record<string, number> = {};
  for (const part of numericFormat.formatToParts(date)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  return fields;
}

function toDate(at: DateInput): Date | undefined {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The wall-clock fields of `at` in Kazakhstan, or undefined for an invalid instant. */
export function kzTimeParts(at: DateInput): KzTimeParts | undefined {
  const date = toDate(at);
  if (!date) return undefined;
  const fields = numericParts(date);
  if (!fields) {
    const shifted = new Date(date.getTime() + 300 * 60_000);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
      second: shifted.getUTCSeconds(),
      offsetMinutes: 300,
    };
  }
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = fields;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = Math.round((wall - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
  return { year, month, day, hour, minute, second, offsetMinutes };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The zone a time is in, as the product writes it: `UTC+5`. */
export function kzZoneLabel(offsetMinutes = 300): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const minutes = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${minutes ? `:${pad(minutes)}` : ''}`;
}

/** The calendar day of `at` in Kazakhstan as `YYYY-MM-DD` (empty for an invalid instant). */
export function kzCalendarDay(at: DateInput): string {
  const parts = kzTimeParts(at);
  return parts ? `${parts.year}-${pad(parts.month)}-${pad(parts.day)}` : '';
}

function kkDate(parts: KzTimeParts): string {
  return `${parts.day} ${KK_MONTHS[parts.month - 1]} ${parts.year} ж.`;
}

function intlFormat(date: Date, lang: Exclude<Lang, 'kk'>, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], { ...options, timeZone: KZ_TIME_ZONE }).format(date);
}

/**
 * A date in `lang`, as the day is in Kazakhstan: Kazakh from our month names, Russian and English by Intl.
 * An invalid instant is answered as given.
 *
 * @example formatDate('2026-11-28T09:05:00Z', 'kk') // '28 қараша 2026 ж.'
 * @example formatDate('2026-11-28T09:05:00Z', 'en') // '28 Nov 2026'
 */
export function formatDate(at: DateInput, lang: Lang): string {
  const date = toDate(at);
  const parts = date && kzTimeParts(date);
  if (!date || !parts) return String(at);
  return lang === 'kk' ? kkDate(parts) : intlFormat(date, lang, { dateStyle: 'medium' });
}

/**
 * A time of day in Kazakhstan with its zone, e.g. `14:05 (UTC+5)`; `seconds` adds the seconds.
 */
export function formatTime(at: DateInput, lang: Lang, options: { seconds?: boolean } = {}): string {
  const parts = kzTimeParts(at);
  if (!parts) return String(at);
  void lang; // 24-hour time reads the same in kk, ru and en-GB
  const clock = `${pad(parts.hour)}:${pad(parts.minute)}${options.seconds ? `:${pad(parts.second)}` : ''}`;
  return `${clock} (${kzZoneLabel(parts.offsetMinutes)})`;
}

/**
 * A date and time in `lang` as in Kazakhstan, saying the zone: every time the product shows goes through it
 * (lists, cards, history, e-mails, PDFs), so nothing mixes the browser's zone with Kazakhstan's.
 *
 * @example formatDateTime('2026-11-28T09:05:00Z', 'kk') // '28 қараша 2026 ж., 14:05 (UTC+5)'
 * @example formatDateTime('2026-11-28T09:05:00Z', 'ru') // '28 нояб. 2026 г., 14:05 (UTC+5)'
 */
export function formatDateTime(at: DateInput, lang: Lang, options: { seconds?: boolean } = {}): string {
  const date = toDate(at);
  if (!date) return String(at);
  return `${formatDate(date, lang)}, ${formatTime(date, lang, options)}`;
}

/**
 * A language-neutral date and time in Kazakhstan, `2026-11-20 14:30:00 (UTC+5)`: for documents read in more
 * than one language (the signature sheet, the verification report).
 */
export function formatNumericDateTime(at: DateInput): string {
  const parts = kzTimeParts(at);
  if (!parts) return String(at);
  const clock = `${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
  return `${kzCalendarDay(at)} ${clock} (${kzZoneLabel(parts.offsetMinutes)})`;
}
