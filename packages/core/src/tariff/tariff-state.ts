import { z } from 'zod';
import { errorCatalogue } from '../errors/catalogue';

/** Tariff types: `loading` until the first answer, then counted documents or a date range. */
export const TARIFF_TYPES = ['loading', 'by_count', 'by_date'] as const;

/** See {@link TARIFF_TYPES}. */
export type TariffType = (typeof TARIFF_TYPES)[number];

/** What the interface needs to know about the company's tariff (SPEC section 4). */
export interface TariffState {
  active: boolean;
  type: TariffType;
}

/** The state before the first tariff answer arrives. */
export const TARIFF_LOADING: TariffState = Object.freeze({ active: false, type: 'loading' });

const tariffDateSchema = z
  .string()
  .nullable()
  .optional()
  .meta({ description: 'dd.MM.yyyy HH:mm:ss, Asia/Almaty time', examples: ['31.12.2026 23:59:59'] });

/** The active tariff response, `GET {docs-service}/api/v1/order/active/{bin}` (SPEC section 3). */
export const activeTariffSchema = z.object({
  tariff: z.object({
    maxNumOfDocs: z.number().int().min(0),
    endDate: tariffDateSchema,
  }),
  endDate: tariffDateSchema,
  docCount: z.number().int().min(0),
});

/** See {@link activeTariffSchema}. */
export type ActiveTariff = z.infer<typeof activeTariffSchema>;

/** Asia/Almaty is UTC+5 since 1 March 2024 (UTC+6 before); tariff end dates lie after that, so a fixed offset suffices. */
const ALMATY_OFFSET_HOURS = 5;

/**
 * Parses a tariff date "dd.MM.yyyy HH:mm:ss" given in Asia/Almaty time (UTC+5) to an instant;
 * `undefined` for any other format or a date that does not exist.
 *
 * @example parseTariffDate('01.01.2027 00:00:00')?.toISOString() // '2026-12-31T19:00:00.000Z'
 */
export function parseTariffDate(s: string): Date | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(s.trim());
  if (!match) return undefined;
  const [day, month, year, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const local = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (local.getUTCFullYear() !== year || local.getUTCMonth() !== month - 1 || local.getUTCDate() !== day) {
    return undefined;
  }
  return new Date(local.getTime() - ALMATY_OFFSET_HOURS * 3_600_000);
}

/**
 * The tariff state of an active tariff response at time `now` (SPEC section 4):
 * - `maxNumOfDocs` non-zero: `by_count`, active while `maxNumOfDocs - docCount > 0`;
 * - `maxNumOfDocs` zero: `by_date`, active while the end date is after `now`; no end date, or one
 *   that does not parse, means inactive.
 *
 * Which end date counts: the top-level `endDate` (the order's, what the server sends for the
 * company now), falling back to `tariff.endDate` (the plan's) when the top-level one is absent.
 */
export function tariffStateFromResponse(res: ActiveTariff, now: Date): TariffState {
  const { maxNumOfDocs, endDate: planEndDate } = res.tariff;
  if (maxNumOfDocs !== 0) return { active: maxNumOfDocs - res.docCount > 0, type: 'by_count' };
  const endDateText = res.endDate ?? planEndDate;
  const endDate = endDateText ? parseTariffDate(endDateText) : undefined;
  return { active: endDate !== undefined && endDate.getTime() > now.getTime(), type: 'by_date' };
}

/**
 * The tariff state when the tariff call failed: always inactive; `by_count` when the English
 * error message is 'Free tariff already used' (the free documents are spent), else `by_date`.
 */
export function tariffStateFromError(englishMessage: string | undefined): TariffState {
  const freeUsed = englishMessage?.trim() === errorCatalogue.FREE_TARIFF_ALREADY_USED.en;
  return { active: false, type: freeUsed ? 'by_count' : 'by_date' };
}
