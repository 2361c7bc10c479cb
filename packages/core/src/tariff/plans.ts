import { z } from 'zod';
import { FREE_DOCUMENTS } from '../limits';

/** The plans (SPEC sections 3 and 9): 3 free sent documents, then a monthly or a yearly plan. */
export const PLAN_IDS = ['free', 'monthly', 'yearly'] as const;

/** See {@link PLAN_IDS}. */
export type PlanId = (typeof PLAN_IDS)[number];

/** The plans a company can buy (the free plan is given once, never sold). */
export const PAID_PLAN_IDS = ['monthly', 'yearly'] as const;

/** See {@link PAID_PLAN_IDS}. */
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** Default prices in tenge; a deployment configures its own. At these the yearly plan saves 17 %. */
export const DEFAULT_PLAN_PRICES: Readonly<Record<PaidPlanId, number>> = Object.freeze({
  monthly: 5_000,
  yearly: 50_000,
});

/** How long each paid plan lasts, in calendar months. */
export const PLAN_MONTHS: Readonly<Record<PaidPlanId, number>> = Object.freeze({ monthly: 1, yearly: 12 });

const priceSchema = z.number().int().min(0).meta({ description: 'Price in tenge (whole tenge).' });

/** One plan of the catalogue, as `/tariffs` shows it. */
export const tariffPlanSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.literal('free'),
    type: z.literal('by_count'),
    maxNumOfDocs: z.number().int().positive(),
    priceTenge: z.literal(0),
  }),
  z.object({
    id: z.enum(PAID_PLAN_IDS),
    type: z.literal('by_date'),
    months: z.number().int().positive(),
    priceTenge: priceSchema,
    /** Percent saved against paying monthly for as long (the yearly plan), rounded; 0 for the monthly plan. */
    savingPercent: z.number().int().min(0).max(100),
  }),
]);

/** See {@link tariffPlanSchema}. */
export type TariffPlan = z.infer<typeof tariffPlanSchema>;

/** The plan catalogue, free first (ours: `GET .../order/plans`). */
export const tariffPlansSchema = z.object({ currency: z.literal('KZT'), plans: z.array(tariffPlanSchema) });

/** See {@link tariffPlansSchema}. */
export type TariffPlans = z.infer<typeof tariffPlansSchema>;

/**
 * Percent a plan of `months` months at `price` saves against the monthly price over the same months, rounded
 * (0 when it saves nothing).
 *
 * @example savingPercent(5_000, 50_000, 12) // 17
 */
export function savingPercent(monthlyPrice: number, price: number, months: number): number {
  const full = monthlyPrice * months;
  if (full <= 0) return 0;
  return Math.max(0, Math.round((1 - price / full) * 100));
}

/** The catalogue at `prices` (tenge): free, monthly, yearly with its saving. */
export function tariffPlans(prices: Readonly<Record<PaidPlanId, number>> = DEFAULT_PLAN_PRICES): TariffPlans {
  return {
    currency: 'KZT',
    plans: [
      { id: 'free', type: 'by_count', maxNumOfDocs: FREE_DOCUMENTS, priceTenge: 0 },
      ...PAID_PLAN_IDS.map((id) => ({
        id,
        type: 'by_date' as const,
        months: PLAN_MONTHS[id],
        priceTenge: prices[id],
        savingPercent: savingPercent(prices.monthly, prices[id], PLAN_MONTHS[id]),
      })),
    ],
  };
}
