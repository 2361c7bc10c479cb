import type { ErrorCode } from '../errors/codes';
import { FREE_DOCUMENTS } from '../limits';
import type { ActiveTariff } from './tariff-state';

/** Asia/Almaty is UTC+5 (see `parseTariffDate`). */
const ALMATY_OFFSET_MS = 5 * 3_600_000;

const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a tariff date, "dd.MM.yyyy HH:mm:ss" in Asia/Almaty time: the inverse of `parseTariffDate`.
 *
 * @example formatTariffDate(new Date('2026-12-31T19:00:00Z')) // '01.01.2027 00:00:00'
 */
export function formatTariffDate(instant: Date): string {
  const local = new Date(instant.getTime() + ALMATY_OFFSET_MS);
  const date = `${two(local.getUTCDate())}.${two(local.getUTCMonth() + 1)}.${local.getUTCFullYear()}`;
  return `${date} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`;
}

/**
 * `start` plus `months` calendar months in Almaty time; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February), as a customer reads "one month".
 */
export function addPlanMonths(start: Date, months: number): Date {
  const local = new Date(start.getTime() + ALMATY_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  local.setUTCFullYear(year, month, Math.min(local.getUTCDate(), lastDay));
  return new Date(local.getTime() - ALMATY_OFFSET_MS);
}

/** A paid tariff period of a company: active from `startsAt` (inclusive) to `endsAt` (exclusive). */
export interface TariffPeriod {
  startsAt: Date;
  endsAt: Date;
}

/**
 * When a plan bought at `now` starts: at once, or when the last paid period ends if that is later, so no paid
 * day is lost.
 */
export function paidPlanStart(periods: readonly TariffPeriod[], now: Date): Date {
  const lastEnd = Math.max(now.getTime(), ...periods.map((period) => period.endsAt.getTime()));
  return new Date(lastEnd);
}

/** What the tariff rules need to know about one company. */
export interface CompanyTariffFacts {
  /** Documents the company has sent on the free plan. */
  freeUsed: number;
  /** Its paid periods, in any order. */
  periods: readonly TariffPeriod[];
  /** Documents sent in the current paid period (or the last one, when none is current). */
  periodDocCount: number;
}

/** The period that covers `now`, if any. */
export function currentPeriod(periods: readonly TariffPeriod[], now: Date): TariffPeriod | undefined {
  const t = now.getTime();
  return periods.find((period) => period.startsAt.getTime() <= t && t < period.endsAt.getTime());
}

/** The refusal codes of a send without a tariff (402). */
export const TARIFF_REFUSALS = [
  'FREE_TARIFF_ALREADY_USED',
  'TARIFF_EXPIRED',
] as const satisfies readonly ErrorCode[];

/** See {@link TARIFF_REFUSALS}. */
export type TariffRefusal = (typeof TARIFF_REFUSALS)[number];

/** True for a code that refuses a send for want of a tariff ({@link TARIFF_REFUSALS}). */
export function isTariffRefusal(code: unknown): code is TariffRefusal {
  return (TARIFF_REFUSALS as readonly unknown[]).includes(code);
}

/** Whether one more document may be sent now, and what it counts against. */
export type SendDecision =
  | { allowed: true; countsAgainst: 'paid'; period: TariffPeriod }
  | { allowed: true; countsAgainst: 'free' }
  | { allowed: false; code: TariffRefusal };

/**
 * May the company send one more document at `now` (SPEC sections 4, 6 and 9)? A paid period covering `now` allows
 * any number; otherwise the free plan's documents while some are left. Refused: TARIFF_EXPIRED when the company
 * has paid before, else FREE_TARIFF_ALREADY_USED. Incoming signing is never asked about: it is free.
 */
export function sendDecision(facts: CompanyTariffFacts, now: Date): SendDecision {
  const period = currentPeriod(facts.periods, now);
  if (period) return { allowed: true, countsAgainst: 'paid', period };
  if (facts.freeUsed < FREE_DOCUMENTS) return { allowed: true, countsAgainst: 'free' };
  return { allowed: false, code: facts.periods.length > 0 ? 'TARIFF_EXPIRED' : 'FREE_TARIFF_ALREADY_USED' };
}

/** The end of the run of back-to-back periods that starts with `first` (a plan bought ahead extends it). */
function runEnd(first: TariffPeriod, periods: readonly TariffPeriod[]): Date {
  let end = first.endsAt.getTime();
  const sorted = [...periods].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (const period of sorted) {
    if (period.startsAt.getTime() <= end) end = Math.max(end, period.endsAt.getTime());
  }
  return new Date(end);
}

/** The answer of `GET {docs-service}/api/v1/order/active/{bin}`: the tariff body, or the error to answer. */
export type ActiveTariffAnswer =
  | { ok: true; tariff: ActiveTariff }
  | { ok: false; code: 'FREE_TARIFF_ALREADY_USED' };

/**
 * What the active-tariff call answers for a company at `now`, so that `tariffStateFromResponse` (or
 * `tariffStateFromError`) derives the same decision as {@link sendDecision}:
 * - a current paid period: `by_date`, `tariff.endDate` the period's end, `endDate` the end of the paid run ahead;
 * - free documents left: `by_count` (`maxNumOfDocs` 3, `docCount` the free documents sent);
 * - paid before, all periods over: `by_date` with the last end date (expired);
 * - never paid and the free documents spent: the error 'Free tariff already used'.
 */
export function activeTariffAnswer(facts: CompanyTariffFacts, now: Date): ActiveTariffAnswer {
  const period = currentPeriod(facts.periods, now);
  if (period) {
    return {
      ok: true,
      tariff: {
        tariff: { maxNumOfDocs: 0, endDate: formatTariffDate(period.endsAt) },
        endDate: formatTariffDate(runEnd(period, facts.periods)),
        docCount: facts.periodDocCount,
      },
    };
  }
  if (facts.freeUsed < FREE_DOCUMENTS) {
    return {
      ok: true,
      tariff: {
        tariff: { maxNumOfDocs: FREE_DOCUMENTS, endDate: null },
        endDate: null,
        docCount: facts.freeUsed,
      },
    };
  }
  const last = [...facts.periods].sort((a, b) => b.endsAt.getTime() - a.endsAt.getTime())[0];
  if (!last) return { ok: false, code: 'FREE_TARIFF_ALREADY_USED' };
  const endDate = formatTariffDate(last.endsAt);
  return {
    ok: true,
    tariff: { tariff: { maxNumOfDocs: 0, endDate }, endDate, docCount: facts.periodDocCount },
  };
}
