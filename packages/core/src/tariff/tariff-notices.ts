import { currentPeriod, formatTariffDate, type TariffPeriod } from './tariff-rules';

/** Days before a paid tariff's end that its company is told "your plan ends soon" (a default; configurable). */
export const TARIFF_ENDING_NOTICE_DAYS = 3;

/** How long after a paid tariff ended its company may still be told so (a job that was down catches up). */
export const TARIFF_ENDED_NOTICE_DAYS = 7;

const DAY_MS = 24 * 3_600_000;

/** What a company is to be told about its paid tariff now: it ends soon, or it ended (`end` names the period). */
export type TariffNotice = { kind: 'ending'; end: Date; daysLeft: number } | { kind: 'ended'; end: Date };

/**
 * The end of the paid run covering `now` (back-to-back periods bought ahead extend it), or of the last run when
 * none covers `now`; undefined without periods.
 */
export function paidRunEnd(periods: readonly TariffPeriod[], now: Date): Date | undefined {
  const sorted = [...periods].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const first = currentPeriod(sorted, now);
  if (!first) {
    const ended = sorted.filter((period) => period.endsAt.getTime() <= now.getTime());
    const last = Math.max(...ended.map((period) => period.endsAt.getTime()));
    return Number.isFinite(last) ? new Date(last) : undefined;
  }
  let end = first.endsAt.getTime();
  for (const period of sorted) {
    if (period.startsAt.getTime() <= end) end = Math.max(end, period.endsAt.getTime());
  }
  return new Date(end);
}

/**
 * What to tell a company of its paid tariff at `now` (the billing job asks once a day or more often; the caller
 * remembers what it told per `kind` and `end`, so each is told once):
 * - the paid run covering `now` ends within `noticeDays` (a plan bought ahead extends the run: no notice then):
 *   `ending` with the whole days left, rounded up;
 * - no period covers `now`, a plan bought ahead waits for nothing, and the last one ended less than
 *   {@link TARIFF_ENDED_NOTICE_DAYS} ago: `ended`;
 * - otherwise nothing. The free plan's limit is told by the send that reaches it, not here.
 *
 * @example tariffNotice([{ startsAt, endsAt: new Date('2026-12-01T00:00:00Z') }], new Date('2026-11-29T12:00:00Z'))
 * // { kind: 'ending', end: 2026-12-01T00:00:00Z, daysLeft: 2 }
 */
export function tariffNotice(
  periods: readonly TariffPeriod[],
  now: Date,
  noticeDays: number = TARIFF_ENDING_NOTICE_DAYS,
): TariffNotice | undefined {
  const end = paidRunEnd(periods, now);
  if (!end) return undefined;
  const left = end.getTime() - now.getTime();
  if (currentPeriod(periods, now)) {
    return left <= noticeDays * DAY_MS
      ? { kind: 'ending', end, daysLeft: Math.ceil(left / DAY_MS) }
      : undefined;
  }
  // A period bought ahead that has not started yet (a gap): not "ended", sending resumes on its start.
  if (periods.some((period) => period.startsAt.getTime() > now.getTime())) return undefined;
  return -left < TARIFF_ENDED_NOTICE_DAYS * DAY_MS ? { kind: 'ended', end } : undefined;
}

/**
 * The detail a tariff notification shows: the end as "dd.MM.yyyy" in Almaty time (the same in every language).
 *
 * @example tariffNoticeDate(new Date('2026-12-01T00:00:00Z')) // '01.12.2026'
 */
export function tariffNoticeDate(end: Date): string {
  return formatTariffDate(end).slice(0, 10);
}

/**
 * The detail a payment notification shows: the invoice number (when the payment named one) and the amount in tenge,
 * digits grouped by a no-break space (the same in every language).
 *
 * @example paymentNoticeDetail('12', 21500) // '№ 12, 21 500 ₸'
 */
export function paymentNoticeDetail(invoiceNumber: string | null, amountTenge: number): string {
  const [whole = '0', fraction] = amountTenge.toFixed(2).replace(/\.00$/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  const amount = `${fraction ? `${grouped},${fraction}` : grouped}\u00a0₸`;
  return invoiceNumber ? `№\u00a0${invoiceNumber}, ${amount}` : amount;
}
