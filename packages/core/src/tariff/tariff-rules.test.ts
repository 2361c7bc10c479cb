import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_PRICES, savingPercent, tariffPlans, tariffPlansSchema } from './plans';
import {
  activeTariffAnswer,
  addPlanMonths,
  type CompanyTariffFacts,
  formatTariffDate,
  isTariffRefusal,
  paidPlanStart,
  sendDecision,
} from './tariff-rules';
import { parseTariffDate, tariffStateFromError, tariffStateFromResponse } from './tariff-state';

const NOW = new Date('2026-11-22T12:00:00Z'); // 17:00 in Almaty
const at = (iso: string) => new Date(iso);
const period = (startsAt: string, endsAt: string) => ({ startsAt: at(startsAt), endsAt: at(endsAt) });

describe('the plan catalogue', () => {
  it('free (3 documents, by_count), then monthly and yearly (by_date) in tenge, the yearly saving 17 %', () => {
    const catalogue = tariffPlans();
    expect(tariffPlansSchema.parse(catalogue)).toEqual(catalogue);
    expect(catalogue.plans).toEqual([
      { id: 'free', type: 'by_count', maxNumOfDocs: 3, priceTenge: 0 },
      {
        id: 'monthly',
        type: 'by_date',
        months: 1,
        priceTenge: DEFAULT_PLAN_PRICES.monthly,
        savingPercent: 0,
      },
      {
        id: 'yearly',
        type: 'by_date',
        months: 12,
        priceTenge: DEFAULT_PLAN_PRICES.yearly,
        savingPercent: 17,
      },
    ]);
  });

  it('the saving follows configured prices', () => {
    expect(tariffPlans({ monthly: 10_000, yearly: 90_000 }).plans[2]).toMatchObject({ savingPercent: 25 });
    expect(savingPercent(1_000, 13_000, 12)).toBe(0);
    expect(savingPercent(0, 0, 12)).toBe(0);
  });
});

describe('tariff dates', () => {
  it('formats in Almaty time, the inverse of parseTariffDate', () => {
    expect(formatTariffDate(at('2026-12-31T19:00:00Z'))).toBe('01.01.2027 00:00:00');
    const instant = at('2026-11-22T12:34:56Z');
    expect(parseTariffDate(formatTariffDate(instant))?.toISOString()).toBe(instant.toISOString());
  });

  it('adds calendar months in Almaty time, clamping to the last day of a shorter month', () => {
    expect(addPlanMonths(at('2026-11-22T12:00:00Z'), 1).toISOString()).toBe('2026-12-22T12:00:00.000Z');
    // 31 January 10:00 in Almaty -> 28 February.
    expect(formatTariffDate(addPlanMonths(at('2027-01-31T05:00:00Z'), 1))).toBe('28.02.2027 10:00:00');
    // 31 December 23:30 in Almaty (still 18:30 UTC that day) + 12 months.
    expect(formatTariffDate(addPlanMonths(at('2026-12-31T18:30:00Z'), 12))).toBe('31.12.2027 23:30:00');
  });
});

describe('paidPlanStart', () => {
  it('starts at once without a paid period running', () => {
    expect(paidPlanStart([], NOW)).toEqual(NOW);
    expect(paidPlanStart([period('2026-01-01T00:00:00Z', '2026-02-01T00:00:00Z')], NOW)).toEqual(NOW);
  });

  it('starts when the last paid period ends: no paid day lost', () => {
    const periods = [
      period('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z'),
      period('2026-12-01T00:00:00Z', '2027-01-01T00:00:00Z'),
    ];
    expect(paidPlanStart(periods, NOW).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

const facts = (overrides: Partial<CompanyTariffFacts>): CompanyTariffFacts => ({
  freeUsed: 0,
  periods: [],
  periodDocCount: 0,
  ...overrides,
});

describe('sendDecision and activeTariffAnswer agree with the client-side state', () => {
  const clientState = (f: CompanyTariffFacts) => {
    const answer = activeTariffAnswer(f, NOW);
    return answer.ok
      ? tariffStateFromResponse(answer.tariff, NOW)
      : tariffStateFromError('Free tariff already used');
  };

  it('free documents left: counts against the free plan; by_count, active', () => {
    const f = facts({ freeUsed: 2 });
    expect(sendDecision(f, NOW)).toEqual({ allowed: true, countsAgainst: 'free' });
    expect(activeTariffAnswer(f, NOW)).toEqual({
      ok: true,
      tariff: { tariff: { maxNumOfDocs: 3, endDate: null }, endDate: null, docCount: 2 },
    });
    expect(clientState(f)).toEqual({ active: true, type: 'by_count' });
  });

  it('free documents spent, never paid: FREE_TARIFF_ALREADY_USED; the call fails, by_count inactive', () => {
    const f = facts({ freeUsed: 3 });
    expect(sendDecision(f, NOW)).toEqual({ allowed: false, code: 'FREE_TARIFF_ALREADY_USED' });
    expect(activeTariffAnswer(f, NOW)).toEqual({ ok: false, code: 'FREE_TARIFF_ALREADY_USED' });
    expect(clientState(f)).toEqual({ active: false, type: 'by_count' });
  });

  it('a current paid period: counts against it; by_date, active until the end of the run paid ahead', () => {
    const current = period('2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z');
    const ahead = period('2026-12-01T00:00:00Z', '2027-12-01T00:00:00Z');
    const f = facts({ freeUsed: 3, periods: [ahead, current], periodDocCount: 40 });
    expect(sendDecision(f, NOW)).toEqual({ allowed: true, countsAgainst: 'paid', period: current });
    expect(activeTariffAnswer(f, NOW)).toEqual({
      ok: true,
      tariff: {
        tariff: { maxNumOfDocs: 0, endDate: '01.12.2026 05:00:00' },
        endDate: '01.12.2027 05:00:00',
        docCount: 40,
      },
    });
    expect(clientState(f)).toEqual({ active: true, type: 'by_date' });
  });

  it('paid before, every period over: TARIFF_EXPIRED; by_date, inactive', () => {
    const f = facts({ freeUsed: 3, periods: [period('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z')] });
    expect(sendDecision(f, NOW)).toEqual({ allowed: false, code: 'TARIFF_EXPIRED' });
    expect(activeTariffAnswer(f, NOW)).toMatchObject({
      ok: true,
      tariff: { endDate: '01.11.2026 05:00:00' },
    });
    expect(clientState(f)).toEqual({ active: false, type: 'by_date' });
  });

  it('isTariffRefusal: the codes a refused send answers, and no other', () => {
    const refused = [
      facts({ freeUsed: 3 }),
      facts({ freeUsed: 3, periods: [period('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z')] }),
    ]
      .map((f) => sendDecision(f, NOW))
      .map((decision) => (decision.allowed ? undefined : decision.code));
    expect(refused.every(isTariffRefusal)).toBe(true);
    for (const other of ['ENTITY_NOT_FOUND', 'FORBIDDEN', undefined, 402])
      expect(isTariffRefusal(other)).toBe(false);
  });

  it('a period ends exactly now: over (the end is exclusive)', () => {
    const f = facts({ freeUsed: 3, periods: [{ startsAt: at('2026-10-22T12:00:00Z'), endsAt: NOW }] });
    expect(sendDecision(f, NOW)).toEqual({ allowed: false, code: 'TARIFF_EXPIRED' });
    expect(clientState(f)).toEqual({ active: false, type: 'by_date' });
  });

  it('free documents left after a paid period ended are still the free plan', () => {
    const f = facts({ freeUsed: 1, periods: [period('2026-10-01T00:00:00Z', '2026-11-01T00:00:00Z')] });
    expect(sendDecision(f, NOW)).toEqual({ allowed: true, countsAgainst: 'free' });
    expect(clientState(f)).toEqual({ active: true, type: 'by_count' });
  });
});
