import {
  type CompanyNames,
  companyDisplayName,
  type ErrorCode,
  formatDate as formatCoreDate,
  formatDateTime as formatCoreDateTime,
  isErrorCode,
  type Lang,
} from '@qoltanba/core';
import { isApiError, translateError } from '@qoltanba/sdk';
import { documentsT } from './texts';

const LOCALE_TAGS: Record<Lang, string> = { kk: 'kk-KZ', ru: 'ru-RU', en: 'en-GB' };

/** The BCP 47 tag Intl formats a language with. */
export function localeTag(lang: Lang): string {
  return LOCALE_TAGS[lang];
}

/** A date and time in `lang` as in Kazakhstan, saying the zone (core's one formatter), e.g. `12 мар. 2025 г., 14:05 (UTC+5)`. */
export function formatDateTime(iso: string, lang: Lang): string {
  return formatCoreDateTime(iso, lang);
}

/** A date without the time, in `lang`, as the day is in Kazakhstan. */
export function formatDate(iso: string, lang: Lang): string {
  return formatCoreDate(iso, lang);
}

/** A file size in B, KB or MB (powers of 1024, one decimal above 1 KB), e.g. `1,5 МБ`. */
export function formatFileSize(bytes: number, lang: Lang): string {
  const t = documentsT(lang);
  const number = (n: number) =>
    new Intl.NumberFormat(localeTag(lang), { maximumFractionDigits: n < 10 ? 1 : 0 }).format(n);
  if (bytes < 1024) return t('size.B', { n: number(bytes) });
  if (bytes < 1024 * 1024) return t('size.KB', { n: number(bytes / 1024) });
  return t('size.MB', { n: number(bytes / (1024 * 1024)) });
}

/** A company's name as the interface shows it in `lang` (Kazakh name in Kazakh when known, legal form shortened). */
export function partyName(party: CompanyNames, lang: Lang): string {
  return companyDisplayName(party, lang);
}

/** What a field can be wrong with: a catalogue code, or one of the two local problems. */
export type FieldProblem = ErrorCode | 'REQUIRED' | 'NAME_TOO_LONG';

/**
 * The text of a catalogue code in `lang` (a code decided here: a validation problem, a blocker). Texts with
 * placeholders read without their values; for a caught failure use the sdk's `errorTextOf`, which fills them.
 */
export function codeText(code: ErrorCode, lang: Lang): string {
  return translateError(code, lang);
}

/** The text of a {@link FieldProblem} in `lang`. */
export function problemText(problem: FieldProblem, lang: Lang): string {
  if (problem === 'REQUIRED' || problem === 'NAME_TOO_LONG') return documentsT(lang)(`errors.${problem}`);
  return codeText(problem, lang);
}

/** The catalogue code a rejected action carries (an ApiError's code), else INTERNAL_ERROR: for branching, not for text. */
export function codeOfFailure(failure: unknown): ErrorCode {
  if (isApiError(failure) && isErrorCode(failure.code)) return failure.code;
  if (isErrorCode(failure)) return failure;
  return 'INTERNAL_ERROR';
}

/**
 * The problem of a zod issue: its message when that is a catalogue code (core's convention), REQUIRED for a
 * too-short value, NAME_TOO_LONG for a too-long one, VALIDATION_FAILED otherwise.
 */
export function problemOfIssue(issue: { code: string; message: string }): FieldProblem {
  if (isErrorCode(issue.message)) return issue.message;
  if (issue.code === 'too_small') return 'REQUIRED';
  if (issue.code === 'too_big') return 'NAME_TOO_LONG';
  return 'VALIDATION_FAILED';
}

/** When a trashed document goes, relative to today: `сегодня`, `завтра`, `через 5 дней` (plural rules by Intl). */
export function formatDaysLeft(days: number, lang: Lang): string {
  return new Intl.RelativeTimeFormat(localeTag(lang), { numeric: 'auto' }).format(Math.max(0, days), 'day');
}
